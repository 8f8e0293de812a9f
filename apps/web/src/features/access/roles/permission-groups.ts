import type { PermissionName } from "@signet/contract";

// The twelve permissions of spec §6 as the role editor shows them: by area, in words.
export const PERMISSION_LABELS: Record<PermissionName, { label: string; description: string }> = {
  VIEW_USERS_GROUPS_ROLES: {
    label: "View users, groups and roles",
    description: "Open Access control and see who is in which group with which roles.",
  },
  MANAGE_USERS: { label: "Manage users", description: "Invite, edit, deactivate and unlock users." },
  MANAGE_GROUPS: { label: "Manage groups", description: "Create, edit, move and delete groups; remove members." },
  MANAGE_ROLES: {
    label: "Manage roles",
    description: "Create and edit roles; with Manage groups, add members and change their roles.",
  },
  VIEW_MANAGE_ORGANIZATIONS: {
    label: "View and manage organizations",
    description: "Edit the organization's details and features.",
  },
  VIEW_DOCUMENTS_PACKAGES: { label: "View documents and packages", description: "Open the workspace and packages." },
  MANAGE_DOCUMENTS_PACKAGES: {
    label: "Manage documents and packages",
    description: "Prepare, send, cancel and delete packages.",
  },
  INITIATE_CORRECTION: { label: "Initiate correction", description: "Correct a package that is out for signing." },
  VIEW_ADMIN_SETTINGS: { label: "View settings", description: "See the organization's settings." },
  MANAGE_ADMIN_SETTINGS: { label: "Manage settings", description: "Change branding, templates and other settings." },
  MANAGE_ORG_IMPORT_EXPORT: {
    label: "Organization import/export",
    description: "Export and import the organization's settings.",
  },
  VIEW_AND_MANAGE_REPORTS: { label: "Reports", description: "Run package and mailing reports." },
};

export const PERMISSION_SECTIONS: { title: string; permissions: PermissionName[] }[] = [
  {
    title: "Access control",
    permissions: ["VIEW_USERS_GROUPS_ROLES", "MANAGE_USERS", "MANAGE_GROUPS", "MANAGE_ROLES"],
  },
  {
    title: "Documents and packages",
    permissions: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES", "INITIATE_CORRECTION"],
  },
  {
    title: "Administration",
    permissions: [
      "VIEW_ADMIN_SETTINGS",
      "MANAGE_ADMIN_SETTINGS",
      "VIEW_AND_MANAGE_REPORTS",
      "MANAGE_ORG_IMPORT_EXPORT",
      "VIEW_MANAGE_ORGANIZATIONS",
    ],
  },
];

/** Role colours offered as swatches (any #RRGGBB may be typed). */
export const ROLE_COLOR_SWATCHES = [
  "#4263eb",
  "#1c7ed6",
  "#1098ad",
  "#0ca678",
  "#37b24d",
  "#f59f00",
  "#f76707",
  "#e03131",
  "#c2255c",
  "#9c36b5",
  "#6741d9",
  "#495057",
];
