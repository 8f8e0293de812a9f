import { GROUP_MESSAGES, MEMBERSHIP_MESSAGES, PERMISSIONS, ROLE_MESSAGES } from "@signet/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectToast, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Access journey 2: the admin builds a group tree, creates a role, adds an existing member to the
// group with it, and that member's menus change (Access control and Reports appear).
describe("groups, roles and a member whose menus follow", () => {
  let app: TestApp;
  let admin: BrowserSession;
  let member: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    admin = await launchBrowser({ baseURL: app.url });
    member = await launchBrowser({ baseURL: app.url });
  });
  afterEach(async () => {
    await admin?.close();
    await member?.close();
  });

  it("builds Compliance › Audit Team, creates Auditor and grants it to Morgan", async () => {
    const db = app.server.db;
    const orgId = app.demo.organizations.customer;

    // Before: the member has the demos only.
    const m = member.page;
    await m.goto("/sign-in");
    await signIn(m, app.users.member, DEMO_PASSWORD);
    await m.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await m.getByRole("button", { name: "Administration" }).click();
    await m.getByRole("menuitem", { name: "Embedded signing demo" }).waitFor();
    expect(await m.getByRole("menuitem").allInnerTexts()).toEqual([
      "Embedded signing demo",
      "Package collaboration demo",
    ]);
    await m.keyboard.press("Escape");

    // The admin adds a top-level group; the toast says what comes next and the members page opens.
    const page = admin.page;
    await page.goto(`/sign-in?returnUrl=${encodeURIComponent(`/organizations/${orgId}/groups`)}`);
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    const tree = page.getByRole("tree", { name: "Groups" });
    await tree.getByRole("treeitem", { name: "Org Admin" }).waitFor();
    await page.getByRole("link", { name: "Add group" }).click();
    await page.getByRole("heading", { name: "Add group", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add group" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByLabel(/^Name/).fill("Compliance");
    await page.getByLabel("Description").fill("Reviews closed packages");
    await page.getByRole("button", { name: "Add group" }).click();
    await expectToast(page, GROUP_MESSAGES.groupAdded);
    const compliance = await db.group.findFirstOrThrow({ where: { organizationId: orgId, name: "Compliance" } });
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/groups/${compliance.id}/members`);
    await page.getByRole("heading", { name: "Compliance", level: 1 }).waitFor();

    // A duplicate name is refused under the field.
    await page.goto(`/organizations/${orgId}/groups/new`);
    await page.getByLabel(/^Name/).fill("compliance ");
    await page.getByRole("button", { name: "Add group" }).click();
    await page.getByText(GROUP_MESSAGES.groupAlreadyExists).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Confirm" }).click();

    // A sub-group from the tree's actions.
    await tree.getByRole("button", { name: "Actions for Compliance" }).click();
    await page.getByRole("menuitem", { name: "Add sub-group" }).click();
    await page.getByRole("heading", { name: "Add sub-group", level: 1 }).waitFor();
    await page.getByText("The new group goes under Compliance.").waitFor();
    await page.getByLabel(/^Name/).fill("Audit Team");
    await page.getByRole("button", { name: "Add sub-group" }).click();
    await expectToast(page, GROUP_MESSAGES.groupAdded);
    const auditTeam = await db.group.findFirstOrThrow({ where: { organizationId: orgId, name: "Audit Team" } });
    expect(auditTeam.parentId).toBe(compliance.id);

    // A role with two permissions, in the role editor.
    await page.goto(`/organizations/${orgId}/roles`);
    await page.getByRole("table", { name: "Roles" }).getByText("Loan Officer").waitFor();
    await page.getByRole("link", { name: "Add role" }).click();
    await page.getByRole("heading", { name: "Add role", level: 1 }).waitFor();
    await page.getByLabel(/^Name/).fill("Auditor");
    await page.getByLabel("Description").fill("Reads users and runs reports");
    await page.getByLabel("Color").fill("#0ca678");
    await page.getByLabel("View users, groups and roles").check();
    await page.getByLabel("Reports").check();
    await page.getByRole("heading", { name: "Add role", level: 1 }).click();
    await screenshot(page, "access-role-editor");
    await page.getByRole("button", { name: "Add role" }).click();
    await expectToast(page, ROLE_MESSAGES.roleAdded);
    const auditor = await db.role.findFirstOrThrow({ where: { organizationId: orgId, name: "Auditor" } });
    expect(auditor.permissions).toBe(PERMISSIONS.VIEW_USERS_GROUPS_ROLES | PERMISSIONS.VIEW_AND_MANAGE_REPORTS);
    expect(auditor.roleColor?.toLowerCase()).toBe("#0ca678");
    const auditorRow = page.getByRole("table", { name: "Roles" }).getByRole("row").filter({ hasText: "Auditor" });
    await auditorRow.getByText("2 of 12").waitFor();
    // Admin is system-defined: no editing, no deleting.
    const adminRow = page.getByRole("table", { name: "Roles" }).getByRole("row").filter({ hasText: "Administers" });
    expect(await adminRow.getByRole("button", { name: "Edit Admin" }).isDisabled()).toBe(true);
    expect(await adminRow.getByRole("button", { name: "Delete Admin" }).isDisabled()).toBe(true);

    // Compliance gets Auditor in its role structure.
    await page.goto(`/organizations/${orgId}/groups`);
    await tree.getByRole("button", { name: "Actions for Compliance" }).click();
    await page.getByRole("menuitem", { name: "Edit group" }).click();
    await page.getByRole("heading", { name: "Edit group", level: 1 }).waitFor();
    await pickOption(page, "Roles", "Auditor");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, GROUP_MESSAGES.groupUpdated);
    await page.waitForURL((url) => url.pathname === `/organizations/${orgId}/groups`);
    const complianceItem = tree.getByRole("treeitem", { name: "Compliance" });
    await complianceItem.getByText("Auditor").waitFor();
    await tree.getByRole("treeitem", { name: "Audit Team" }).waitFor();
    expect(await tree.getByRole("treeitem", { name: "Audit Team" }).getAttribute("aria-level")).toBe("2");
    await screenshot(page, "access-group-tree");

    // Collapse and expand.
    await tree.getByRole("button", { name: "Collapse Compliance" }).click();
    expect(await tree.getByRole("treeitem", { name: "Audit Team" }).count()).toBe(0);
    await tree.getByRole("button", { name: "Expand Compliance" }).click();
    await tree.getByRole("treeitem", { name: "Audit Team" }).waitFor();

    // Morgan joins Compliance as Auditor.
    await complianceItem.getByRole("button", { name: "Members" }).click();
    await page.getByRole("heading", { name: "Compliance", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add members" }).click();
    const dialog = page.getByRole("dialog", { name: "Add members to Compliance" });
    await dialog.getByRole("combobox", { name: "Users" }).fill("Morg");
    await page.getByRole("option", { name: /Morgan Member/ }).click();
    await page.keyboard.press("Escape");
    // A single role in the structure is preselected.
    await dialog.getByText("Auditor").waitFor();
    await screenshot(page, "access-add-members");
    await dialog.getByRole("button", { name: "Add members" }).click();
    await expectToast(page, MEMBERSHIP_MESSAGES.memberAdded);
    const members = page.getByRole("table", { name: "Group members" });
    const morganRow = members.getByRole("row").filter({ hasText: "Morgan Member" });
    await morganRow.getByText("Auditor").waitFor();
    const morgan = await db.user.findUniqueOrThrow({ where: { email: app.users.member } });
    expect(
      await db.memberRole.findMany({ where: { userId: morgan.id, groupId: compliance.id }, select: { roleId: true } }),
    ).toEqual([{ roleId: auditor.id }]);

    // In the sub-group the role is inherited, and cannot be removed there.
    await page.goto(`/organizations/${orgId}/groups/${auditTeam.id}/members`);
    const inheritedRow = members.getByRole("row").filter({ hasText: "Morgan Member" });
    await inheritedRow.getByText("Auditor (inherited)").waitFor();
    await screenshot(page, "access-group-members-inherited");
    expect(await inheritedRow.getByRole("button", { name: "Remove Morgan Member" }).isDisabled()).toBe(true);

    // After: the member's menus follow on the next load.
    await m.reload();
    await m.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await m.getByRole("button", { name: "Administration" }).click();
    await m.getByRole("menuitem", { name: "Embedded signing demo" }).waitFor();
    expect(await m.getByRole("menuitem").allInnerTexts()).toEqual([
      "Access control",
      "Reports",
      "Embedded signing demo",
      "Package collaboration demo",
    ]);
    await m.getByRole("menuitem", { name: "Access control" }).click();
    await m.getByRole("table", { name: "Users" }).getByRole("link", { name: "Alex Admin" }).waitFor();
    // View only: no Add user.
    expect(await m.getByRole("link", { name: "Add user" }).count()).toBe(0);

    // Removing the member takes it away again.
    await page.goto(`/organizations/${orgId}/groups/${compliance.id}/members`);
    await members.getByRole("button", { name: "Remove Morgan Member" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expectToast(page, MEMBERSHIP_MESSAGES.memberRemoved);
    expect(await db.memberRole.count({ where: { userId: morgan.id, groupId: compliance.id } })).toBe(0);
    // Without a reload: the next access-control page the member opens re-reads the permissions.
    await m.getByRole("tab", { name: "Groups" }).click();
    await m.getByRole("heading", { name: "You don't have permission to open Access control" }).waitFor();
    await m.getByRole("button", { name: "Administration" }).click();
    await m.getByRole("menuitem", { name: "Embedded signing demo" }).waitFor();
    expect(await m.getByRole("menuitem").allInnerTexts()).toEqual([
      "Embedded signing demo",
      "Package collaboration demo",
    ]);

    // Deleting a group with a sub-group is refused inside the confirmation; the sub-group goes.
    await page.goto(`/organizations/${orgId}/groups`);
    await tree.getByRole("button", { name: "Actions for Compliance" }).click();
    await page.getByRole("menuitem", { name: "Delete group" }).click();
    const deleteGroup = page.getByRole("dialog", { name: "Delete group Compliance" });
    await deleteGroup.getByText(GROUP_MESSAGES.deleteGroupConfirm).waitFor();
    await deleteGroup.getByRole("button", { name: "Delete" }).click();
    await deleteGroup.getByRole("alert").filter({ hasText: GROUP_MESSAGES.hasSubGroups }).waitFor();
    await deleteGroup.getByRole("button", { name: "Cancel" }).click();
    await tree.getByRole("button", { name: "Actions for Audit Team" }).click();
    await page.getByRole("menuitem", { name: "Delete group" }).click();
    await page.getByRole("dialog", { name: "Delete group Audit Team" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, GROUP_MESSAGES.groupDeleted);
    await expect.poll(() => tree.getByRole("treeitem", { name: "Audit Team" }).count()).toBe(0);
    expect(await db.group.findUnique({ where: { id: auditTeam.id } })).toBeNull();

    // Deleting a role says its holders lose its permissions.
    await page.goto(`/organizations/${orgId}/roles`);
    await page.getByRole("button", { name: "Delete Auditor" }).click();
    const deleteRole = page.getByRole("dialog", { name: "Delete role Auditor" });
    await deleteRole.getByText(/will lose its permissions/).waitFor();
    await deleteRole.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, ROLE_MESSAGES.roleDeleted);
    expect(await db.role.findUnique({ where: { id: auditor.id } })).toBeNull();
    expect(admin.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
    expect(member.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });
});
