import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fillPath, type Package, PRINT_SETTINGS_MESSAGES, permissionBits, routes, routeUrl } from "@signet/contract";
import { buildGroup, buildRole, buildUser, grantRoles } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAsPage, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { expectNoHorizontalOverflow, signInAs } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 16 §4 (web, settings half): the administrator sets up print fulfillment in Settings › Print
// fulfillment (vendor and its connection test, a return address checked as a US address with the
// envelope window preview, a business return envelope, a carrier); the member with package
// permissions only turns it on in the builder and is not offered the settings; a settings viewer
// reads them with the reason; the support user opens the page of another organization on a phone.

const SECRET = "print-e2e-secret-5d1c";

describe("print fulfillment settings", () => {
  let app: TestApp;
  let vendor: Server;
  let vendorUrl: string;
  let orgId: string;

  beforeAll(async () => {
    // a stand-in print vendor answering GET /health for its one client
    vendor = createServer((request, response) => {
      const expected = `Basic ${Buffer.from(`signet-client:${SECRET}`).toString("base64")}`;
      if (request.url !== "/health") return void response.writeHead(404).end();
      response.writeHead(request.headers.authorization === expected ? 200 : 401).end();
    });
    await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
    vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    // the stand-in vendor listens on loopback, which the outbound policy refuses unless named
    app = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${(vendor.address() as AddressInfo).port}` });
    orgId = app.demo.organizations.customer;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => vendor?.close(resolve));
  });

  it("the administrator sets up the vendor, a return address, an envelope and a carrier", async () => {
    const admin = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = admin;
      await signInAs(admin.page, app.users.admin);
      await page.goto("/settings?page=print-fulfillment");
      await page.getByText("Connection not tested yet.").waitFor();
      await expectNoAxeViolations(page);

      // the vendor, with a wrong secret first: the test says so in words
      const vendorForm = page.getByRole("form", { name: "Print fulfillment" });
      await vendorForm.getByRole("textbox", { name: "Vendor URL" }).fill(vendorUrl);
      await vendorForm.getByRole("textbox", { name: "Client ID" }).fill("signet-client");
      await vendorForm.getByLabel("Client secret").fill("not-the-secret");
      await vendorForm.getByRole("switch", { name: "Print fulfillment" }).check();
      await vendorForm.getByRole("button", { name: "Save" }).click();
      await dismissToast(page, PRINT_SETTINGS_MESSAGES.saved);
      await vendorForm.getByRole("button", { name: "Test connection" }).click();
      await vendorForm.getByText("Connection failed").waitFor();
      await vendorForm.getByText("The print vendor refused the client ID or client secret.").first().waitFor();
      await vendorForm.getByText("Stored encrypted. Leave empty to keep it.").waitFor();
      await vendorForm.getByLabel("Client secret").fill(SECRET);
      await vendorForm.getByRole("button", { name: "Save" }).click();
      await dismissToast(page, PRINT_SETTINGS_MESSAGES.saved);
      await vendorForm.getByRole("button", { name: "Test connection" }).click();
      await vendorForm.getByText("Connection succeeded").waitFor();
      await vendorForm.getByText(/^Last test succeeded/).waitFor();
      const stored = await app.server.db.printFulfillmentSettings.findUniqueOrThrow({
        where: { organizationId: orgId },
      });
      expect([stored.enabled, stored.lastTestOk]).toEqual([true, true]);
      expect(stored.clientSecretEncrypted).not.toContain(SECRET);

      // a return address: checked as the user leaves a field, previewed as the window shows it
      await page.getByRole("button", { name: "Add return address" }).click();
      const addressDialog = page.getByRole("dialog", { name: "Add return address" });
      await addressDialog.getByRole("textbox", { name: "Name" }).fill("Closing Department");
      await addressDialog.getByRole("textbox", { name: "Company" }).fill("Harbor Lending");
      await addressDialog.getByRole("textbox", { name: "Address line 1" }).fill("100 Main Street");
      await addressDialog.getByRole("textbox", { name: "City" }).fill("Springfield");
      await pickOption(page, "State", "IL");
      const zip = addressDialog.getByRole("textbox", { name: "ZIP code" });
      await zip.fill("627");
      await zip.blur();
      await addressDialog.getByText("Enter a 5-digit ZIP code or ZIP+4, e.g. 94105 or 94105-1234").waitFor();
      await zip.fill("62704-1234");
      const preview = addressDialog.getByLabel("Envelope window preview");
      await expect
        .poll(() => preview.textContent())
        .toBe("CLOSING DEPARTMENT\nHARBOR LENDING\n100 MAIN STREET\nSPRINGFIELD IL 62704-1234");
      await expectNoAxeViolations(page);
      await addressDialog.getByRole("button", { name: "Add return address" }).click();
      await dismissToast(page, PRINT_SETTINGS_MESSAGES.returnAddressAdded);
      const addressCard = page.getByRole("article", { name: "Harbor Lending" });
      await addressCard.getByText("Default").waitFor();

      // a business return envelope printing that address
      await page.getByRole("button", { name: "Add envelope" }).click();
      const envelopeDialog = page.getByRole("dialog", { name: "Add business return envelope" });
      await envelopeDialog.getByRole("textbox", { name: "Name" }).fill("Signed documents return");
      await envelopeDialog.getByRole("textbox", { name: "Permit number" }).fill("12345");
      await envelopeDialog.getByRole("textbox", { name: "Post office of the permit" }).fill("Springfield IL");
      await envelopeDialog.getByText("FIRST-CLASS MAIL PERMIT NO. 12345 SPRINGFIELD IL").waitFor();
      await envelopeDialog.getByRole("button", { name: "Add envelope" }).click();
      await dismissToast(page, PRINT_SETTINGS_MESSAGES.breAdded);
      await page.getByRole("article", { name: "Signed documents return" }).getByText("BUSINESS REPLY MAIL").waitFor();

      // a carrier
      await page.getByRole("button", { name: "Add carrier" }).click();
      const carrierDialog = page.getByRole("dialog", { name: "Add carrier" });
      await carrierDialog.getByRole("textbox", { name: "Service level" }).fill("First-Class");
      await carrierDialog.getByRole("button", { name: "Add carrier" }).click();
      await dismissToast(page, PRINT_SETTINGS_MESSAGES.carrierAdded);
      await page.getByRole("article", { name: "USPS First-Class" }).getByText("Default").waitFor();

      // the default address carried by an envelope cannot go: the API's words
      await page.getByRole("button", { name: "Actions for Harbor Lending" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete Harbor Lending" }).getByRole("button", { name: "Delete" }).click();
      await dismissToast(page, PRINT_SETTINGS_MESSAGES.returnAddressInUse);
      await expectNoAxeViolations(page);
      await screenshot(page, "print-fulfillment-settings");
      expect(admin.errors.filter((error) => !error.includes("status of 409"))).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it("the member with package permissions turns print fulfillment on in the builder; Settings is not offered", async () => {
    const member = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = member;
      await signInAs(member.page, app.users.member);
      const created = await apiAsPage(page, app, "POST", fillPath(routeUrl(routes.createPackage), { orgId }), {
        name: "Harbor paper closing",
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const pkg = created.body as unknown as Package;
      await page.goto(`/packages/${pkg.id}/build?step=3`);
      const toggle = page.getByRole("switch", { name: "Print and mail paper documents" });
      await toggle.waitFor();
      await page.getByText(/^WK — /).waitFor();
      await page.getByText("USPS First-Class").waitFor();
      // the switch shows the saved package: it turns on once the save has answered
      await toggle.click();
      await dismissToast(page, "Print fulfillment updated successfully");
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await expect
        .poll(
          async () => (await app.server.db.package.findUniqueOrThrow({ where: { id: pkg.id } })).enablePrintFulfillment,
        )
        .toBe(true);
      await expectNoAxeViolations(page);

      await page.goto("/settings?page=print-fulfillment");
      await page.getByRole("heading", { name: "You don't have permission to open Settings" }).waitFor();
      expect(await page.getByRole("button", { name: "Add carrier" }).count()).toBe(0);
      expect(member.errors).toEqual([]);
    } finally {
      await member.close();
    }
  });

  it("shows a settings viewer the page read-only with the reason", async () => {
    const db = app.server.db;
    const role = await buildRole(db, {
      organizationId: orgId,
      name: "Print auditor",
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"]),
    });
    const group = await buildGroup(db, { organizationId: orgId, name: "Print auditors" });
    const user = await buildUser(db, {
      email: "pat@print-viewer.example",
      givenName: "Pat",
      familyName: "Viewer",
      homeOrganizationId: orgId,
      password: DEMO_PASSWORD,
    });
    await grantRoles(db, { organizationId: orgId, groupId: group.id, userId: user.id, roleIds: [role.id] });
    const viewer = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = viewer;
      await signInAs(viewer.page, "pat@print-viewer.example");
      await page.goto("/settings?page=print-fulfillment");
      await page.getByRole("article", { name: "USPS First-Class" }).waitFor();
      await page.getByText("You need the Manage admin settings permission to change print fulfillment.").waitFor();
      for (const name of ["Add return address", "Add envelope", "Add carrier", "Save", "Test connection"])
        expect(await page.getByRole("button", { name }).getAttribute("aria-disabled"), name).toBe("true");
      expect(await page.getByRole("textbox", { name: "Vendor URL" }).getAttribute("readonly")).not.toBeNull();
      await expectNoAxeViolations(page);
      expect(viewer.errors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });

  it("the support user opens another organization's Print fulfillment page on a phone", async () => {
    const support = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    try {
      const { page } = support;
      await signInAs(support.page, app.users.support);
      await page.goto(`/settings?page=print-fulfillment&org=${orgId}`);
      await page.getByText("Support access").waitFor();
      await page.getByRole("article", { name: "Harbor Lending" }).waitFor();
      expect(await page.getByRole("textbox", { name: "Vendor URL" }).inputValue()).toBe(vendorUrl);
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);
      await screenshot(page, "print-fulfillment-settings-phone");
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });
});
