import { fileURLToPath } from "node:url";
import { CLOSING_CENTER_MESSAGES, fillPath, type Package, routes, routeUrl } from "@signet/contract";
import { buildUser } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { expectNoHorizontalOverflow, signInAs } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 16 §3 (web): the administrator adds a closing center in Settings › Closing centers and
// adds a title agent's user; the member with package permissions only shares one package with it;
// the closing-center user signs in, sees only that package and no administration; the support
// user reads the settings page of the organization.

const CENTER = "Evergreen Title";

describe("closing centers", () => {
  let app: TestApp;
  let orgId: string;
  let closerEmail: string;
  let shared: Package;
  let notShared: Package;

  beforeAll(async () => {
    app = await startTestApp();
    orgId = app.demo.organizations.customer;
    await app.server.db.organization.update({ where: { id: orgId }, data: { enabledClosingCenter: true } });
    // the title agent already has an account in the organization (no role): adding them is immediate
    closerEmail = "tia.closer@evergreen-title.example";
    await buildUser(app.server.db, {
      email: closerEmail,
      givenName: "Tia",
      familyName: "Closer",
      homeOrganizationId: orgId,
      password: DEMO_PASSWORD,
    });
  });
  afterAll(() => app?.close());

  it("the administrator adds a closing center and its user", async () => {
    const admin = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = admin;
      await signInAs(admin.page, app.users.admin);
      await page.goto("/settings?page=closing-centers");
      await page.getByText("No closing centers yet").waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Add closing center" }).click();
      const dialog = page.getByRole("dialog", { name: "Add closing center" });
      await dialog.getByRole("textbox", { name: "Name" }).fill(CENTER);
      const phone = dialog.getByRole("textbox", { name: "Contact phone" });
      await phone.fill("12");
      await phone.blur();
      await dialog.getByText("Enter a ten-digit phone number.").waitFor();
      await phone.fill("(503) 555-0142");
      await dialog.getByRole("textbox", { name: "City" }).fill("Portland");
      await dialog.getByRole("checkbox", { name: "Upload documents" }).check();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Add closing center" }).click();
      await dismissToast(page, CLOSING_CENTER_MESSAGES.created);
      const card = page.getByRole("region", { name: CENTER });
      await card.getByText("View the package, Download documents, Upload documents").waitFor();
      await card.getByText("503-555-0142").waitFor();

      await card.getByRole("button", { name: `Invite user to ${CENTER}` }).click();
      const invite = page.getByRole("dialog", { name: `Invite a user to ${CENTER}` });
      await invite.getByRole("textbox", { name: "Email" }).fill(closerEmail);
      await invite.getByRole("textbox", { name: "First name" }).fill("Tia");
      await invite.getByRole("textbox", { name: "Last name" }).fill("Closer");
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await dismissToast(page, `${closerEmail} added to ${CENTER}.`);
      await card
        .getByRole("table", { name: `Users of ${CENTER}` })
        .getByText(closerEmail)
        .waitFor();
      await card.getByText("Active", { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "closing-centers-settings");
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it("the member with package permissions only shares one package with the closing center", async () => {
    const member = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    try {
      const { page } = member;
      await signInAs(member.page, app.users.member);
      const create = async (name: string) => {
        const reply = await apiAsPage(page, app, "POST", fillPath(routeUrl(routes.createPackage), { orgId }), { name });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        return reply.body as unknown as Package;
      };
      shared = await create("Okafor purchase closing");
      notShared = await create("Lindqvist refinance");

      await page.goto(`/packages/${shared.id}`);
      const panel = page.getByRole("region", { name: "Closing centers" });
      await panel.getByText("Not shared with a closing center.").waitFor();
      await panel.getByRole("button", { name: "Share with closing center" }).click();
      const dialog = page.getByRole("dialog", { name: "Share with closing center" });
      // (not pickOption: its Escape would close the dialog)
      await dialog.getByRole("combobox", { name: "Closing center" }).click();
      await page.getByRole("option", { name: `${CENTER} (Title agent)` }).click();
      // the closing center's defaults are offered, and the sender adds one more
      expect(await dialog.getByRole("checkbox", { name: "Upload documents" }).isChecked()).toBe(true);
      await dialog.getByRole("checkbox", { name: "Edit participants" }).check();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Share package" }).click();
      await dismissToast(page, CLOSING_CENTER_MESSAGES.shared);
      await panel.getByText("May: View the package, Download documents, Upload documents, Edit participants").waitFor();
      await expectNoAxeViolations(page);

      // the settings page is not for this member
      await page.goto("/settings?page=closing-centers");
      await page.getByRole("heading", { name: "You don't have permission to open Settings" }).waitFor();
      expect(member.errors).toEqual([]);
    } finally {
      await member.close();
    }
  });

  it("the closing-center user sees and opens only the shared package, with no administration", async () => {
    const closer = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const phone = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    try {
      const { page } = closer;
      await signInAs(closer.page, closerEmail);
      await page.goto("/workspace");
      await page.getByText(shared.name).first().waitFor();
      expect(await page.getByText(notShared.name).count()).toBe(0);
      expect(await page.getByRole("button", { name: /Administration/ }).count()).toBe(0);
      await expectNoAxeViolations(page);

      await page.goto(`/packages/${shared.id}`);
      const mine = page.getByRole("region", { name: "Shared with your closing center" });
      await mine
        .getByText(/You may: View the package, Download documents, Upload documents, Edit participants/)
        .waitFor();
      // what the share allows on a draft: add a participant and upload a document
      await mine.getByRole("button", { name: "Add participant" }).click();
      const add = page.getByRole("dialog", { name: "Add participant" });
      await add.getByRole("textbox", { name: "First name" }).fill("Ada");
      await add.getByRole("textbox", { name: "Last name" }).fill("Okafor");
      await add.getByRole("textbox", { name: "Email" }).fill("ada.okafor@example.com");
      await expectNoAxeViolations(page);
      await add.getByRole("button", { name: "Add participant" }).click();
      await dismissToast(page, "Ada Okafor added.");
      await page.getByRole("table", { name: "Participants" }).getByText(/Ada/).first().waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles(fileURLToPath(new URL("../fixtures/pdfs/minimal-document.pdf", import.meta.url)));
      await dismissToast(page, "minimal-document.pdf uploaded.");
      await page.getByRole("table", { name: "Documents" }).getByText("minimal-document").waitFor();
      expect(
        await app.server.db.participant.count({ where: { packageId: shared.id, email: "ada.okafor@example.com" } }),
      ).toBe(1);
      await expectNoAxeViolations(page);
      await screenshot(page, "closing-center-user-package");

      // another package of the organization does not exist for them
      const hidden = await page.request.get(
        `${app.url}${fillPath(routeUrl(routes.getPackage), { orgId, packageId: notShared.id })}`,
        { headers: { "x-eo-response-format": "cookie" } },
      );
      expect(hidden.status()).toBe(404);
      expect(closer.errors).toEqual([]);

      await signInAs(phone.page, closerEmail);
      await phone.page.goto(`/packages/${shared.id}`);
      await phone.page.getByText("Shared with your closing center").waitFor();
      await expectNoHorizontalOverflow(phone.page);
    } finally {
      await closer.close();
      await phone.close();
    }
  });

  it("the support user reads the organization's closing centers", async () => {
    const support = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = support;
      await signInAs(support.page, app.users.support);
      await page.goto(`/settings?page=closing-centers&org=${orgId}`);
      const card = page.getByRole("region", { name: CENTER });
      await card.getByText("1 package shared").waitFor();
      await card.getByText(closerEmail).waitFor();
      await expectNoAxeViolations(page);
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });

  it("fits a phone's width on the settings page", async () => {
    const phone = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    try {
      await signInAs(phone.page, app.users.admin);
      await phone.page.goto("/settings?page=closing-centers");
      await phone.page.getByRole("region", { name: CENTER }).waitFor();
      await expectNoHorizontalOverflow(phone.page);
      await expectNoAxeViolations(phone.page);
    } finally {
      await phone.close();
    }
  });
});
