import { IDENTITY_MESSAGES } from "@signet/contract";
import type { UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * The account's own credentials (password, second factors, recovery codes) change only in a
 * session that proved the account itself. An organization's identity provider vouches for the
 * person in that organization only: were its session enough, whoever runs the provider could put
 * their own second factor on the person's one account and hold the keys to every organization.
 */
export async function requireOwnSignIn(actor: UserActor, change: string, deps: CoreDeps): Promise<void> {
  if (!actor.identityProviderId) return;
  await deps.db.$transaction((tx) =>
    appendAuditEvent(tx, actor, {
      organizationId: actor.organizationId,
      streamType: "user",
      streamId: actor.userId,
      type: "account.own-sign-in-required",
      data: { change, providerId: actor.identityProviderId },
    }),
  );
  throw new AppError("FORBIDDEN", IDENTITY_MESSAGES.ownSignInRequired);
}
