import { z } from "zod";
import { DEFAULTS } from "./constants.ts";
import { ID } from "./ids.ts";
import { alreadyExistsMessage, pageQuerySchema, pageSchema, versionQuerySchema } from "./paging.ts";
import { PERMISSION_NAMES, type PermissionName } from "./permissions.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Roles (spec §3 Role, §6 system-defined roles, §7 roles).

export const ROLE_MESSAGES = {
  roleAlreadyExists: alreadyExistsMessage("role"),
  roleNotFound: "Role not found",
  /** a role id in a request body that is not a (visible) role of this organization */
  roleOrganizationNotFound: "Role/Organization not found",
  /** a role to remove from a group's role structure is not in it */
  roleNotFoundOrVersionNotMatched: "Role is not found or version not matched.",
  /** a role to add to a group's role structure is already there */
  memberOrRoleAlreadyAssigned: "Member is already added or role is already assigned.",
  /** spec §6: support roles and Admin are system-defined */
  systemDefinedRole: "System-defined roles cannot be edited or deleted.",
  roleAdded: "Role added.",
  roleUpdated: "Role updated.",
  roleDeleted: "Role deleted.",
  deleteRoleTitle: "Delete role",
  deleteRoleConfirm:
    "Are you sure you want to delete this role? Users who hold it will lose its permissions. This cannot be undone.",
} as const;

export const permissionNameSchema = z.enum(PERMISSION_NAMES as [PermissionName, ...PermissionName[]]);

export const roleSchema = z
  .object({
    id: z.uuid().describe("The role's id"),
    name: z.string().describe("The role's name, unique in the organization"),
    description: z.string().nullable().describe("What the role is for; null: none"),
    roleColor: z.string().nullable().describe("#RRGGBB"),
    permissions: z.number().int().describe("Permission bits (spec §6)"),
    permissionNames: z.array(permissionNameSchema).describe("The same permissions by name"),
    groupCount: z.number().int().describe("Groups whose role structure has this role"),
    memberCount: z.number().int().describe("Distinct users holding this role in some group"),
    systemDefined: z.boolean().describe("A support role or Admin: cannot be edited or deleted"),
    hidden: z.boolean().describe("Kept out of the organization's role list (an internal role)"),
    eoSupport: z.boolean().describe("A support role"),
    version: z.number().int().describe("Send back on update and delete (optimistic locking)"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    createdBy: ID.createdBy.nullable().describe("The id of the user who created it; null when unknown"),
    updatedBy: ID.updatedBy.nullable().describe("The id of the user who last changed it; null when unknown"),
  })
  .meta({ id: "Role" });
export type Role = z.infer<typeof roleSchema>;

export const roleListQuerySchema = pageQuerySchema(["name", "createdAt", "memberCount", "groupCount"], "name");
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;
export const rolePageSchema = pageSchema(roleSchema).meta({ id: "RolePage" });
export type RolePage = z.infer<typeof rolePageSchema>;

const roleName = z
  .string()
  .trim()
  .min(1, "Name is required")
  .max(100)
  .describe("The role's name, unique in the organization (1–100 characters)");
const roleDescription = z.string().trim().max(500).describe("What the role is for (up to 500 characters); null: none");
const roleColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Color must be #RRGGBB")
  .describe("The colour the role is shown in, #RRGGBB; null: none");
const rolePermissions = z.array(permissionNameSchema).max(PERMISSION_NAMES.length);

export const createRoleSchema = z
  .object({
    name: roleName,
    description: roleDescription.nullish(),
    roleColor: roleColor.nullish(),
    permissions: rolePermissions.describe("Permission names (spec §6)"),
  })
  .meta({ id: "CreateRole" });
export type CreateRole = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: roleName.optional(),
    description: roleDescription.nullish(),
    roleColor: roleColor.nullish(),
    permissions: rolePermissions.optional().describe("Replaces the permissions"),
  })
  .meta({ id: "UpdateRole" });
export type UpdateRole = z.infer<typeof updateRoleSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const roleParams = z.object({ orgId: ID.orgId, roleId: ID.roleId });

export const roleRoutes = {
  listRoles: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/roles",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "Roles of the organization with group and member counts (hidden roles are not listed)",
    tags: ["roles"],
    params: orgParams,
    query: roleListQuerySchema,
    response: rolePageSchema,
    status: 200,
  }),
  createRole: define({
    method: "POST",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/roles",
    auth: "user",
    permission: ["MANAGE_ROLES"],
    summary: "Create a role",
    tags: ["roles"],
    params: orgParams,
    body: createRoleSchema,
    response: roleSchema,
    status: 201,
  }),
  getRole: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/roles/:roleId",
    auth: "user",
    permission: ["VIEW_USERS_GROUPS_ROLES"],
    summary: "One role",
    tags: ["roles"],
    params: roleParams,
    response: roleSchema,
    status: 200,
  }),
  updateRole: define({
    method: "PATCH",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/roles/:roleId",
    auth: "user",
    permission: ["MANAGE_ROLES"],
    summary: "Edit a role's name, description, color or permissions (not a system-defined role)",
    tags: ["roles"],
    params: roleParams,
    body: updateRoleSchema,
    response: roleSchema,
    status: 200,
  }),
  deleteRole: define({
    method: "DELETE",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/roles/:roleId",
    auth: "user",
    permission: ["MANAGE_ROLES"],
    summary: "Delete a role (not a system-defined one): groups and members lose it and its permissions",
    tags: ["roles"],
    params: roleParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
} as const satisfies Record<string, RouteDef>;

/** Spec §3/§6: support roles and the organization's Admin role are system-defined. */
export function isSystemDefinedRole(role: { name: string; eoSupport: boolean }): boolean {
  return role.eoSupport || role.name.trim().toLowerCase() === DEFAULTS.adminRoleName.toLowerCase();
}
