import { applyMigrations, createPrismaClient } from "@signet/core";
import type { BenchOptions } from "./bench-options.ts";
import { recreateDatabase } from "./recreate-database.ts";
import { type SeededOrganization, seedAccessOrganization } from "./seed-access-organization.ts";
import { type ApiChild, startApiChild } from "./start-api-child.ts";

export interface ApiOrganization {
  databaseUrl: string;
  seeded: SeededOrganization;
  benchUserId: string;
  /** the bench user's stored password hash (argon2id with the product's parameters) */
  passwordHash: string;
  api: ApiChild;
}

/** A fresh database with the access organization, and the real API on it in a process of its own. */
export async function prepareApiOrganization(
  options: BenchOptions,
  databaseName: string,
  apiEnv: Record<string, string> = {},
): Promise<ApiOrganization> {
  const databaseUrl = await recreateDatabase(options.serverUrl, databaseName);
  await applyMigrations(databaseUrl);
  const db = createPrismaClient(databaseUrl, { max: 2 });
  const { seeded, user } = await (async () => {
    const seeded = await seedAccessOrganization(db, 10);
    const user = await db.user.findFirstOrThrow({
      where: { email: seeded.benchUser.email },
      select: { id: true, credential: { select: { passwordHash: true } } },
    });
    return { seeded, user };
  })().finally(() => db.$disconnect());
  const passwordHash = user.credential?.passwordHash;
  if (!passwordHash) throw new Error("The bench user has no password");
  const api = await startApiChild(databaseUrl, options, apiEnv);
  return { databaseUrl, seeded, benchUserId: user.id, passwordHash, api };
}
