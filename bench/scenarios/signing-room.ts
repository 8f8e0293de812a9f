import { applyMigrations, createPrismaClient } from "@signet/core";
import { assertSameShape } from "../lib/assert-same-shape.ts";
import type { BenchOptions } from "../lib/bench-options.ts";
import { ratioAtLeast } from "../lib/goals.ts";
import type { Target } from "../lib/measurement.ts";
import { recreateDatabase } from "../lib/recreate-database.ts";
import { seedAccessOrganization } from "../lib/seed-access-organization.ts";
import { seedSigningRoom } from "../lib/seed-signing-room.ts";
import { startBenchServers, withServerPids } from "../lib/start-bench-servers.ts";
import type { PreparedScenario, Scenario } from "./scenario.ts";

const DATABASE_NAME = "signet_bench_signing_room";
const SESSION_COOKIE = "signet_sr_session";

async function roomOf(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { stage?: string; tags?: unknown[]; rules?: unknown[] };
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { stage: body.stage, tags: body.tags?.length ?? 0, rules: body.rules?.length ?? 0 };
}

export const signingRoomScenario: Scenario = {
  name: "signing-room",
  description:
    "The participant's hot path: GET /api/v1/signing/room on the signing listener with a real session " +
    "cookie, in the SIGN stage (one sent package, a 4-page uploaded PDF, the borrower's 20 tags — 8 filled — " +
    "and 4 conditional rules, signature and initials adopted), against bare Fastify + pg reading the session and " +
    "the whole room in one hand-written statement (bench/lib/baselines/signing-room.ts) and answering the same JSON.",

  async setup(options: BenchOptions): Promise<PreparedScenario> {
    const databaseUrl = await recreateDatabase(options.serverUrl, DATABASE_NAME);
    await applyMigrations(databaseUrl);
    const seedDb = createPrismaClient(databaseUrl, { max: 2 });
    const organization = await seedAccessOrganization(seedDb, 10).finally(() => seedDb.$disconnect());
    const servers = await startBenchServers(databaseUrl, options);
    try {
      // through the API process's own core: the session's secret is hashed with its keys, the blob in its storage
      const seeded = await seedSigningRoom(servers.deps, organization.organizationId, organization.benchUser.email);
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(seeded.secret)}`;
      const roomUrl = `${servers.signingUrl}/api/v1/signing/room`;
      const baselineUrl = `${servers.baselineUrl}/baseline/signing/room`;
      // both must show the same room, or the ratio compares different work
      const [api, baseline] = [await roomOf(roomUrl, cookie), await roomOf(baselineUrl, cookie)];
      if (JSON.stringify(api) !== JSON.stringify(baseline) || api.stage !== "SIGN") {
        throw new Error(`The room differs: api ${JSON.stringify(api)}, baseline ${JSON.stringify(baseline)}`);
      }
      const targets: Target[] = [
        { name: "signing room: room (SIGN stage)", url: roomUrl, headers: { cookie }, goal: ratioAtLeast(0.8) },
        { name: "baseline: room, one statement", url: baselineUrl, headers: { cookie }, baseline: true },
      ];
      await assertSameShape(targets[0]!, targets[1]!);
      return { targets: withServerPids(servers, targets), close: servers.close };
    } catch (error) {
      await servers.close();
      throw error;
    }
  },
};
