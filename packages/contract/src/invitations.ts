import { z } from "zod";
import { emailSchema, newPasswordSchema, tokenResponseSchema } from "./auth.ts";
import { ID } from "./ids.ts";
import { MESSAGES } from "./messages.ts";
import { recordCreatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

/** Messages of inviting and signing up (spec §8 'Accounts'). */
export const INVITATION_MESSAGES = {
  invitationNotFound: MESSAGES.invitationNotFound,
  accountAlreadyCreated: MESSAGES.accountAlreadyCreated,
  userAlreadyExists: MESSAGES.userAlreadyExists,
  groupOrRoleNotFound: "Member/group/organization not found.",
  /** toast after inviting someone (spec §8) */
  userAdded: "User added. Next, add this user to groups.",
  invitationRevoked: "Invitation revoked.",
  revokeInvitationTitle: "Revoke invitation",
  revokeInvitationConfirm: "Revoke this invitation? Its link stops working and the person cannot register with it.",
  wrongCode: "The verification code is not correct or has expired.",
  tooManyWrongCodes: "Too many wrong codes. Please register again to receive a new code.",
  notRegistered: "Please complete the sign-up form first.",
  codeSent: "We sent a verification code to your email address.",
} as const;

/** Days an invitation link stays usable. */
export const INVITATION_TTL_DAYS = 7;
/** Minutes a verification code stays usable, and how many wrong codes end it. */
export const VERIFICATION_CODE_TTL_MINUTES = 15;
export const VERIFICATION_MAX_ATTEMPTS = 5;

export const INVITATION_STATUSES = ["PENDING", "REGISTERED", "ACCEPTED", "REVOKED", "DECLINED"] as const;
/** SIGN_UP: an address without an account; MEMBERSHIP: someone with an account, who accepts or declines */
export const INVITATION_KINDS = ["SIGN_UP", "MEMBERSHIP"] as const;

const personName = z.string().trim().min(1, "Required").max(100);
const P = {
  email: "The invited person's email address",
  givenName: "The invited person's given (first) name",
  familyName: "The invited person's family (last) name",
  status:
    "PENDING (link sent), REGISTERED (sign-up form sent, code awaited), ACCEPTED, REVOKED (withdrawn by the organization) or DECLINED",
  kind: "SIGN_UP: the person has no account and signs up; MEMBERSHIP: the person has an account and is asked to join",
} as const;
const invitationToken = z.string().min(16).max(200).describe("The secret from the emailed link");

export const createUserInvitationSchema = z
  .object({
    email: emailSchema.describe("The person's email address: the invitation goes there"),
    givenName: personName.describe(P.givenName),
    familyName: personName.describe(P.familyName),
    groupId: ID.groupId.optional().describe("Group the new member joins on acceptance"),
    roleIds: z.array(z.uuid()).max(50).default([]).describe("Roles granted in groupId (requires groupId)"),
  })
  .refine((body) => body.roleIds.length === 0 || body.groupId !== undefined, {
    message: "Choose a group for the roles",
    path: ["groupId"],
  })
  .meta({ id: "CreateUserInvitation" });
export type CreateUserInvitationInput = z.input<typeof createUserInvitationSchema>;
export type CreateUserInvitation = z.infer<typeof createUserInvitationSchema>;

export const userInvitationSchema = z
  .object({
    id: z.uuid().describe("The invitation's id"),
    organizationId: ID.organizationId,
    email: z.string().describe(P.email),
    givenName: z.string().describe(P.givenName),
    familyName: z.string().describe(P.familyName),
    status: z.enum(INVITATION_STATUSES).describe(P.status),
    kind: z.enum(INVITATION_KINDS).describe(P.kind),
    expiresAt: z.string().describe("When it expires (ISO 8601 time)"),
    createdAt: recordCreatedAt,
    invitedBy: ID.invitedBy.nullable(),
    groupId: ID.groupId.nullable().describe("The group the person joins on acceptance; null: none"),
    roleIds: z.array(z.uuid()).describe("The roles granted in that group"),
  })
  .meta({ id: "UserInvitation", description: "An invitation to join the organization" });
export type UserInvitation = z.infer<typeof userInvitationSchema>;

/**
 * Inviting an address that has no account emails a sign-up link (INVITED); inviting someone who
 * already has an account asks them to join (MEMBERSHIP_REQUESTED): they are a member once they accept.
 */
export const createUserInvitationResultSchema = z
  .discriminatedUnion("outcome", [
    z.object({
      outcome: z.literal("INVITED").describe("The address has no account: a sign-up link was emailed"),
      invitation: userInvitationSchema,
    }),
    z.object({
      outcome: z
        .literal("MEMBERSHIP_REQUESTED")
        .describe("The person has an account: they were asked to join and are a member once they accept"),
      invitation: userInvitationSchema,
    }),
  ])
  .meta({ id: "CreateUserInvitationResult" });
export type CreateUserInvitationResult = z.infer<typeof createUserInvitationResultSchema>;

/** An invitation not used yet (sign-up link sent, or sign-up form sent and code awaited), for the Users screen. */
export const pendingUserInvitationSchema = z
  .object({
    id: z.uuid().describe("The invitation's id"),
    email: z.string().describe(P.email),
    givenName: z.string().describe(P.givenName),
    familyName: z.string().describe(P.familyName),
    status: z.enum(["PENDING", "REGISTERED"]).describe("REGISTERED: the sign-up form was sent, the code not yet"),
    kind: z.enum(INVITATION_KINDS).describe("MEMBERSHIP: the person already has an account and has not accepted yet"),
    expiresAt: z.string().describe("ISO 8601; a past date means the link has expired (resending renews it)"),
    createdAt: z.string().describe("ISO 8601: when the person was invited"),
    invitedByName: z.string().nullable().describe("The name of the member who invited them; null: unknown"),
    groupName: z.string().nullable().describe("Group the person joins on acceptance"),
    roleNames: z.array(z.string()).describe("Roles granted in that group"),
  })
  .meta({ id: "PendingUserInvitation" });
export type PendingUserInvitation = z.infer<typeof pendingUserInvitationSchema>;

export const pendingUserInvitationListSchema = z
  .object({
    records: z.array(pendingUserInvitationSchema).describe("Invitations not used yet"),
    count: z.number().int().describe("Total number of records"),
  })
  .meta({ id: "PendingUserInvitationList" });
export type PendingUserInvitationList = z.infer<typeof pendingUserInvitationListSchema>;

export const invitationLookupQuerySchema = z.object({ token: invitationToken });

export const invitationLookupSchema = z
  .object({
    email: z.string().describe(P.email),
    givenName: z.string().describe(P.givenName),
    familyName: z.string().describe(P.familyName),
    organizationName: z.string().describe("The organization the person is invited to"),
    status: z.enum(["PENDING", "REGISTERED"]).describe("REGISTERED: a verification code was sent"),
  })
  .meta({ id: "UserInvitationLookup" });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const invitationRegistrationSchema = z
  .object({
    token: invitationToken,
    givenName: personName.describe("The person's given (first) name"),
    familyName: personName.describe("The person's family (last) name"),
    password: newPasswordSchema,
  })
  .meta({ id: "UserInvitationRegistration" });
export type InvitationRegistrationInput = z.input<typeof invitationRegistrationSchema>;

export const invitationRegistrationResultSchema = z.object({
  email: z.string().describe("Where the verification code was sent"),
  codeExpiresAt: z.string().describe("When the code stops working (ISO 8601 time)"),
});

export const invitationVerifySchema = z
  .object({
    token: invitationToken,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the six-digit code from the email")
      .describe("The six-digit code emailed after the sign-up form was sent"),
  })
  .meta({ id: "UserInvitationVerify" });
export type InvitationVerifyInput = z.input<typeof invitationVerifySchema>;

const orgParams = z.object({ orgId: ID.orgId });
const invitationParams = z.object({ invitationId: ID.invitationId });
const orgInvitationParams = z.object({ orgId: ID.orgId, invitationId: ID.invitationId });

export const invitationRoutes = {
  createUserInvitation: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/user-invitations",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary: "Invite someone by email: a sign-up link, or for an existing account a request to join they accept",
    tags: ["users"],
    params: orgParams,
    body: createUserInvitationSchema,
    response: createUserInvitationResultSchema,
    status: 201,
  }),
  listUserInvitations: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/user-invitations",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary: "Invitations not used yet (invited, not yet registered), newest first",
    tags: ["users"],
    params: orgParams,
    response: pendingUserInvitationListSchema,
    status: 200,
  }),
  resendUserInvitation: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/user-invitations/:invitationId/resends",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary: "Email the invitation again with a new link (the previous link stops working); renews its 7 days",
    tags: ["users"],
    params: orgInvitationParams,
    response: pendingUserInvitationSchema,
    status: 202,
  }),
  revokeUserInvitation: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/user-invitations/:invitationId",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary: "Revoke an invitation: its link answers 'Invitation not found.' and cannot register",
    tags: ["users"],
    params: orgInvitationParams,
    response: null,
    status: 204,
  }),
  getUserInvitation: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/user-invitations/:invitationId",
    auth: "none",
    summary: "Check an invitation link (sign-up page). Rate limited.",
    tags: ["users"],
    params: invitationParams,
    query: invitationLookupQuerySchema,
    response: invitationLookupSchema,
    status: 200,
  }),
  registerUserInvitation: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/user-invitations/:invitationId/registrations",
    auth: "none",
    summary: "Submit the sign-up form; emails a six-digit verification code. Rate limited.",
    tags: ["users"],
    params: invitationParams,
    body: invitationRegistrationSchema,
    response: invitationRegistrationResultSchema,
    status: 202,
  }),
  verifyUserInvitation: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/user-invitations/:invitationId/verify",
    auth: "none",
    summary: "Verify the emailed code: creates the account and signs in (like the token endpoint). Rate limited.",
    tags: ["users"],
    params: invitationParams,
    body: invitationVerifySchema,
    response: tokenResponseSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
