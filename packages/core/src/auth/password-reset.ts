import { createHash, randomBytes } from "node:crypto";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";
import { assertNotPreviouslyUsed, storeNewPassword } from "./set-password.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Emails a single-use reset link. The answer is the same whether or not the address is known, so
 * the endpoint cannot be used to find out who has an account.
 */
export async function requestPasswordReset(
  actor: AnonymousActor,
  input: { email: string },
  deps: CoreDeps,
): Promise<void> {
  const user = await deps.db.user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
  if (!user) return;
  const secret = randomBytes(32).toString("base64url");
  const ttl = deps.config.PASSWORD_RESET_TTL_MINUTES;
  await deps.db.$transaction(async (tx) => {
    const request = await tx.passwordResetRequest.create({
      data: { userId: user.id, tokenHash: sha256(secret), expiresAt: new Date(Date.now() + ttl * 60_000) },
    });
    const link = `${deps.config.publicUrl}/create-password?request=${request.id}&token=${secret}`;
    await enqueueOutbox(
      tx,
      "email.send",
      {
        organizationId: user.homeOrganizationId,
        to: user.email,
        template: "password-reset",
        data: { givenName: user.givenName, link, expiresInMinutes: ttl },
      },
      `password-reset:${request.id}`,
    );
    await appendAuditEvent(tx, actor, {
      organizationId: user.homeOrganizationId,
      streamType: "user",
      streamId: user.id,
      type: "password-reset.requested",
      data: { requestId: request.id },
    });
  });
}

async function findUsableRequest(id: string, token: string, deps: CoreDeps) {
  const request = await deps.db.passwordResetRequest.findUnique({ where: { id }, include: { user: true } });
  const valid =
    request &&
    !request.usedAt &&
    request.expiresAt > new Date() &&
    request.tokenHash.length === 64 &&
    request.tokenHash === sha256(token);
  if (!valid) throw new AppError("LINK_EXPIRED");
  return request;
}

export async function lookupPasswordReset(input: { id: string; token: string }, deps: CoreDeps) {
  const request = await findUsableRequest(input.id, input.token, deps);
  return { email: request.user.email, expiresAt: request.expiresAt.toISOString() };
}

/** Sets the password from a reset link; the link is spent and every open session ends. */
export async function completePasswordReset(
  actor: AnonymousActor,
  input: { id: string; token: string; password: string },
  deps: CoreDeps,
): Promise<void> {
  const request = await findUsableRequest(input.id, input.token, deps);
  await assertNotPreviouslyUsed(request.userId, input.password, deps);
  await deps.db.$transaction(async (tx) => {
    // conditional update: two concurrent submissions of one link cannot both succeed
    const spent = await tx.passwordResetRequest.updateMany({
      where: { id: request.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) throw new AppError("LINK_EXPIRED");
    await storeNewPassword(tx, request.userId, input.password, deps);
    await appendAuditEvent(tx, actor, {
      organizationId: request.user.homeOrganizationId,
      streamType: "user",
      streamId: request.userId,
      type: "password-reset.completed",
      data: { requestId: request.id },
    });
  });
}
