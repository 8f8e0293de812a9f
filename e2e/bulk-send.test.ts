import { readFile } from "node:fs/promises";
import type { PackageTemplate, Participant, Tag } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePdf, upload } from "../apps/api/test/support/document-upload.ts";
import { call, ok, tagAt, templatePaths } from "../apps/api/test/support/template-fixtures.ts";
import { expectToast, pickOption } from "./support/access-helpers.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import { adminClient } from "./support/signing-helpers.ts";

// Issue 13 §5: the loan officer (the demo member: package permissions only, in Loan Officers) sends
// five packages at once from an active package template the administrator shared with Loan
// Officers: opens Bulk send from the workspace, downloads the template's CSV header, uploads a CSV
// of five rows (two of them bad), sees the bad rows with their lines and reasons before starting,
// starts, and follows the progress to the end with the failed rows listed. Every page passes axe.

describe("bulk send: a loan officer sends a CSV of packages from a package template", () => {
  let app: TestApp;
  let desk: BrowserSession;
  let templateName: string;
  const axeFindings: string[] = [];

  async function axe(page: Page, where: string) {
    const violations = await axeViolations(page);
    if (violations.length > 0) axeFindings.push(`${where}:\n${describeViolations(violations)}`);
  }

  beforeAll(async () => {
    app = await startTestApp();
    desk = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    // the administrator's package template, made through the API: BORROWER 1 and BORROWER 2 by email,
    // a real PDF with a signature for each, active and shared with Loan Officers
    const admin = await adminClient(app);
    const organizationId = app.demo.organizations.customer;
    const officers = await app.server.db.group.findFirstOrThrow({ where: { organizationId, name: "Loan Officers" } });
    const t = templatePaths(organizationId);
    templateName = "Closing package";
    let template = await ok(
      call<PackageTemplate>(admin, "POST", t.packageTemplates, { name: templateName, groupIds: [officers.id] }),
      201,
      "create package template",
    );
    const slots: Participant[] = [];
    for (let i = 0; i < 2; i++)
      slots.push(
        await ok(
          call<Participant>(admin, "POST", t.participants(template.packageId), { type: "Borrower" }),
          201,
          "slot",
        ),
      );
    const document = await upload(admin, t.documents(template.packageId), fixturePdf("pdflatex-4-pages.pdf"), {
      fileName: "Closing.pdf",
    });
    expect(document.status).toBe(201);
    for (const [index, slot] of slots.entries())
      await ok(
        call<Tag>(
          admin,
          "POST",
          t.documentTags(template.packageId, document.body.id),
          tagAt(slot.id, "SIGNATURE", 600 + 60 * index),
        ),
        201,
        "signature tag",
      );
    template = await ok(
      call<PackageTemplate>(admin, "POST", t.activatePackageTemplate(template.id), { version: template.version }),
      200,
      "activate",
    );
  });
  afterAll(async () => {
    await desk?.close();
    await app?.close();
  });

  it("uploads the CSV, sees the bad rows before starting, then follows the progress to the end", async () => {
    const { page } = desk;
    await page.goto("/sign-in");
    await signIn(page, app.users.member, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();

    // --- the workspace header leads to bulk send ---
    await page.getByRole("link", { name: "Bulk send" }).click();
    await page.getByRole("heading", { name: "Bulk send", level: 1 }).waitFor();
    await axe(page, "bulk send: choose a template");
    await pickOption(page, "Package template", templateName);
    await page.getByText("Participants: BORROWER 1, BORROWER 2").waitFor();

    // --- the CSV header of the template ---
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Closing-package-bulk-send.csv");
    const header = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trim();
    expect(header).toBe(
      "package name,BORROWER 1 first name,BORROWER 1 last name,BORROWER 1 email,BORROWER 1 phone,BORROWER 2 first name,BORROWER 2 last name,BORROWER 2 email,BORROWER 2 phone",
    );
    await axe(page, "bulk send: template chosen");

    // --- five rows filled in a spreadsheet: line 3 has a bad email, line 5 no last name ---
    const row = (n: number, email1 = `ada${n}@example.com`, last2 = "Okafor") =>
      `Loan ${n},Ada${n},Okafor,${email1},,Ben${n},${last2},ben${n}@example.com,`;
    const csv = [header, row(1), row(2, "ada2-at-example"), row(3), row(4, undefined, ""), row(5)].join("\r\n");
    await page.getByLabel("CSV file").setInputFiles({
      name: "closings.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await page
      .getByTestId("bulk-send-check")
      .filter({ hasText: "closings.csv: 5 rows; 3 packages will be created and sent; 2 rows will not (below)." })
      .waitFor();
    const before = page.getByRole("table", { name: "Rows that will not be sent" });
    expect(await before.getByRole("row").allInnerTexts()).toEqual([
      "Line\tReason",
      "3\tBORROWER 1 email: Enter a valid email address.",
      "5\tBORROWER 2 last name: Last name is required.",
    ]);
    expect(await app.server.db.bulkSend.count()).toBe(0);
    await axe(page, "bulk send: checked file");
    await screenshot(page, "bulk-send-checked");

    // --- start: the progress page polls until the job has done every row ---
    await page.getByRole("button", { name: "Send 3 packages" }).click();
    await expectToast(page, "Bulk send started.");
    await page.waitForURL(/\/bulk-send\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: `Bulk send: ${templateName}`, level: 1 }).waitFor();
    await page.getByTestId("bulk-send-status").filter({ hasText: "Finished" }).waitFor({ timeout: 60_000 });
    const counts = Object.fromEntries(
      await Promise.all(
        ["created", "sent", "failed", "skipped"].map(
          async (name) => [name, await page.getByTestId(`bulk-send-${name}`).textContent()] as const,
        ),
      ),
    );
    expect(counts).toEqual({ created: "3", sent: "3", failed: "2", skipped: "0" });
    expect(await page.getByRole("progressbar", { name: "Bulk send progress" }).getAttribute("aria-valuenow")).toBe(
      "100",
    );
    expect(await page.getByRole("button", { name: "Cancel bulk send" }).count()).toBe(0);
    const failed = page.getByRole("table", { name: "Failed rows" });
    await failed.getByRole("row").nth(2).waitFor();
    expect(await failed.getByRole("row").allInnerTexts()).toEqual([
      "Line\tReason",
      "3\tBORROWER 1 email: Enter a valid email address.",
      "5\tBORROWER 2 last name: Last name is required.",
    ]);
    await axe(page, "bulk send: finished");
    await screenshot(page, "bulk-send-finished");

    // --- the three packages are ordinary packages, out for signature ---
    const packages = await app.server.db.package.findMany({
      where: { organizationId: app.demo.organizations.customer, name: { startsWith: "Loan " } },
      orderBy: { name: "asc" },
    });
    expect(packages.map((pkg) => [pkg.name, pkg.status])).toEqual([
      ["Loan 1", "AVAILABLE_TO_SIGNERS"],
      ["Loan 3", "AVAILABLE_TO_SIGNERS"],
      ["Loan 5", "AVAILABLE_TO_SIGNERS"],
    ]);
    await page.getByRole("link", { name: "Open the workspace" }).click();
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Packages" }).getByText("Loan 5").waitFor();

    expect(axeFindings, axeFindings.join("\n\n")).toEqual([]);
  });
});
