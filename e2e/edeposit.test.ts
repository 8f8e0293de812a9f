import { EDEPOSIT_MESSAGES, fillPath, type Package, permissionBits, routes, routeUrl } from "@signet/contract";
import { buildGroup, buildRole, buildUser, grantRoles } from "@signet/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SpawnedReferenceEVault,
  spawnReferenceEVault,
} from "../apps/evault/src/testing/spawn-reference-evault.ts";
import { apiAsPage, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { signInAs } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 15 §2, §3 (web): the administrator adds an eVault in Settings › Electronic vault, tests the
// connection (refused, wrong secret, then right), and sets a package's eDeposit in the builder; the
// member with package permissions only follows a failed deposit on the package page, retries and
// cancels it, and is not offered the settings; the support user opens another organization's page.

const VAULT_NAME = "Harbor eVault";
// nothing listens on the discard port: the connection is refused at once
const REFUSING_URL = "http://127.0.0.1:9";

describe("eVaults and eDeposit", () => {
  let app: TestApp;
  let vault: SpawnedReferenceEVault;
  let orgId: string;

  beforeAll(async () => {
    [vault, app] = await Promise.all([
      spawnReferenceEVault(),
      startTestApp({ OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost", EVAULT_TIMEOUT_SECONDS: "5" }),
    ]);
    orgId = app.demo.organizations.customer;
  });
  afterAll(async () => {
    await app?.close();
    await vault?.kill();
    await vault?.removeDataDir();
  });

  const createPackage = async (page: Page, name: string) => {
    const created = await apiAsPage(page, app, "POST", fillPath(routeUrl(routes.createPackage), { orgId }), { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pkg = created.body as unknown as Package;
    // a document row as an upload leaves it (E-Sign by default): the note the deposit is about
    const note = await app.server.db.document.create({
      data: {
        packageId: pkg.id,
        organizationId: orgId,
        name: "Promissory note",
        nameKey: "promissory note",
        orderSequence: 1,
        blobKey: `test/${pkg.id}/note.pdf`,
        sizeBytes: 1024,
        sha256: "0".repeat(64),
        numPages: 1,
        originalFileName: "note.pdf",
      },
    });
    return { pkg, note };
  };
  const vaultCard = (page: Page) => page.getByRole("region", { name: VAULT_NAME });

  it("the administrator adds an eVault, tests its connection and sets a package's eDeposit", async () => {
    const admin = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = admin;
      await signInAs(admin.page, app.users.admin);
      await page.goto("/settings?page=electronic-vault");
      await page.getByText("No eVaults yet").waitFor();
      await expectNoAxeViolations(page);

      // Add: the form checks as the user leaves a field, in the contract's words
      await page.getByRole("button", { name: "Add eVault" }).click();
      const dialog = page.getByRole("dialog", { name: "Add eVault" });
      await dialog.getByRole("textbox", { name: "Name" }).fill(VAULT_NAME);
      const url = dialog.getByRole("textbox", { name: "URL" });
      await url.fill("vault.example.com");
      await url.blur();
      await dialog.getByText("Enter the eVault's address, e.g. https://vault.example.com").waitFor();
      await url.fill(REFUSING_URL);
      await dialog.getByRole("textbox", { name: "Client ID" }).fill(vault.clientId);
      await dialog.getByLabel("Client secret").fill("not-the-secret");
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Add eVault" }).click();
      await dismissToast(page, EDEPOSIT_MESSAGES.saved);
      const card = vaultCard(page);
      await card.getByText("Not tested yet").waitFor();
      await card.getByText("Enabled", { exact: true }).waitFor();

      // a vault that refuses the connection: the failure in plain words, red
      await card.getByRole("button", { name: `Test connection to ${VAULT_NAME}` }).click();
      const result = card.getByRole("status").filter({ hasText: /Connection (failed|succeeded)/ });
      await result.getByText("Connection failed").waitFor();
      const refused = await result.textContent();
      await card.getByText(/^Failed /).waitFor();
      await screenshot(page, "evault-connection-refused");

      // the real vault with a wrong secret: refused, and the page says so
      await page.getByRole("button", { name: `Actions for ${VAULT_NAME}` }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: `Edit ${VAULT_NAME}` });
      await edit.getByText("Leave empty to keep the stored secret").waitFor();
      expect(await edit.getByLabel("Client secret").inputValue()).toBe("");
      await edit.getByRole("textbox", { name: "URL" }).fill(vault.url);
      await edit.getByRole("button", { name: "Save eVault" }).click();
      await dismissToast(page, EDEPOSIT_MESSAGES.saved);
      await card.getByRole("button", { name: `Test connection to ${VAULT_NAME}` }).click();
      await result.getByText("Connection failed").waitFor();
      const wrongSecret = await result.textContent();
      expect(wrongSecret).not.toContain(EDEPOSIT_MESSAGES.connectionOk);
      expect(wrongSecret).not.toBe(refused);

      // the right secret: green, the vault's name and protocol, and what it accepts
      await page.getByRole("button", { name: `Actions for ${VAULT_NAME}` }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await edit.getByLabel("Client secret").fill(vault.clientSecret);
      await edit.getByRole("button", { name: "Save eVault" }).click();
      await dismissToast(page, EDEPOSIT_MESSAGES.saved);
      await card.getByRole("button", { name: `Test connection to ${VAULT_NAME}` }).click();
      await result.getByText("Connection succeeded").waitFor();
      await result.getByText(EDEPOSIT_MESSAGES.connectionOk, { exact: false }).waitFor();
      await card.getByText("Transaction types").waitFor();
      await card.getByText("Document types").waitFor();
      await card.getByText(/^Succeeded /).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "evault-settings");
      const stored = await app.server.db.eVault.findFirstOrThrow({ where: { organizationId: orgId } });
      expect(stored.lastTestOk).toBe(true);
      expect(stored.clientSecretEncrypted).not.toContain(vault.clientSecret);

      // the builder: eDeposit on, into the vault, with the note and the transaction type
      const { pkg, note } = await createPackage(page, "Harbor purchase");
      await page.goto(`/packages/${pkg.id}/build?step=3`);
      const deposit = page.getByRole("switch", { name: "Deposit into an eVault when completed" });
      await deposit.check();
      // on, without a vault yet: nothing is saved, and the form says what is missing
      await page
        .getByText("Saved once the eVault, the transaction type and the financial asset document are chosen.")
        .waitFor();
      await pickOption(page, "eVault", VAULT_NAME);
      await pickOption(page, "Transaction type", "Purchase");
      await pickOption(page, "Financial asset document", "Promissory note");
      await page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
      await expect
        .poll(() => app.server.db.packageEDeposit.findUnique({ where: { packageId: pkg.id } }))
        .toMatchObject({
          enabled: true,
          eVaultId: stored.id,
          financialAssetDocId: note.id,
          financialAssetDocType: "PROMISSORY_NOTE",
          supplementalDocType: "OTHER",
          transactionType: "PURCHASE",
        });
      await expectNoAxeViolations(page);
      await screenshot(page, "edeposit-builder");
      // the list counts the package as using the vault, and the API refuses to delete it: its words
      await page.goto("/settings?page=electronic-vault");
      await vaultCard(page).getByText("1 package").waitFor();
      await page.getByRole("button", { name: `Actions for ${VAULT_NAME}` }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete eVault" }).getByRole("button", { name: "Delete" }).click();
      await dismissToast(page, EDEPOSIT_MESSAGES.vaultInUse);
      await vaultCard(page).waitFor();

      // leaving an edit with unsaved changes asks first
      await page.getByRole("button", { name: `Actions for ${VAULT_NAME}` }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await edit.getByRole("textbox", { name: "Name" }).fill("Harbor eVault (old)");
      await edit.getByRole("button", { name: "Cancel" }).click();
      const unsaved = page.getByRole("dialog", { name: "Unsaved changes" });
      await unsaved.getByRole("button", { name: "Cancel" }).click();
      await unsaved.waitFor({ state: "hidden" });
      await edit.getByRole("button", { name: "Cancel" }).click();
      await unsaved.getByRole("button", { name: "Confirm" }).click();
      await edit.waitFor({ state: "hidden" });
      expect((await app.server.db.eVault.findFirstOrThrow({ where: { id: stored.id } })).name).toBe(VAULT_NAME);
      // the browser reports the refused delete (409) itself; nothing else may go wrong
      expect(admin.errors.filter((error) => !error.includes("status of 409"))).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it("the member follows a failed deposit, retries it and cancels another; Settings is not offered", async () => {
    const member = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    const phone = await launchBrowser({ baseURL: app.url, viewport: { width: 390, height: 844 }, mobile: true });
    try {
      const { page } = member;
      await signInAs(member.page, app.users.member);
      const db = app.server.db;
      const stored = await db.eVault.findFirstOrThrow({ where: { organizationId: orgId } });
      // two packages put into a failed deposit directly: the documents stage failed on attempt 1
      const failedDeposit = async (name: string) => {
        const { pkg, note } = await createPackage(page, name);
        await db.package.update({ where: { id: pkg.id }, data: { status: "EDEPOSIT_PENDING", vaultId: stored.id } });
        await db.packageEDeposit.create({
          data: {
            packageId: pkg.id,
            organizationId: orgId,
            enabled: true,
            eVaultId: stored.id,
            financialAssetDocId: note.id,
            financialAssetDocType: "PROMISSORY_NOTE",
            supplementalDocType: "OTHER",
            transactionType: "REFINANCE",
            status: "FAILED_DOCUMENTS",
            attemptNum: 1,
            nextStage: "UPLOAD_DOCUMENTS",
            vaultTransactionId: `TX-${name.replace(/\W/g, "")}`,
            startedAt: new Date(Date.now() - 60_000),
            nextAttemptAt: new Date(Date.now() + 3_600_000),
            errorsContainer: [
              {
                attemptNum: 1,
                occurredAt: new Date(Date.now() - 30_000).toISOString(),
                errorText: "The eVault refused the document: storage quota exceeded",
                stage: "UPLOAD_DOCUMENTS",
              },
            ],
          },
        });
        return pkg;
      };
      const retried = await failedDeposit("Bayview refinance");
      // the first document reached the vault before the quota ran out
      await db.eDepositItem.create({
        data: {
          packageId: retried.id,
          organizationId: orgId,
          documentKey: "doc-1",
          name: "Promissory note (sealed)",
          role: "DOCUMENT",
          documentType: "PROMISSORY_NOTE",
          sha256: "a".repeat(64),
          sizeBytes: 1024,
          receiptId: "RCPT-Bayview",
        },
      });
      const cancelled = await failedDeposit("Cedar refinance");

      await page.goto(`/packages/${retried.id}`);
      const panel = page.getByRole("region", { name: "eDeposit" });
      await panel.getByTestId("edeposit-status").filter({ hasText: "Failed: upload the sealed documents" }).waitFor();
      await panel.getByText(`Into ${VAULT_NAME}`).waitFor();
      await panel.getByText("The eVault refused the document: storage quota exceeded").waitFor();
      await panel.getByText("TX-Bayviewrefinance").waitFor();
      const stages = panel.getByRole("list", { name: "Stages" }).getByRole("listitem");
      expect(await stages.count()).toBe(5);
      await stages.nth(0).getByText("Done").waitFor();
      await stages.nth(1).getByText("Failed").waitFor();
      await stages.nth(4).getByText("Waiting").waitFor();
      // what the vault holds reads in words; its digest and receipt wait behind "Technical details"
      const deposited = panel.getByRole("table", { name: "Deposited items" });
      await deposited.getByText("Promissory note (sealed)").waitFor();
      expect(await deposited.getByRole("columnheader").allTextContents()).toEqual(["Name", "Kind", "Type"]);
      await panel.getByRole("button", { name: "Technical details" }).click();
      await deposited.getByText("RCPT-Bayview").waitFor();
      await deposited.getByRole("button", { name: "Copy the SHA-256 of Promissory note (sealed)" }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "edeposit-panel-failed");

      await panel.getByRole("button", { name: "Retry" }).click();
      await dismissToast(page, "eDeposit retry started.");
      expect((await db.packageEDeposit.findUniqueOrThrow({ where: { packageId: retried.id } })).attemptNum).toBe(2);

      // Cancel asks first, in the spec's words, and the package is completed again
      await page.goto(`/packages/${cancelled.id}`);
      await panel.getByRole("button", { name: "Cancel eDeposit" }).click();
      const confirm = page.getByRole("dialog", { name: "Cancel eDeposit" });
      await confirm.getByText(/cannot be undone/).waitFor();
      await confirm.getByText(/unwatermarked copies/).waitFor();
      await expectNoAxeViolations(page);
      await confirm.getByRole("button", { name: "Cancel eDeposit" }).click();
      await dismissToast(page, "eDeposit cancelled.");
      await panel.getByTestId("edeposit-status").filter({ hasText: "Cancelled" }).waitFor();
      await page.getByText("Completed", { exact: true }).first().waitFor();
      expect((await db.package.findUniqueOrThrow({ where: { id: cancelled.id } })).status).toBe("COMPLETED");
      expect(await panel.getByRole("button", { name: "Retry" }).count()).toBe(0);
      // completed again: its eDeposit settings are locked in the builder, each control disabled, with why
      await page.goto(`/packages/${cancelled.id}/build?step=3`);
      await page.getByText(EDEPOSIT_MESSAGES.locked).waitFor();
      await page.getByText("The package is completed.").waitFor();
      expect(await page.getByRole("switch", { name: "Deposit into an eVault when completed" }).isDisabled()).toBe(true);
      expect(await page.getByRole("combobox", { name: "eVault" }).inputValue()).toBe(VAULT_NAME);
      expect(await page.getByRole("combobox", { name: "eVault" }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page);

      // Settings › Electronic vault is not for this member
      await page.goto("/settings?page=electronic-vault");
      await page.getByRole("heading", { name: "You don't have permission to open Settings" }).waitFor();
      expect(await page.getByRole("button", { name: "Add eVault" }).count()).toBe(0);
      expect(member.errors).toEqual([]);

      // on a phone the panel fits the width
      await signInAs(phone.page, app.users.member);
      await phone.page.goto(`/packages/${retried.id}`);
      await phone.page.getByRole("region", { name: "eDeposit" }).getByTestId("edeposit-status").waitFor();
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(phone.page, "edeposit-panel-phone");
    } finally {
      await member.close();
      await phone.close();
    }
  });

  it("the support user opens another organization's Electronic vault page", async () => {
    // on a phone: the page fits its width
    const support = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    try {
      const { page } = support;
      await signInAs(support.page, app.users.support);
      await page.goto(`/settings?page=electronic-vault&org=${orgId}`);
      await page.getByText("Support access").waitFor();
      await vaultCard(page).getByText(vault.url).waitFor();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "evault-settings-phone");
      expect(support.errors).toEqual([]);
    } finally {
      await support.close();
    }
  });

  it("shows a settings viewer the eVaults read-only, each control disabled with the reason", async () => {
    const db = app.server.db;
    const role = await buildRole(db, {
      organizationId: orgId,
      name: "Vault auditor",
      permissions: permissionBits(["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"]),
    });
    const group = await buildGroup(db, { organizationId: orgId, name: "Vault auditors" });
    const user = await buildUser(db, {
      email: "val@viewer.example",
      givenName: "Val",
      familyName: "Viewer",
      homeOrganizationId: orgId,
      password: DEMO_PASSWORD,
    });
    await grantRoles(db, { organizationId: orgId, groupId: group.id, userId: user.id, roleIds: [role.id] });
    const viewer = await launchBrowser({ baseURL: app.url, bypassCSP: true });
    try {
      const { page } = viewer;
      await signInAs(viewer.page, "val@viewer.example");
      await page.goto("/settings?page=electronic-vault");
      const card = vaultCard(page);
      await card.getByText(vault.url).waitFor();
      const reason = "You need the Manage admin settings permission to change eVaults";
      for (const button of [
        page.getByRole("button", { name: "Add eVault" }),
        card.getByRole("button", { name: `Test connection to ${VAULT_NAME}` }),
      ]) {
        expect(await button.getAttribute("aria-disabled")).toBe("true");
      }
      await page.getByRole("button", { name: "Add eVault" }).hover();
      await page.getByRole("tooltip", { name: reason }).waitFor();
      await page.getByRole("button", { name: "Add eVault" }).click({ force: true });
      expect(await page.getByRole("dialog", { name: "Add eVault" }).count()).toBe(0);
      await page.getByRole("button", { name: `Actions for ${VAULT_NAME}` }).click();
      for (const item of ["Edit", "Disable", "Delete"]) {
        expect(await page.getByRole("menuitem", { name: item }).getAttribute("aria-disabled")).toBe("true");
      }
      await page.keyboard.press("Escape");
      // axe looks once the menu has faded out (caught mid-fade, its items are already gone)
      await page.getByRole("menu").waitFor({ state: "hidden" });
      await expectNoAxeViolations(page);
      expect(viewer.errors).toEqual([]);
    } finally {
      await viewer.close();
    }
  });
});
