import { createHash, randomUUID } from "node:crypto";
import { IDENTITY_LINK_REQUEST_MINUTES } from "@signet/contract";
import type { AnonymousActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { newInvitationSecret } from "../invitations/invitation-secrets.ts";
import { enqueueOutbox } from "../jobs/enqueue-outbox.ts";

export type ProviderKind = "oidc" | "saml";

export interface FederatedIdentity {
  providerKind: ProviderKind;
  providerId: string;
  providerName: string;
  /** the organization the sign-in is for */
  organizationId: string;
  /** the provider's stable name for the person: the OIDC `sub`, the SAML NameID */
  subject: string;
  /** the address the provider asserts (lower-cased) */
  email: string;
}

export type FederatedAccount =
  | { kind: "linked"; userId: string }
  /** nobody has this address: just-in-time creation may make a new account */
  | { kind: "unknown" }
  | {
      kind: "refused";
      reason: "not-a-member" | "not-linked" | "linked-to-other-identity";
      userId: string;
      /** not-linked: the link request the person may confirm (emailed link, or signed in with their password) */
      requestId?: string;
    };

/** Link emails per account and provider in one request lifetime: an attacker's retries do not flood a mailbox. */
const MAX_REQUESTS_PER_WINDOW = 3;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Who a provider's sign-in is (issue 30 §1). Only an account linked to the subject the provider
 * asserts: an email address alone never opens an existing account, since whoever runs the
 * provider can assert any address. An existing member's address without a link gets an email at
 * the account's own address whose link, once opened, proves the person controls the account and
 * links it (or the person signs in with their own password, and second factor when they have one,
 * and confirms there); the sign-in itself is refused meanwhile.
 */
export async function findFederatedAccount(
  actor: AnonymousActor,
  identity: FederatedIdentity,
  deps: CoreDeps,
): Promise<FederatedAccount> {
  const { db } = deps;
  const link = await db.identityLink.findUnique({
    where: { providerId_subject: { providerId: identity.providerId, subject: identity.subject } },
    select: { userId: true },
  });
  if (link) return { kind: "linked", userId: link.userId };

  const user = await db.user.findUnique({
    where: { email: identity.email },
    select: {
      id: true,
      givenName: true,
      homeOrganizationId: true,
      apiUser: { select: { userId: true } },
      memberships: { where: { organizationId: identity.organizationId }, select: { id: true } },
      identityLinks: { where: { providerId: identity.providerId }, select: { id: true } },
    },
  });
  if (!user) return { kind: "unknown" };
  // someone the organization does not have gets the same answer as before links existed, and no
  // email: a provider cannot make Signet mail strangers
  if (user.apiUser || user.memberships.length === 0)
    return { kind: "refused", reason: "not-a-member", userId: user.id };
  if (user.identityLinks.length > 0) {
    return { kind: "refused", reason: "linked-to-other-identity", userId: user.id };
  }

  const now = new Date();
  const recent = await db.identityLinkRequest.count({
    where: {
      userId: user.id,
      providerId: identity.providerId,
      createdAt: { gt: new Date(now.getTime() - IDENTITY_LINK_REQUEST_MINUTES * 60_000) },
    },
  });
  if (recent >= MAX_REQUESTS_PER_WINDOW) return { kind: "refused", reason: "not-linked", userId: user.id };

  const organization = await db.organization.findUniqueOrThrow({
    where: { id: identity.organizationId },
    select: { name: true },
  });
  const { secret, hash } = newInvitationSecret();
  const requestId = await db.$transaction(async (tx) => {
    await tx.identityLinkRequest.deleteMany({ where: { expiresAt: { lt: now } } });
    const request = await tx.identityLinkRequest.create({
      data: {
        userId: user.id,
        organizationId: identity.organizationId,
        providerKind: identity.providerKind,
        providerId: identity.providerId,
        providerName: identity.providerName,
        subject: identity.subject,
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + IDENTITY_LINK_REQUEST_MINUTES * 60_000),
      },
    });
    await enqueueOutbox(
      tx,
      "email.send",
      {
        // no organization: the built-in wording, which the organization asking cannot soften
        organizationId: null,
        to: identity.email,
        template: "identity-link",
        data: {
          givenName: user.givenName,
          providerName: identity.providerName,
          organizationName: organization.name,
          link: `${deps.config.publicUrl}/link-account?request=${request.id}&token=${secret}`,
          expiresInMinutes: IDENTITY_LINK_REQUEST_MINUTES,
        },
      },
      `identity-link:${request.id}:${randomUUID()}`,
    );
    await appendAuditEvent(tx, actor, {
      organizationId: identity.organizationId,
      streamType: "user",
      streamId: user.id,
      type: "identity-link.requested",
      data: {
        providerKind: identity.providerKind,
        providerId: identity.providerId,
        provider: identity.providerName,
        requestId: request.id,
      },
    });
    return request.id;
  });
  return { kind: "refused", reason: "not-linked", userId: user.id, requestId };
}
