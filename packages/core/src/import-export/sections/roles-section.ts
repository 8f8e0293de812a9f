import {
  CONFIGURATION_ITEM_LIMITS,
  DEFAULTS,
  isSystemDefinedRole,
  permissionBits,
  permissionNames,
  type RoleItem,
  roleItemSchema,
} from "@signet/contract";
import { lowerKey, sectionHandler, sorted } from "../section-handler.ts";

/** Custom roles by name; the system-defined Admin and support roles exist in every organization. */
export const rolesSection = sectionHandler<RoleItem>({
  name: "roles",
  maxItems: CONFIGURATION_ITEM_LIMITS.roles,
  label: "Roles",
  file: "roles.json",
  itemSchema: roleItemSchema,
  key: (item) => lowerKey(item.name),
  itemLabel: (item) => item.name,
  fields: { name: "Name", description: "Description", roleColor: "Colour", permissions: "Permissions" },
  normalize: (item) => ({
    ...item,
    roleColor: item.roleColor?.toUpperCase() ?? null,
    permissions: sorted(item.permissions),
  }),
  async collect(db, organizationId) {
    const rows = await db.role.findMany({ where: { organizationId, hidden: false }, orderBy: { nameKey: "asc" } });
    const items = rows
      .filter((row) => !isSystemDefinedRole(row))
      .map((row) => ({
        name: row.name,
        description: row.description,
        roleColor: row.roleColor,
        permissions: sorted(permissionNames(row.permissions)),
      }));
    const systemRoles = rows.filter((row) => isSystemDefinedRole(row)).map((row) => lowerKey(row.name));
    return { items, files: new Map(), facts: { systemRoles } };
  },
  conflict(item, _current, context) {
    if (lowerKey(item.name) === lowerKey(DEFAULTS.adminRoleName))
      return `${DEFAULTS.adminRoleName} is a system-defined role: it exists in every organization and cannot be imported.`;
    const systemRoles = (context.facts.roles?.systemRoles as string[] | undefined) ?? [];
    if (systemRoles.includes(lowerKey(item.name)))
      return `A system-defined role is named ${item.name} here: a custom role cannot take its name.`;
    return null;
  },
  async apply(entries, { tx, actor, organizationId }) {
    const actorId = actor.kind === "user" ? actor.userId : null;
    for (const { item, action } of entries) {
      const data = {
        name: item.name.trim(),
        nameKey: lowerKey(item.name),
        description: item.description?.trim() || null,
        roleColor: item.roleColor?.toUpperCase() ?? null,
        permissions: permissionBits(item.permissions),
        updatedById: actorId,
      };
      if (action === "CREATE") await tx.role.create({ data: { ...data, organizationId, createdById: actorId } });
      else
        await tx.role.update({
          where: { organizationId_nameKey: { organizationId, nameKey: data.nameKey } },
          data: { ...data, version: { increment: 1 } },
        });
    }
  },
});
