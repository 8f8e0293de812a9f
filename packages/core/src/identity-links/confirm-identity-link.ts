import { IDENTITY_MESSAGES, type IdentityLink, type IdentityLinkRequestLookup } from "@signet/contract";
import type { AnonymousActor, UserActor } from "../actor.ts";
import { requireOwnSignIn } from "../auth/require-own-sign-in.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { hashInvitationSecret, sameHash } from "../invitations/invitation-secrets.ts";
import { linkAccount } from "./link-account.ts";
import { presentIdentityLink } from "./list-my-identity-links.ts";

const requestNotFound = () => new AppError("NOT_FOUND", IDENTITY_MESSAGES.linkRequestNotFound);

type Holder = { actor: AnonymousActor; token: string } | { actor: UserActor };

/**
 * A link request while it is unused and not expired, held either by the emailed link's secret or
 * by the account it names, signed in on its own (a password sign-in, with the second factor when
 * the account has one; never a provider's session). Anything else is one 404.
 */
async function findUsableRequest(requestId: string, holder: Holder, deps: CoreDeps) {
  const request = await deps.db.identityLinkRequest.findUnique({
    where: { id: requestId },
    include: { user: { select: { email: true } } },
  });
  const held =
    "token" in holder
      ? sameHash(request?.tokenHash ?? null, hashInvitationSecret(holder.token))
      : request?.userId === holder.actor.userId;
  if (!request || !held) throw requestNotFound();
  if (request.usedAt || request.expiresAt <= new Date()) throw requestNotFound();
  return request;
}

/** What the confirmation page shows before the person confirms. */
export async function lookupIdentityLinkRequest(
  holder: Holder,
  input: { requestId: string },
  deps: CoreDeps,
): Promise<IdentityLinkRequestLookup> {
  if (!("token" in holder)) await requireOwnSignIn(holder.actor, "identity link", deps);
  const request = await findUsableRequest(input.requestId, holder, deps);
  const organization = await deps.db.organization.findUnique({
    where: { id: request.organizationId },
    select: { name: true },
  });
  return {
    email: request.user.email,
    providerName: request.providerName,
    organizationName: organization?.name ?? "",
    expiresAt: request.expiresAt.toISOString(),
  };
}

/**
 * The person proved control of the account (opened the link emailed to its address, or signed in
 * with their own password and second factor), so the provider's subject is linked to it and signs
 * it in from now on (in that provider's organization only). Single use; a subject linked meanwhile
 * to someone else is refused.
 */
export async function confirmIdentityLinkRequest(
  holder: Holder,
  input: { requestId: string },
  deps: CoreDeps,
): Promise<IdentityLink> {
  if (!("token" in holder)) await requireOwnSignIn(holder.actor, "identity link", deps);
  const request = await findUsableRequest(input.requestId, holder, deps);
  const { actor } = holder;
  const providerKind = request.providerKind === "saml" ? "saml" : "oidc";
  try {
    const link = await deps.db.$transaction(async (tx) => {
      const used = await tx.identityLinkRequest.updateMany({
        where: { id: request.id, usedAt: null },
        data: { usedAt: new Date() },
      });
      if (used.count !== 1) throw requestNotFound();
      return linkAccount(tx, actor, {
        userId: request.userId,
        organizationId: request.organizationId,
        providerKind,
        providerId: request.providerId,
        providerName: request.providerName,
        subject: request.subject,
        linkedBy: "token" in holder ? "email" : "password",
      });
    });
    return presentIdentityLink(link, request.providerName);
  } catch (error) {
    // the subject, or this account at this provider, was linked meanwhile
    if (isUniqueViolation(error)) throw new AppError("ALREADY_EXISTS", IDENTITY_MESSAGES.linkedToOtherIdentity);
    throw error;
  }
}
