import { readFileSync } from "node:fs";
import type { Document, Package, Participant } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upload } from "../apps/api/test/support/document-upload.ts";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { adminClient, consentInRoom, invitationFor, packageApi, signingLinkIn } from "./support/signing-helpers.ts";

// Issue 15 §5: a borrower opens the signing room of a package holding a SMART Doc eNote, reads its
// VIEW (rendered from an allow-list, not a PDF), signs in the borrower signature area, finishes, and
// the package is sealed with the eNote's XML tamper seal.

const FIXTURE = new URL("../fixtures/enote/valid.xml", import.meta.url);

describe("eNote signing journey", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  async function expectAccessible(page: Page, where: string) {
    const violations = await axeViolations(page);
    expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
  }

  it("shows the eNote's view, signs in the borrower's area, finishes and seals", async () => {
    const organizationId = app.demo.organizations.customer;
    await app.server.db.organization.update({ where: { id: organizationId }, data: { enabledSmartDoc: true } });
    const client = await adminClient(app);
    const created = await client.request<Package>("POST", `/api/v9/organizations/${organizationId}/packages`, {
      json: { name: "Rivera purchase" },
    });
    expect(created.status).toBe(201);
    const api = packageApi(organizationId, created.body.id);
    const added = await client.request<Participant>(
      "POST",
      `/api/v5/organizations/${organizationId}/packages/${created.body.id}/participants`,
      {
        json: {
          type: "Borrower",
          givenName: "Ana",
          familyName: "Rivera",
          email: "ana.rivera@example.com",
          accessMethod: "EMAIL",
        },
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const uploaded = await upload(client, api.documents, readFileSync(FIXTURE), {
      fileName: "Promissory note.xml",
      contentType: "application/xml",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const document = uploaded.body as Document;
    expect(document.format).toBe("SMART_DOC");
    const current = await client.get<Package>(api.package);
    const sent = await client.request<Package>("POST", api.send, { json: { version: current.body.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const page = browser.page;
    await page.goto(signingLinkIn(await invitationFor(smtp, "ana.rivera@example.com")));
    await consentInRoom(page);

    const view = page.getByTestId("enote-view");
    await view.waitFor();
    await expect.poll(() => view.textContent()).toContain("BORROWER'S PROMISE TO PAY");
    expect(await view.textContent()).toContain("MIN 100316212345678906");
    expect(await view.textContent()).toContain("$250,000.00");
    // the view is markup rebuilt by the room: no frames, scripts or links from the document
    expect(await view.locator("script, iframe, a, img, link").count()).toBe(0);
    await page.getByText("eNote (SMART Doc)").first().waitFor();
    await expectAccessible(page, "signing room with the eNote view");

    const area = page.getByTestId("enote-area-BORROWER-1");
    const sign = area.getByRole("button", { name: "Signature (required)" });
    await sign.click();
    const dialog = page.getByRole("dialog", { name: "Adopt your signature" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Adopt and sign" }).click();
    await dialog.waitFor({ state: "hidden" });
    if ((await sign.getAttribute("aria-pressed")) !== "true") await sign.click();
    await expect.poll(() => sign.getAttribute("aria-pressed")).toBe("true");
    await expectAccessible(page, "signed eNote area");

    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("heading", { name: "You're done" }).waitFor();
    await expectAccessible(page, "finished");

    const db = app.server.db;
    await expect
      .poll(async () => (await db.package.findUniqueOrThrow({ where: { id: created.body.id } })).sealedAt, {
        timeout: 30_000,
      })
      .not.toBeNull();
    const artifact = await db.sealedArtifact.findFirstOrThrow({ where: { documentId: document.id } });
    expect(artifact.contentType).toBe("application/xml");
  });
});
