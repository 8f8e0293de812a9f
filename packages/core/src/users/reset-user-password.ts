import { USER_MESSAGES } from "@signet/contract";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { requestPasswordReset } from "../auth/password-reset.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * MANAGE_USERS: emails a user of this organization the same single-use reset link as 'Forgot
 * password'. The link goes to the user's own address, so the administrator never learns a password.
 */
export async function resetUserPassword(
  actor: Actor,
  input: { organizationId: string; userId: string },
  deps: CoreDeps,
): Promise<void> {
  await requirePermission(actor, input.organizationId, "MANAGE_USERS", deps);
  const membership = await deps.db.membership.findUnique({
    where: { userId_organizationId: { userId: input.userId, organizationId: input.organizationId } },
    include: { user: { select: { email: true } } },
  });
  if (!membership) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  await requestPasswordReset({ kind: "anonymous", ip: actor.ip, userAgent: actor.userAgent }, membership.user, deps);
  await deps.db.$transaction((tx) =>
    appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "user",
      streamId: input.userId,
      type: "user.password-reset-sent",
    }),
  );
}
