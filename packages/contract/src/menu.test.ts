import { describe, expect, it } from "vitest";
import { buildMenu, isMenuItemVisible, type MenuContext, type MenuItemId } from "./menu.ts";
import { ALL_PERMISSIONS, PERMISSIONS, permissionBits } from "./permissions.ts";

const ctx = (over: Partial<MenuContext> = {}): MenuContext => ({
  permissions: 0,
  supportUser: false,
  supportOrganization: false,
  embeddedSrEnabled: false,
  enabledPkgCollaboration: false,
  ...over,
});

describe("menu gating (spec §6)", () => {
  const cases: [MenuItemId, MenuContext, boolean][] = [
    ["workspace", ctx({ permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES }), true],
    ["workspace", ctx({ permissions: ALL_PERMISSIONS & ~PERMISSIONS.VIEW_DOCUMENTS_PACKAGES }), false],
    ["accessControl", ctx({ permissions: PERMISSIONS.VIEW_USERS_GROUPS_ROLES }), true],
    ["accessControl", ctx({ permissions: PERMISSIONS.MANAGE_USERS }), false],
    ["settings", ctx({ permissions: PERMISSIONS.VIEW_ADMIN_SETTINGS }), true],
    ["settings", ctx({ permissions: PERMISSIONS.MANAGE_ADMIN_SETTINGS }), false],
    ["reports", ctx({ permissions: PERMISSIONS.VIEW_AND_MANAGE_REPORTS }), true],
    ["importExport", ctx({ permissions: PERMISSIONS.MANAGE_ORG_IMPORT_EXPORT }), true],
    ["importExport", ctx({ permissions: PERMISSIONS.VIEW_ADMIN_SETTINGS }), false],
    ["embeddedSigningDemo", ctx({ permissions: PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES }), false],
    ["embeddedSigningDemo", ctx({ permissions: PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES, embeddedSrEnabled: true }), true],
    ["embeddedSigningDemo", ctx({ permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES, embeddedSrEnabled: true }), false],
    ["packageCollaborationDemo", ctx({ permissions: PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES }), false],
    [
      "packageCollaborationDemo",
      ctx({ permissions: PERMISSIONS.MANAGE_DOCUMENTS_PACKAGES, enabledPkgCollaboration: true }),
      true,
    ],
    ["samlProviders", ctx({ permissions: ALL_PERMISSIONS }), false],
    ["samlProviders", ctx({ supportUser: true }), true],
    ["notifications", ctx({ supportUser: true }), true],
    ["notifications", ctx({ permissions: ALL_PERMISSIONS }), false],
    ["buildInfo", ctx({ supportOrganization: true, permissions: PERMISSIONS.VIEW_ADMIN_SETTINGS }), true],
    ["buildInfo", ctx({ supportOrganization: true, permissions: PERMISSIONS.MANAGE_USERS }), false],
    ["buildInfo", ctx({ permissions: ALL_PERMISSIONS }), false],
    ["operations", ctx({ supportUser: true }), true],
    ["operations", ctx({ supportOrganization: true, permissions: ALL_PERMISSIONS }), false],
  ];
  it.each(cases)("%s with %j → %s", (id, context, visible) => {
    expect(isMenuItemVisible(id, context)).toBe(visible);
  });

  it("hides Administration when no item applies", () => {
    expect(buildMenu(ctx({ permissions: PERMISSIONS.VIEW_DOCUMENTS_PACKAGES })).administration).toBeNull();
  });

  it("lists Administration items in menu order", () => {
    const menu = buildMenu(
      ctx({ permissions: permissionBits(["VIEW_ADMIN_SETTINGS", "VIEW_USERS_GROUPS_ROLES"]), supportUser: true }),
    );
    expect(menu.administration?.map((item) => item.label)).toEqual([
      "Access control",
      "Settings",
      "SAML providers",
      "Notifications",
    ]);
  });
});
