import { hasPermission, type PermissionName, VIEW_PERMISSIONS } from "./permissions.ts";

export interface MenuContext {
  permissions: number;
  supportUser: boolean;
  /** the signed-in organization is the support organization */
  supportOrganization: boolean;
  embeddedSrEnabled: boolean;
  enabledPkgCollaboration: boolean;
  /** a closing-center user: the workspace lists the packages shared with their closing center */
  closingCenterUser?: boolean;
}

export type MenuItemId =
  | "workspace"
  | "accessControl"
  | "settings"
  | "reports"
  | "embeddedSigningDemo"
  | "packageCollaborationDemo"
  | "importExport"
  | "samlProviders"
  | "notifications"
  | "buildInfo"
  | "operations";

export interface MenuItem {
  id: MenuItemId;
  label: string;
  to: string;
}

const p = (ctx: MenuContext, name: PermissionName) => hasPermission(ctx.permissions, name);

/** Spec §6 gating table, one line per menu item. */
const GATES: Record<MenuItemId, (ctx: MenuContext) => boolean> = {
  workspace: (ctx) => p(ctx, "VIEW_DOCUMENTS_PACKAGES") || ctx.closingCenterUser === true,
  accessControl: (ctx) => p(ctx, "VIEW_USERS_GROUPS_ROLES"),
  settings: (ctx) => p(ctx, "VIEW_ADMIN_SETTINGS"),
  reports: (ctx) => p(ctx, "VIEW_AND_MANAGE_REPORTS"),
  importExport: (ctx) => p(ctx, "MANAGE_ORG_IMPORT_EXPORT"),
  embeddedSigningDemo: (ctx) => ctx.embeddedSrEnabled && p(ctx, "MANAGE_DOCUMENTS_PACKAGES"),
  packageCollaborationDemo: (ctx) => ctx.enabledPkgCollaboration && p(ctx, "MANAGE_DOCUMENTS_PACKAGES"),
  samlProviders: (ctx) => ctx.supportUser,
  notifications: (ctx) => ctx.supportUser,
  buildInfo: (ctx) => ctx.supportOrganization && VIEW_PERMISSIONS.some((name) => p(ctx, name)),
  // issue 14 §4: services-info, parked jobs and the queue dashboard show the whole installation
  operations: (ctx) => ctx.supportUser,
};

export const MENU_ITEMS: Record<MenuItemId, MenuItem> = {
  workspace: { id: "workspace", label: "Workspace", to: "/workspace" },
  accessControl: { id: "accessControl", label: "Access control", to: "/organizations" },
  settings: { id: "settings", label: "Settings", to: "/settings" },
  reports: { id: "reports", label: "Reports", to: "/reports/package" },
  embeddedSigningDemo: { id: "embeddedSigningDemo", label: "Embedded signing demo", to: "/embedded-signing-demo" },
  packageCollaborationDemo: {
    id: "packageCollaborationDemo",
    label: "Package collaboration demo",
    to: "/package-collaboration",
  },
  importExport: { id: "importExport", label: "Organization import/export", to: "/import-export/export" },
  samlProviders: { id: "samlProviders", label: "SAML providers", to: "/saml-providers" },
  notifications: { id: "notifications", label: "Notifications", to: "/notifications" },
  buildInfo: { id: "buildInfo", label: "Build info", to: "/buildInfo" },
  operations: { id: "operations", label: "Services and queues", to: "/operations" },
};

const ADMINISTRATION_ORDER: MenuItemId[] = [
  "accessControl",
  "settings",
  "reports",
  "embeddedSigningDemo",
  "packageCollaborationDemo",
  "importExport",
  "samlProviders",
  "notifications",
];

export interface Menu {
  workspace: MenuItem | null;
  /** null when no Administration item applies: the drop-down is not shown */
  administration: MenuItem[] | null;
  support: { buildInfo: MenuItem | null; operations: MenuItem | null };
}

export function isMenuItemVisible(id: MenuItemId, ctx: MenuContext): boolean {
  return GATES[id](ctx);
}

export function buildMenu(ctx: MenuContext): Menu {
  const administration = ADMINISTRATION_ORDER.filter((id) => GATES[id](ctx)).map((id) => MENU_ITEMS[id]);
  return {
    workspace: GATES.workspace(ctx) ? MENU_ITEMS.workspace : null,
    administration: administration.length > 0 ? administration : null,
    support: {
      buildInfo: GATES.buildInfo(ctx) ? MENU_ITEMS.buildInfo : null,
      operations: GATES.operations(ctx) ? MENU_ITEMS.operations : null,
    },
  };
}
