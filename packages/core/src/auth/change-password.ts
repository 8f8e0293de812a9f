import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { type IssuedToken, issueToken } from "./issue-token.ts";
import { verifyPassword } from "./password-hasher.ts";
import { requireOwnSignIn } from "./require-own-sign-in.ts";
import { assertNotPreviouslyUsed, storeNewPassword } from "./set-password.ts";

/** Also the way out of expired credentials: the answer is a fresh token with current credentials. */
export async function changePassword(
  actor: UserActor,
  input: { currentPassword: string; newPassword: string },
  deps: CoreDeps,
): Promise<IssuedToken> {
  await requireOwnSignIn(actor, "password", deps);
  const credential = await deps.db.credential.findUnique({ where: { userId: actor.userId } });
  if (!credential || !(await verifyPassword(credential.passwordHash, input.currentPassword))) {
    throw new AppError("WRONG_CURRENT_PASSWORD");
  }
  await assertNotPreviouslyUsed(actor.userId, input.newPassword, deps);
  await deps.db.$transaction(async (tx) => {
    await storeNewPassword(tx, actor.userId, input.newPassword, deps);
    await appendAuditEvent(tx, actor, {
      organizationId: actor.organizationId,
      streamType: "user",
      streamId: actor.userId,
      type: "password.changed",
    });
  });
  return issueToken(
    { userId: actor.userId, organizationId: actor.organizationId, credentialsExpired: false, origin: actor },
    deps,
  );
}
