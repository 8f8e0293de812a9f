// The twelve permission bits of spec §6. Bit positions are persisted in roles.permissions:
// never reorder, only append.
export const PERMISSIONS = {
  VIEW_USERS_GROUPS_ROLES: 1 << 0,
  VIEW_DOCUMENTS_PACKAGES: 1 << 1,
  VIEW_ADMIN_SETTINGS: 1 << 2,
  VIEW_MANAGE_ORGANIZATIONS: 1 << 3,
  MANAGE_GROUPS: 1 << 4,
  MANAGE_USERS: 1 << 5,
  MANAGE_ROLES: 1 << 6,
  MANAGE_DOCUMENTS_PACKAGES: 1 << 7,
  MANAGE_ADMIN_SETTINGS: 1 << 8,
  INITIATE_CORRECTION: 1 << 9,
  MANAGE_ORG_IMPORT_EXPORT: 1 << 10,
  VIEW_AND_MANAGE_REPORTS: 1 << 11,
} as const;

export type PermissionName = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];
export const ALL_PERMISSIONS = PERMISSION_NAMES.reduce((bits, name) => bits | PERMISSIONS[name], 0);

export const VIEW_PERMISSIONS: readonly PermissionName[] = [
  "VIEW_USERS_GROUPS_ROLES",
  "VIEW_DOCUMENTS_PACKAGES",
  "VIEW_ADMIN_SETTINGS",
  "VIEW_MANAGE_ORGANIZATIONS",
  "VIEW_AND_MANAGE_REPORTS",
];

export function permissionBits(names: readonly PermissionName[]): number {
  return names.reduce((bits, name) => bits | PERMISSIONS[name], 0);
}

export function permissionNames(bits: number): PermissionName[] {
  return PERMISSION_NAMES.filter((name) => (bits & PERMISSIONS[name]) !== 0);
}

export function hasPermission(bits: number, name: PermissionName): boolean {
  return (bits & PERMISSIONS[name]) !== 0;
}

/** A modal submit (and many routes) accept one permission or a list: any one suffices. */
export function hasAnyPermission(bits: number, required: PermissionName | readonly PermissionName[]): boolean {
  const list = typeof required === "string" ? [required] : required;
  return list.length === 0 || list.some((name) => hasPermission(bits, name));
}

export function hasAllPermissions(bits: number, required: readonly PermissionName[]): boolean {
  return required.every((name) => hasPermission(bits, name));
}
