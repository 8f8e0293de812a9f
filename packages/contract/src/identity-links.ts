import { z } from "zod";
import { ID } from "./ids.ts";
import { MESSAGES } from "./messages.ts";
import { recordCreatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// A person's account belongs to the person (issue 30 §1): an organization may ask someone who
// already has an account to join (a membership request the person accepts or declines), and its
// identity provider signs people in only as accounts linked to that provider, a link the person
// confirms once from their own mailbox. Sessions opened through a provider do not change the
// account's own credentials.

export const IDENTITY_MESSAGES = {
  ownSignInRequired:
    "You signed in through an organization's identity provider. To change your password, second factors or recovery codes, sign out and sign in with your own password.",
  linkEmailSent:
    "Your account is not linked to this sign-in option yet. We emailed your account's address a link: open it to confirm that it is you, then sign in again.",
  linkedToOtherIdentity:
    "Your account is linked to another identity at this identity provider, so you were not signed in. Ask your administrator.",
  subjectMissing: "The identity provider did not say who you are, so you were not signed in. Ask your administrator.",
  linkRequestNotFound:
    "This link is not valid any more. Sign in through your organization's identity provider again to get a new one.",
  membershipRequestNotFound: MESSAGES.invitationNotFound,
  linkNotFound: "Link not found",
} as const;

/** Minutes a link confirmation email stays usable. */
export const IDENTITY_LINK_REQUEST_MINUTES = 30;

export const IDENTITY_PROVIDER_KINDS = ["oidc", "saml"] as const;

const linkToken = z.string().min(16).max(200).describe("The secret from the emailed link");
const tokenBody = z.object({ token: linkToken });

export const membershipRequestSchema = z
  .object({
    id: z.uuid().describe("The membership request's id"),
    organizationId: ID.organizationId,
    organizationName: z.string().describe("The organization the person is asked to join"),
    invitedByName: z.string().nullable().describe("The name of the member who asked; null: unknown"),
    groupName: z.string().nullable().describe("Group the person joins on acceptance"),
    roleNames: z.array(z.string()).describe("Roles granted in that group"),
    createdAt: recordCreatedAt,
    expiresAt: z.string().describe("When it expires (ISO 8601 time)"),
  })
  .meta({ id: "MembershipRequest" });
export type MembershipRequest = z.infer<typeof membershipRequestSchema>;

export const membershipRequestListSchema = z
  .object({
    records: z.array(membershipRequestSchema).describe("The caller's open requests to join other organizations"),
  })
  .meta({ id: "MembershipRequestList" });
export type MembershipRequestList = z.infer<typeof membershipRequestListSchema>;

export const membershipRequestLookupSchema = z
  .object({
    email: z.string().describe("The account the request is for"),
    organizationName: z.string().describe("The organization the person is asked to join"),
    invitedByName: z.string().nullable().describe("The name of the member who asked; null: unknown"),
    expiresAt: z.string().describe("When the link stops working (ISO 8601 time)"),
  })
  .meta({ id: "MembershipRequestLookup" });
export type MembershipRequestLookup = z.infer<typeof membershipRequestLookupSchema>;

export const membershipRequestTokenSchema = tokenBody.meta({ id: "MembershipRequestToken" });

export const acceptedMembershipSchema = z
  .object({
    organizationId: ID.organizationId,
    organizationName: z.string().describe("The organization the person has joined"),
  })
  .meta({ id: "AcceptedMembership" });
export type AcceptedMembership = z.infer<typeof acceptedMembershipSchema>;

export const identityLinkSchema = z
  .object({
    id: z.uuid().describe("The identity link's id"),
    providerKind: z.enum(IDENTITY_PROVIDER_KINDS).describe("oidc (OpenID Connect) or saml (SAML 2.0)"),
    providerId: ID.providerId,
    providerName: z.string().describe("The provider's name; 'Removed provider' when it no longer exists"),
    linkedBy: z
      .enum(["jit", "email", "password"])
      .describe(
        "jit: the provider created the account; email: confirmed by the emailed link; password: confirmed signed in",
      ),
    createdAt: recordCreatedAt,
  })
  .meta({ id: "IdentityLink" });
export type IdentityLink = z.infer<typeof identityLinkSchema>;

export const identityLinkListSchema = z
  .object({ records: z.array(identityLinkSchema).describe("The identity provider accounts linked to the caller") })
  .meta({ id: "IdentityLinkList" });

export const identityLinkRequestLookupSchema = z
  .object({
    email: z.string().describe("The account the identity is to be linked to"),
    providerName: z.string().describe("The identity provider's name"),
    organizationName: z.string().describe("The organization whose identity provider it is"),
    expiresAt: z.string().describe("When the link stops working (ISO 8601 time)"),
  })
  .meta({ id: "IdentityLinkRequestLookup" });
export type IdentityLinkRequestLookup = z.infer<typeof identityLinkRequestLookupSchema>;

export const identityLinkConfirmationSchema = tokenBody.meta({ id: "IdentityLinkConfirmation" });

const invitationParams = z.object({ invitationId: ID.invitationId });
const requestParams = z.object({ requestId: ID.requestId });
const me = { base: "api", version: 1, auth: "partial", tags: ["users"] } as const;
const open = { base: "api", version: 1, auth: "none", tags: ["users"] } as const;

export const identityRoutes = {
  listMyMembershipRequests: define({
    ...me,
    method: "GET",
    path: "/users/me/membership-requests",
    summary: "Organizations that asked the signed-in person to join, waiting for their answer",
    response: membershipRequestListSchema,
    status: 200,
  }),
  acceptMyMembershipRequest: define({
    ...me,
    method: "POST",
    path: "/users/me/membership-requests/:invitationId/acceptance",
    summary: "Accept an organization's request to join: the signed-in person becomes a member",
    params: invitationParams,
    response: acceptedMembershipSchema,
    status: 200,
  }),
  declineMyMembershipRequest: define({
    ...me,
    method: "POST",
    path: "/users/me/membership-requests/:invitationId/declines",
    summary: "Decline an organization's request to join",
    params: invitationParams,
    response: null,
    status: 204,
  }),
  getMembershipRequest: define({
    ...open,
    method: "GET",
    path: "/membership-requests/:invitationId",
    summary: "Check an emailed membership request link. Rate limited.",
    params: invitationParams,
    query: tokenBody,
    response: membershipRequestLookupSchema,
    status: 200,
  }),
  acceptMembershipRequest: define({
    ...open,
    method: "POST",
    path: "/membership-requests/:invitationId/acceptance",
    summary: "Accept a membership request with the emailed link's secret. Rate limited.",
    params: invitationParams,
    body: membershipRequestTokenSchema,
    response: acceptedMembershipSchema,
    status: 200,
  }),
  declineMembershipRequest: define({
    ...open,
    method: "POST",
    path: "/membership-requests/:invitationId/declines",
    summary: "Decline a membership request with the emailed link's secret. Rate limited.",
    params: invitationParams,
    body: membershipRequestTokenSchema,
    response: null,
    status: 204,
  }),
  listMyIdentityLinks: define({
    ...me,
    method: "GET",
    path: "/users/me/identity-links",
    summary: "The identity providers the signed-in person's account is linked to",
    response: identityLinkListSchema,
    status: 200,
  }),
  deleteMyIdentityLink: define({
    ...me,
    method: "DELETE",
    path: "/users/me/identity-links/:linkId",
    summary: "Unlink an identity provider: it no longer signs this account in",
    params: z.object({ linkId: ID.linkId }),
    response: null,
    status: 204,
  }),
  getMyIdentityLinkRequest: define({
    ...me,
    method: "GET",
    path: "/users/me/identity-link-requests/:requestId",
    summary: "A link request for the signed-in person's account (a session of their own, not a provider's)",
    params: requestParams,
    response: identityLinkRequestLookupSchema,
    status: 200,
  }),
  confirmMyIdentityLinkRequest: define({
    ...me,
    method: "POST",
    path: "/users/me/identity-link-requests/:requestId/confirmations",
    summary:
      "Confirm, signed in with one's own password (and second factor), that the identity provider may sign this account in",
    params: requestParams,
    response: identityLinkSchema,
    status: 201,
  }),
  getIdentityLinkRequest: define({
    ...open,
    method: "GET",
    path: "/identity-link-requests/:requestId",
    summary: "Check an emailed identity provider link confirmation. Rate limited.",
    params: requestParams,
    query: tokenBody,
    response: identityLinkRequestLookupSchema,
    status: 200,
  }),
  confirmIdentityLinkRequest: define({
    ...open,
    method: "POST",
    path: "/identity-link-requests/:requestId/confirmations",
    summary: "Confirm with the emailed secret that the identity provider may sign this account in. Rate limited.",
    params: requestParams,
    body: identityLinkConfirmationSchema,
    response: identityLinkSchema,
    status: 201,
  }),
} as const satisfies Record<string, RouteDef>;
