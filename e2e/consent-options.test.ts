import { type CustomConsent, SETTINGS_TOASTS } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePdf } from "../apps/api/test/support/document-upload.ts";
import { postAdminFile } from "../apps/api/test/support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { screenshot } from "./support/screenshots.ts";
import {
  adminClient,
  buildPackage,
  consentCodeFromPdf,
  invitationFor,
  signingLinkIn,
} from "./support/signing-helpers.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 33 §2: the organization's consent options. The administrator turns on "Require the consent
// code" on the eSign consent settings page; a participant then types the code printed in the
// disclosure PDF before the one "I agree": a missing or wrong code is refused, the right one lets
// them in. An organization's own consent PDF is shown in the room's document viewer, with one
// "I agree". Each consent page fits a phone without sideways scrolling and passes axe.

describe("e-sign consent options of the organization", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let admin: BrowserSession;
  let phone: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    admin = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    phone = await launchBrowser({ viewport: { width: 390, height: 844 }, mobile: true, bypassCSP: true });
  });
  afterAll(async () => {
    await phone?.close();
    await admin?.close();
    await app?.close();
    await smtp?.close();
  });

  it("the administrator requires the code; a wrong code is refused and the right one accepted", async () => {
    const { page } = admin;
    const org = app.demo.organizations.customer;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto("/settings?page=esign-consent");
    const option = page.getByRole("checkbox", { name: "Require the consent code" });
    expect(await option.isChecked()).toBe(false);
    await option.check();
    await page.getByRole("button", { name: "Save eSign consent" }).click();
    await dismissToast(page, SETTINGS_TOASTS.esignConsent);
    const stored = await app.server.db.organizationSetting.findUnique({
      where: { organizationId_key: { organizationId: org, key: "esign_consent_code_required" } },
    });
    expect(stored?.value).toBe("true");

    await buildPackage(app, await adminClient(app), {
      name: "Consent code case",
      send: true,
      participants: [{ type: "Borrower", givenName: "Cora", familyName: "Code", email: "cora@example.com" }],
    });
    const room = phone.page;
    await room.goto(signingLinkIn(await invitationFor(smtp, "cora@example.com")));
    const codeField = room.getByLabel("Code from the PDF");
    await codeField.waitFor();
    await room.getByTestId("consent-pdf").locator(".pdf-page--drawn").first().waitFor();
    const agree = room.getByRole("button", { name: "I agree", exact: true });

    // no code: the field says what to do
    await agree.click();
    await room
      .getByRole("alert")
      .filter({ hasText: "Enter the code printed at the end of the disclosure PDF." })
      .waitFor();
    expect(await room.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const violations = await axeViolations(room);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(room, "phone-consent-code");

    const code = await consentCodeFromPdf(room, app.server.signingRoom!.url);
    await codeField.fill(code === "ABCDEF" ? "ABCDEG" : "ABCDEF");
    await agree.click();
    await room.getByRole("alert").filter({ hasText: "The code does not match" }).waitFor();
    expect(await app.server.db.consentRecord.count({ where: { participant: { email: "cora@example.com" } } })).toBe(0);

    await codeField.fill(code);
    await agree.click();
    await room.getByRole("button", { name: "Signature (required)" }).first().waitFor();
    const [record] = await app.server.db.consentRecord.findMany({
      where: { participant: { email: "cora@example.com" } },
    });
    expect(record?.demonstration).toBe("CODE_FROM_CONSENT_PDF");
  });

  it("shows the organization's own consent PDF in the room, and one 'I agree' records consent", async () => {
    const org = app.demo.organizations.customer;
    const client = await adminClient(app);
    const uploaded = await postAdminFile(client, `/api/v1/organizations/${org}/custom-consents`, {
      bytes: fixturePdf("pdflatex-4-pages.pdf"),
      fileName: "our-consent.pdf",
      contentType: "application/pdf",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const chosen = await client.request("PATCH", `/api/v1/organizations/${org}/settings/signing-room`, {
      json: { esign_consent_type: "CUSTOM", esign_consent_code_required: false },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

    await buildPackage(app, client, {
      name: "Own consent case",
      send: true,
      participants: [{ type: "Borrower", givenName: "Olga", familyName: "Own", email: "olga@example.com" }],
    });
    const room = phone.page;
    await room.context().clearCookies();
    await room.goto(signingLinkIn(await invitationFor(smtp, "olga@example.com")));
    await room
      .getByRole("region", { name: "Disclosure from Demo Lending" })
      .locator(".pdf-page--drawn")
      .first()
      .waitFor();
    expect(await room.getByLabel("Code from the PDF").count()).toBe(0);
    expect(await room.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const violations = await axeViolations(room);
    expect(violations, describeViolations(violations)).toEqual([]);
    await room.getByRole("button", { name: "I agree", exact: true }).click();
    await room.getByRole("button", { name: "Signature (required)" }).first().waitFor();
    const [record] = await app.server.db.consentRecord.findMany({
      where: { participant: { email: "olga@example.com" } },
    });
    expect(record).toMatchObject({
      consentVersion: `custom-${(uploaded.body as unknown as CustomConsent).version}`,
      demonstration: "DISCLOSURE_SHOWN_IN_ROOM",
    });
  });
});
