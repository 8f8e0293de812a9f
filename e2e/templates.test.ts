import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { TEMPLATE_MESSAGES } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { expectToast, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS } from "./support/package-helpers.ts";
import { screenshot } from "./support/screenshots.ts";
import { invitationFor } from "./support/signing-helpers.ts";
import { UserActions } from "./support/user-actions.ts";

// Issue 13 §3–§4 "Done when: templates cut the standard package to a handful of actions". The
// administrator prepares a document template (a real PDF, the slot BORROWER 1, a signature tag,
// published, active for the loan officers) and a package template built from it (plus a signer
// upload and the invitation's expiration); the loan officer (package permissions only) then starts
// a package from it and sends it, every action counted by UserActions (transcript in
// test-results/e2e/templates-actions.txt). The support user opens the template pages of the
// organization; the loan officer has none. Every new page passes axe (no serious or critical issue).

const SENDER_BUDGET = 12;
const RESULTS = fileURLToPath(new URL("../test-results/e2e/templates-actions.txt", import.meta.url));

describe("templates: the administrator prepares them, a loan officer sends a package in a handful of actions", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let desk: BrowserSession;
  const axeFindings: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    desk = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
  });
  afterAll(async () => {
    await desk?.close();
    await app?.close();
    await smtp?.close();
  });

  async function axe(page: Page, where: string) {
    const violations = await axeViolations(page);
    if (violations.length > 0) axeFindings.push(`${where}:\n${describeViolations(violations)}`);
  }
  const saved = (page: Page) => page.getByTestId("save-counter").filter({ hasText: "All changes saved" }).waitFor();
  const pageDrawn = (page: Page) =>
    page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="page-1"] canvas') as HTMLCanvasElement | null;
      return canvas !== null && canvas.width > 0;
    });

  /** A dialog measured while it fades in measures at part of its contrast: wait until it is opaque. */
  const dialogSettled = (page: Page) =>
    page.waitForFunction(() => {
      const parts = Array.from(document.querySelectorAll(".mantine-Modal-content, .mantine-Modal-overlay"));
      return parts.length > 0 && parts.every((part) => getComputedStyle(part).opacity === "1");
    });

  async function signInAs(page: Page, email: string) {
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await signIn(page, email, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
  }

  /** Settings › the list of one kind → New template → its page. */
  async function newTemplate(page: Page, list: string, name: string) {
    await page.goto(list);
    await page.getByRole("button", { name: "New template" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").waitFor();
    await dialogSettled(page);
    await axe(page, `${list}: new template dialog`);
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create template" }).click();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await axe(page, `${list}: a new template`);
  }

  /** On a template's page: the loan officers' group, saved. */
  async function shareWithLoanOfficers(page: Page, name: string) {
    await pickOption(page, "Groups", "Loan Officers");
    await page.getByRole("button", { name: "Save template" }).click();
    await expectToast(page, `Template "${name}" saved.`);
    await page.getByRole("button", { name: "Save template" }).and(page.locator("[disabled]")).waitFor();
  }

  it("the administrator prepares a document template and a package template", async () => {
    const { page } = desk;
    await signInAs(page, app.users.admin);

    // --- the settings navigation leads to both pages; each explains what a template is ---
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Document templates" }).click();
    await page.waitForURL((url) => url.pathname === "/settings/document-templates");
    await page.getByText("No document templates yet.").waitFor();
    await axe(page, "document templates: empty");
    await screenshot(page, "templates-empty");
    await page.goto("/settings/package-templates");
    await page.getByText("No package templates yet.").waitFor();
    await axe(page, "package templates: empty");

    // --- the document template: one real PDF, the slot BORROWER 1, a signature tag ---
    await newTemplate(page, "/settings/document-templates", "Borrower disclosure");
    await page.getByRole("link", { name: "Edit in builder" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    await page.getByText("Editing document template Borrower disclosure").waitFor();
    // a template is never sent: no Review step, no package name or groups in step 1
    expect(await page.getByRole("button", { name: /Review/ }).count()).toBe(0);
    expect(await page.getByLabel("Package name").count()).toBe(0);
    const slotForm = page.getByRole("form", { name: "Add participant slot" });
    // a slot has no name and no contact
    expect(await slotForm.getByLabel("First name").count()).toBe(0);
    expect(await slotForm.getByRole("textbox", { name: "Email" }).count()).toBe(0);
    await expect.poll(() => slotForm.getByLabel("Type").inputValue()).toBe("Borrower");
    await slotForm.getByRole("button", { name: "Add participant slot" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText("BORROWER 1").waitFor();
    await saved(page);
    await axe(page, "builder (document template): participants");
    await screenshot(page, "templates-builder-slots");

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page.getByLabel("Choose files to upload").setInputFiles([`${FIXTURE_PDFS}pdflatex-4-pages.pdf`]);
    await page.getByTestId("workspace-document").first().waitFor();
    await page.getByRole("tab", { name: "Place tags" }).click();
    await page.getByTestId("page-1").waitFor();
    await pageDrawn(page);
    await page.getByRole("button", { name: "Add Signature tag" }).click();
    await expect.poll(() => page.getByTestId("placed-tag").count()).toBe(1);
    const saveTags = page.getByRole("button", { name: "Save tags" });
    if ((await saveTags.count()) > 0) await saveTags.click();
    await saved(page);
    // one document: the uploader is gone
    await page.getByRole("tab", { name: /Documents and who executes them/ }).click();
    expect(await page.getByLabel("Choose files to upload").count()).toBe(0);
    await axe(page, "builder (document template): document");
    await page.getByRole("link", { name: "Back to template" }).last().click();
    await page.getByRole("heading", { name: "Borrower disclosure", level: 1 }).waitFor();

    // --- publish version 1, share it, activate it ---
    await page.getByText("pdflatex-4-pages, 4 pages").waitFor();
    await page.getByRole("button", { name: "Publish version 1" }).click();
    await expectToast(page, TEMPLATE_MESSAGES.documentTemplatePublished);
    await page.getByRole("table", { name: "Published versions" }).getByText("BORROWER 1").waitFor();
    await shareWithLoanOfficers(page, "Borrower disclosure");
    await page.getByRole("button", { name: "Activate" }).click();
    await expectToast(page, TEMPLATE_MESSAGES.templateActivated);
    await page.getByText("Active", { exact: true }).waitFor();
    await axe(page, "document template page");
    await screenshot(page, "templates-document-template");

    // --- the package template: the document template, a signer upload, the invitation ---
    await newTemplate(page, "/settings/package-templates", "Disclosure package");
    await page.getByRole("link", { name: "Edit in builder" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    await page.getByText("Editing package template Disclosure package").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page.getByRole("tab", { name: /Documents and who executes them/ }).click();
    // a package template's documents come from document templates
    expect(await page.getByLabel("Choose files to upload").count()).toBe(0);
    await page.getByRole("button", { name: "Add document template" }).click();
    await page.getByRole("menuitem", { name: /Borrower disclosure/ }).click();
    await saved(page);
    await page.getByTestId("workspace-document").first().waitFor();
    await page.getByRole("tab", { name: /Rules, data collection, signer uploads/ }).click();
    const upload = page.getByRole("form", { name: "Request a signer upload" });
    // the document template's slot came with it
    await upload.getByRole("combobox", { name: "Upload from" }).click();
    await page.getByRole("option", { name: "BORROWER 1" }).click();
    await upload.getByLabel("Upload name").fill("Photo ID");
    await upload.getByRole("button", { name: "Request upload" }).click();
    await page.getByRole("table", { name: "Signer uploads" }).getByText("Photo ID").waitFor();
    await saved(page);
    await axe(page, "builder (package template): documents");

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=3/);
    await page.getByRole("combobox", { name: "Expiration" }).click();
    await page.getByRole("option", { name: "Days after sending" }).click();
    await page.getByLabel("Days after sending").fill("30");
    await saved(page);
    await axe(page, "builder (package template): invitation");
    await screenshot(page, "templates-builder-invitation");
    await page.getByRole("link", { name: "Back to template" }).last().click();
    await page.getByRole("heading", { name: "Disclosure package", level: 1 }).waitFor();
    await page
      .getByRole("table", { name: "Documents of the template" })
      .getByText("Borrower disclosure, version 1")
      .waitFor();
    await shareWithLoanOfficers(page, "Disclosure package");
    await page.getByRole("button", { name: "Activate" }).click();
    await expectToast(page, TEMPLATE_MESSAGES.templateActivated);
    await axe(page, "package template page");

    await page.goto("/settings/package-templates");
    const row = page.getByRole("table", { name: "Package templates" }).getByRole("row", { name: /Disclosure package/ });
    await row.getByText("Active", { exact: true }).waitFor();
    await row.getByText("1 document").waitFor();
    await axe(page, "package templates: list");
    await screenshot(page, "templates-list");

    const stored = await app.server.db.packageTemplate.findFirstOrThrow({ where: { name: "Disclosure package" } });
    expect(stored.active).toBe(true);

    // a template nobody needs is deleted from its row's menu, after the shared confirmation
    await newTemplate(page, "/settings/document-templates", "Scratch");
    await page.goto("/settings/document-templates");
    await page.getByRole("button", { name: "Actions for Scratch" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete document template" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(page, TEMPLATE_MESSAGES.templateDeleted);
    await page.getByRole("link", { name: "Scratch" }).waitFor({ state: "detached" });
    expect(await app.server.db.documentTemplate.count({ where: { name: "Scratch" } })).toBe(0);
  });

  it("the loan officer starts a package from the template and sends it in a handful of actions", async () => {
    const { page } = desk;
    await signInAs(page, app.users.member);
    const sender = new UserActions(page, "loan officer");
    await sender.click(page.getByRole("button", { name: "New from template" }), "New from template");
    const dialog = page.getByRole("dialog", { name: "New package from template" });
    // the one template shared with the loan officers is chosen already; it asks only for the people
    await dialog.getByRole("group", { name: "BORROWER 1" }).waitFor();
    await dialogSettled(page);
    await axe(page, "new package from template");
    await screenshot(page, "templates-new-from-template");
    await sender.type(dialog.getByLabel("First name"), "Maria", "First name: Maria");
    await sender.type(dialog.getByLabel("Last name"), "Rivera", "Last name: Rivera");
    await sender.type(dialog.getByRole("textbox", { name: "Email" }), "maria@example.com", "Email: maria@example.com");
    await sender.click(dialog.getByRole("button", { name: "Create and send" }), "Create and send");
    await page.waitForURL(/\/packages\/[0-9a-f-]+$/);
    const packageId = page.url().match(/packages\/([0-9a-f-]+)$/)?.[1] as string;
    await page.getByText("Out for signature").first().waitFor();

    const sent = await app.server.db.package.findUniqueOrThrow({
      where: { id: packageId },
      include: { documents: true, participants: true, stips: true },
    });
    // everything else came from the template: the signer upload and the invitation's expiration
    expect(sent.stips.map((stip) => stip.name)).toEqual(["Photo ID"]);
    expect([sent.expirationType, sent.scheduledExpiryDays]).toEqual(["RELATIVE", 30]);
    expect(sent.status).toBe("AVAILABLE_TO_SIGNERS");
    expect(sent.name).toBe("Disclosure package");
    expect(sent.documents.map((document) => document.name)).toEqual(["pdflatex-4-pages"]);
    expect(sent.participants.map((p) => [p.givenName, p.familyName, p.email])).toEqual([
      ["Maria", "Rivera", "maria@example.com"],
    ]);
    await invitationFor(smtp, "maria@example.com");

    const report = [
      `Templates journey (${new Date().toISOString().slice(0, 10)}): the loan officer sent a package from a template in ${sender.count} actions.`,
      "",
      `## ${sender.who} (${sender.count})\n${sender.transcript()}\n`,
    ].join("\n");
    await mkdir(dirname(RESULTS), { recursive: true });
    await writeFile(RESULTS, report);
    console.log(report);
    expect(sender.count, sender.transcript()).toBeLessThanOrEqual(SENDER_BUDGET);

    // "Create and open" leaves an ordinary draft in the builder, for the sender to change
    await page.goto("/workspace");
    await page.getByRole("button", { name: "New from template" }).click();
    const again = page.getByRole("dialog", { name: "New package from template" });
    await again.getByLabel("First name").fill("Ana");
    await again.getByLabel("Last name").fill("Lopez");
    await again.getByRole("textbox", { name: "Email" }).fill("ana@example.com");
    await again.getByLabel("Package name").fill("Lopez disclosures");
    await again.getByRole("button", { name: "Create and open" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    await page.getByRole("table", { name: "Participants" }).getByText("Ana Lopez").waitFor();
    await expect.poll(() => page.getByLabel("Package name").inputValue()).toBe("Lopez disclosures");
    expect(await page.getByText(/Editing (document|package) template/).count()).toBe(0);

    // an ordinary package takes a document template in its documents step
    await page.goto("/workspace");
    await page.getByRole("button", { name: "New package" }).click();
    await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
    const draftId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/step=2/);
    await page.getByRole("button", { name: "Add from template" }).click();
    await page.getByRole("menuitem", { name: /Borrower disclosure/ }).click();
    await page.getByTestId("workspace-document").first().waitFor();
    await saved(page);
    await axe(page, "builder: a document added from a template");
    const draft = await app.server.db.package.findUniqueOrThrow({
      where: { id: draftId },
      include: { documents: true, participants: true },
    });
    expect(draft.documents.map((document) => document.name)).toEqual(["pdflatex-4-pages"]);
    // the template's slot came with it, to be named by the sender
    expect(draft.participants.map((p) => [p.type.toUpperCase(), p.roleNumber])).toEqual([["BORROWER", 1]]);

    // the loan officer has no template settings
    await page.goto("/settings/document-templates");
    await page.getByRole("heading", { name: "You don't have permission to open document templates" }).waitFor();
    await page.goto("/settings/package-templates");
    await page.getByRole("heading", { name: "You don't have permission to open package templates" }).waitFor();
  });

  it("the support user opens the organization's template pages", async () => {
    const { page } = desk;
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await signIn(page, app.users.support, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    const org = app.demo.organizations.customer;
    await page.goto(`/settings/document-templates?org=${org}`);
    await page.getByRole("link", { name: "Borrower disclosure" }).click();
    await page.getByRole("heading", { name: "Borrower disclosure", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Published versions" }).waitFor();
    await axe(page, "support: document template page");
    await page.goto(`/settings/package-templates?org=${org}`);
    await page.getByRole("link", { name: "Disclosure package" }).click();
    await page.getByRole("heading", { name: "Disclosure package", level: 1 }).waitFor();
    await axe(page, "support: package template page");

    expect(axeFindings, axeFindings.join("\n\n")).toEqual([]);
    expect(await page.getByText("Something went wrong!").count()).toBe(0);
  });
});
