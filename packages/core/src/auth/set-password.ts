import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { hashPassword, verifyPassword } from "./password-hasher.ts";

/** Refuses a password the user has had before (the last PASSWORD_HISTORY_DEPTH ones, current included). */
export async function assertNotPreviouslyUsed(userId: string, password: string, deps: CoreDeps): Promise<void> {
  const history = await deps.db.passwordHistory.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: deps.config.PASSWORD_HISTORY_DEPTH,
    select: { passwordHash: true },
  });
  for (const entry of history) {
    if (await verifyPassword(entry.passwordHash, password)) throw new AppError("PASSWORD_PREVIOUSLY_USED");
  }
}

/**
 * Stores a new password: credential, history entry, fresh expiry, lock cleared. Every other session
 * of the user is revoked — a password change is how people shut out someone who knew the old one.
 */
export async function storeNewPassword(
  tx: Prisma.TransactionClient,
  userId: string,
  password: string,
  deps: CoreDeps,
  keepTokenId?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const maxAgeDays = deps.config.PASSWORD_MAX_AGE_DAYS;
  const expiresAt = maxAgeDays > 0 ? new Date(Date.now() + maxAgeDays * 86_400_000) : null;
  await tx.credential.upsert({
    where: { userId },
    create: { userId, passwordHash, expiresAt },
    update: {
      passwordHash,
      passwordChangedAt: new Date(),
      expiresAt,
      failedAttempts: 0,
      lockedUntil: null,
      version: { increment: 1 },
    },
  });
  await tx.passwordHistory.create({ data: { userId, passwordHash } });
  await tx.activeToken.updateMany({
    where: { userId, revokedAt: null, ...(keepTokenId ? { id: { not: keepTokenId } } : {}) },
    data: { revokedAt: new Date(), revokedReason: "password-changed" },
  });
}
