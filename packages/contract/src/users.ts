import { z } from "zod";
import { ID } from "./ids.ts";
import { MESSAGES } from "./messages.ts";
import { pageQuerySchema, pageSchema } from "./paging.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

/** Messages of the user screens (spec §8). */
export const USER_MESSAGES = {
  notFound: "Member/group/organization not found.",
  userAlreadyExists: MESSAGES.userAlreadyExists,
  cannotDeactivateSelf: "You cannot deactivate yourself.",
  profileEditableInHomeOrganization: "This user's profile can only be changed in their home organization.",
  phoneTenDigits: "Enter a ten-digit phone number.",
  passwordResetSent: "A password reset link was emailed to the user.",
  userUpdated: "User updated",
  userDeactivated: "User deactivated",
  userReactivated: "User reactivated",
  userUnlocked: "User unlocked",
} as const;

const TEN_DIGITS = /^\d{10}$/;
/** Separators people type inside a phone number: spaces, dashes, dots and parentheses. */
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * Phone input as typed ('(123) 456-7890', '123.456.7890', '1234567890') to the stored form: the
 * ten digits, or null when the input is not exactly ten digits once separators are removed.
 */
export function normalizePhoneInput(input: string): string | null {
  const digits = input.replace(PHONE_SEPARATORS, "");
  return TEN_DIGITS.test(digits) ? digits : null;
}

/** Spec §5: only ten digits are shown, as 123-456-7890; anything else shows nothing. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits || !TEN_DIGITS.test(digits)) return "";
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A phone number field of a form: empty clears it (null), otherwise exactly ten digits, stored as digits. */
export const phoneInputSchema = z
  .string()
  .max(32, USER_MESSAGES.phoneTenDigits)
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === "") return null;
    const digits = normalizePhoneInput(value);
    if (digits === null) {
      ctx.addIssue({ code: "custom", message: USER_MESSAGES.phoneTenDigits });
      return z.NEVER;
    }
    return digits;
  });

export const USER_STATUSES = ["INVITED", "ACTIVE"] as const;

export const userGroupSchema = z.object({ id: ID.groupId, name: z.string().describe("The group's name") });
export const userRoleSchema = z.object({
  id: z.uuid().describe("The role's id"),
  name: z.string().describe("The role's name"),
  groupId: ID.groupId.describe("The group in which the role applies"),
  inherited: z.boolean().describe("True when granted in an ancestor group of groupId"),
});

export const userSchema = z
  .object({
    id: z.uuid().describe("The user's id"),
    givenName: z.string().describe("The user's given (first) name"),
    familyName: z.string().describe("The user's family (last) name"),
    middleName: z.string().nullable().describe("The user's middle name; null: none"),
    email: z.string().describe("The user's email address: their sign-in name"),
    status: z.enum(USER_STATUSES).describe("INVITED: has not signed up yet; ACTIVE: has an account"),
    lastSignIn: z.string().nullable().describe("Last successful sign-in (ISO 8601)"),
    enabled: z.boolean().describe("The user's membership in this organization is active"),
    locked: z.boolean().describe("Locked after too many failed sign-in attempts"),
    disabledAt: z.string().nullable().describe("When the membership in this organization was deactivated"),
    deactivatedBy: ID.deactivatedBy.nullable().describe("Id of the user who deactivated the membership"),
    deactivatedByFullName: z
      .string()
      .nullable()
      .describe("Name of the user who deactivated the membership; null: active"),
    version: z.number().int().describe("Send back on PATCH (optimistic locking)"),
    homeOrganizationId: ID.homeOrganizationId,
    homeUserEnabled: z.boolean().describe("The user is enabled in their home organization"),
    isMember: z.boolean().describe("The user belongs to at least one group of this organization"),
    groups: z.array(userGroupSchema).describe("Groups of this organization the user is a member of"),
    roles: z.array(userRoleSchema).describe("Roles per group, including those inherited in sub-groups"),
    phoneNumber: z.string().nullable().describe("The user's phone number, ten digits; null: none"),
    mfaPhoneNumber: z.string().nullable().describe("Ten digits: where sign-in codes are sent"),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

export const USER_STATUS_FILTERS = ["ALL", "ACTIVE", "INACTIVE", "LOCKED"] as const;

export const userListQuerySchema = pageQuerySchema(["name", "email", "lastSignIn", "status"], "name").extend({
  search: z.string().trim().max(100).optional().describe("Part of the first name, last name or email"),
  status: z
    .enum(USER_STATUS_FILTERS)
    .default("ALL")
    .describe("ACTIVE/INACTIVE: membership in this organization enabled or not; LOCKED: sign-in locked"),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPageSchema = pageSchema(userSchema).meta({ id: "UserPage" });
export type UserPage = z.infer<typeof userPageSchema>;

export const userBaseInfoSchema = z
  .object({
    id: ID.userId,
    givenName: z.string().describe("The user's given (first) name"),
    familyName: z.string().describe("The user's family (last) name"),
    email: z.string().describe("The user's email address"),
  })
  .meta({ id: "UserBaseInfo" });
export type UserBaseInfo = z.infer<typeof userBaseInfoSchema>;

export const usersBaseInfoQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe("Part of the first name, last name or email"),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("At most this many users, 1 to 100 (default 20)"),
  enabledOnly: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true")
    .describe("Only users whose membership in this organization is active (default true)"),
});
export const usersBaseInfoSchema = z.array(userBaseInfoSchema);

const personName = z.string().trim().min(1, "Required").max(100);

export const updateUserSchema = z
  .object({
    version: z.number().int().min(1).describe("Version the client last read (optimistic locking)"),
    givenName: personName.optional().describe("The user's given (first) name; leave out to keep"),
    familyName: personName.optional().describe("The user's family (last) name; leave out to keep"),
    middleName: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .transform((value) => (value === "" ? null : value))
      .optional()
      .describe("The user's middle name; empty or null removes it"),
    phoneNumber: phoneInputSchema.optional().describe("The user's phone number, ten digits"),
    mfaPhoneNumber: phoneInputSchema.optional().describe("Where sign-in codes are texted, ten digits"),
    enabled: z
      .boolean()
      .optional()
      .describe("false deactivates the user's membership in this organization, true reactivates it"),
    unlock: z.literal(true).optional().describe("Clears a sign-in lock"),
  })
  .meta({ id: "UpdateUser" });
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUser = z.infer<typeof updateUserSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const userParams = z.object({ orgId: ID.orgId, userId: ID.userId });

export const userRoutes = {
  listUsers: define({
    method: "GET",
    base: "api",
    version: 2,
    path: "/organizations/:orgId/users",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "Users of an organization (paged, sortable, searchable)",
    tags: ["users"],
    params: orgParams,
    query: userListQuerySchema,
    response: userPageSchema,
    status: 200,
  }),
  usersBaseInfo: define({
    method: "GET",
    base: "api",
    version: 2,
    path: "/organizations/:orgId/users-base-info",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS", "MANAGE_GROUPS"],
    summary: "Id, names and email of users of an organization, for pickers",
    tags: ["users"],
    params: orgParams,
    query: usersBaseInfoQuerySchema,
    response: usersBaseInfoSchema,
    status: 200,
  }),
  getUser: define({
    method: "GET",
    base: "api",
    version: 2,
    path: "/organizations/:orgId/users/:userId",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "A user of an organization, with groups and roles",
    tags: ["users"],
    params: userParams,
    response: userSchema,
    status: 200,
  }),
  updateUser: define({
    method: "PATCH",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/users/:userId",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary: "Edit a user's profile, deactivate/reactivate their membership, or unlock them",
    tags: ["users"],
    params: userParams,
    body: updateUserSchema,
    response: userSchema,
    status: 200,
  }),
  resetUserPassword: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/users/:userId/password-reset",
    auth: "user",
    permission: ["MANAGE_USERS"],
    summary: "Email the user a password-reset link",
    tags: ["users"],
    params: userParams,
    response: null,
    status: 202,
  }),
} as const satisfies Record<string, RouteDef>;
