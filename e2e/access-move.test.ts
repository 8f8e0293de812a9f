import { GROUP_MESSAGES, permissionBits } from "@signet/contract";
import { buildGroup, buildRole } from "@signet/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiAsPage, expectToast } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";

// Access journey 3: moving a group is refused where the target's role structure lacks the group's
// roles — the picker says '(Role Mismatch)' and the server answers the mismatch to a forced move.
describe("move a group with the location picker", () => {
  let app: TestApp;
  let browser: BrowserSession;
  const ids = { underwriting: "", servicing: "", credit: "", orgAdmin: "" };

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.server.db;
    const organizationId = app.demo.organizations.customer;
    const underwriter = await buildRole(db, {
      organizationId,
      name: "Underwriter",
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES"]),
    });
    const loanOfficer = await db.role.findFirstOrThrow({ where: { organizationId, name: "Loan Officer" } });
    // Underwriting [Underwriter] may go under Credit [Underwriter, Loan Officer], not under Servicing [Loan Officer].
    const underwriting = await buildGroup(db, { organizationId, name: "Underwriting", roleIds: [underwriter.id] });
    const servicing = await buildGroup(db, { organizationId, name: "Servicing", roleIds: [loanOfficer.id] });
    const credit = await buildGroup(db, {
      organizationId,
      name: "Credit",
      roleIds: [underwriter.id, loanOfficer.id],
    });
    const orgAdmin = await db.group.findFirstOrThrow({ where: { organizationId, name: "Org Admin" } });
    Object.assign(ids, {
      underwriting: underwriting.id,
      servicing: servicing.id,
      credit: credit.id,
      orgAdmin: orgAdmin.id,
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    browser = await launchBrowser({ baseURL: app.url });
  });
  afterEach(async () => {
    await browser?.close();
  });

  it("labels the mismatching target, refuses a forced move, and moves where the roles fit", async () => {
    const db = app.server.db;
    const orgId = app.demo.organizations.customer;
    const { page } = browser;
    await page.goto(`/sign-in?returnUrl=${encodeURIComponent(`/organizations/${orgId}/groups`)}`);
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    const tree = page.getByRole("tree", { name: "Groups" });
    await tree.getByRole("button", { name: "Actions for Underwriting" }).click();
    await page.getByRole("menuitem", { name: "Move group" }).click();

    const dialog = page.getByRole("dialog", { name: "Move Underwriting" });
    const servicing = dialog.getByRole("radio", { name: "Servicing (Role Mismatch)" });
    await servicing.waitFor();
    expect(await servicing.isDisabled()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Top level (Current Location)" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Credit", exact: true }).isDisabled()).toBe(false);
    // Org Admin has only Admin in its role structure: a mismatch too. The group itself is not offered.
    expect(await dialog.getByRole("radio", { name: "Org Admin (Role Mismatch)" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("radio", { name: /^Underwriting/ }).count()).toBe(0);
    await screenshot(page, "access-move-picker");

    // Nothing chosen: the dialog asks for a location.
    await dialog.getByRole("button", { name: "Move" }).click();
    await dialog.getByText("Choose the new location.").waitFor();

    // Forcing the refused move through the API answers the server's mismatch message; nothing moves.
    const group = await db.group.findUniqueOrThrow({ where: { id: ids.underwriting } });
    const forced = await apiAsPage(page, app, "PUT", `/api/v1/organizations/${orgId}/groups/${group.id}/location`, {
      parentId: ids.servicing,
      version: group.version,
    });
    expect(forced.status).toBe(409);
    expect(forced.body.message).toBe(GROUP_MESSAGES.roleMismatch);
    expect((await db.group.findUniqueOrThrow({ where: { id: ids.underwriting } })).parentId).toBeNull();

    // Credit fits: the group moves there.
    await dialog.getByRole("radio", { name: "Credit", exact: true }).check();
    await dialog.getByRole("button", { name: "Move" }).click();
    await expectToast(page, GROUP_MESSAGES.groupMoved);
    await dialog.waitFor({ state: "hidden" });
    const moved = await db.group.findUniqueOrThrow({ where: { id: ids.underwriting } });
    expect(moved.parentId).toBe(ids.credit);
    expect(moved.version).toBe(group.version + 1);
    const underwritingItem = tree.getByRole("treeitem", { name: "Underwriting" });
    await expect.poll(() => underwritingItem.getAttribute("aria-level")).toBe("2");

    // In its new place the old parent (top level) is selectable and Credit is the current location.
    await tree.getByRole("button", { name: "Actions for Underwriting" }).click();
    await page.getByRole("menuitem", { name: "Move group" }).click();
    await dialog.getByRole("radio", { name: "Credit (Current Location)" }).waitFor();
    expect(await dialog.getByRole("radio", { name: "Top level", exact: true }).isDisabled()).toBe(false);

    // A stale version is refused inline.
    await db.group.update({ where: { id: ids.underwriting }, data: { version: { increment: 1 } } });
    await dialog.getByRole("radio", { name: "Top level", exact: true }).check();
    await dialog.getByRole("button", { name: "Move" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Version not matched" }).waitFor();
    expect((await db.group.findUniqueOrThrow({ where: { id: ids.underwriting } })).parentId).toBe(ids.credit);
    expect(browser.errors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });
});
