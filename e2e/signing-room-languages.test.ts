import type { Package, ParticipantLanguage, ParticipantList } from "@signet/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { en, type Translation } from "../apps/signing-room/src/i18n/en.ts";
import { es } from "../apps/signing-room/src/i18n/es.ts";
import { ko } from "../apps/signing-room/src/i18n/ko.ts";
import { tl } from "../apps/signing-room/src/i18n/tl.ts";
import { vi } from "../apps/signing-room/src/i18n/vi.ts";
import { zhHant } from "../apps/signing-room/src/i18n/zh-Hant.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { signIn } from "./support/journeys.ts";
import { adminClient, buildPackage, pdfText, signingLinkIn } from "./support/signing-helpers.ts";

// Issue 33 §6–7: for each of the six languages, a participant whose language the sender set opens the
// room on a 390×844 phone, consents, signs and finishes, every screen in that language with no
// serious or critical axe violation and no horizontal scrolling. The room's own texts find the
// controls, so the test follows the wording wherever the translations go.

const TEXTS: Record<ParticipantLanguage, Translation> = { en, es, "zh-Hant": zhHant, vi, ko, tl };

/** A borrower of each language, named in its script. */
const PEOPLE: Record<ParticipantLanguage, { givenName: string; familyName: string }> = {
  en: { givenName: "Grace", familyName: "Hopper" },
  es: { givenName: "Lucía", familyName: "Ramírez" },
  "zh-Hant": { givenName: "美玲", familyName: "陳" },
  vi: { givenName: "Thị Lan", familyName: "Nguyễn" },
  ko: { givenName: "민지", familyName: "김" },
  tl: { givenName: "Maria", familyName: "Dela Cruz" },
};

const PHONE = { width: 390, height: 844 };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? "");

async function checkScreen(page: Page, language: ParticipantLanguage, screen: string) {
  const name = `${language} ${screen}`;
  expect(await page.locator("html").getAttribute("lang"), name).toBe(language);
  // a phone widens its layout to content that overflows: compare with the screen's 390 pixels
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${name}: horizontal scrolling`).toBeLessThanOrEqual(PHONE.width);
  const violations = await axeViolations(page);
  expect(violations, `${name}: axe\n${describeViolations(violations)}`).toEqual([]);
}

describe("the signing room in the participant's language, on a phone", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    // participants may switch: the room shows its language picker, which must start on the sender's choice
    await app.server.db.organization.update({
      where: { id: app.demo.organizations.customer },
      data: { enabledMultiLangSRSupport: true },
    });
    browser = await launchBrowser({ viewport: PHONE, mobile: true, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  for (const language of Object.keys(TEXTS) as ParticipantLanguage[]) {
    it(`consents, signs and finishes in ${language}`, async () => {
      const t = TEXTS[language];
      const person = PEOPLE[language];
      const email = `borrower-${language.toLowerCase()}@example.com`;
      const client = await adminClient(app);
      await buildPackage(app, client, {
        name: `Home loan ${language}`,
        send: true,
        participants: [{ type: "Borrower", ...person, email, language }],
      });
      const invitation = await smtp.waitFor((mail) => mail.envelopeTo.includes(email), 20_000);
      const page = browser.page;
      await page.goto(signingLinkIn(invitation));

      // consent, in the sender's choice of language
      await page.getByRole("heading", { name: t.consent.title }).waitFor();
      await expect.poll(() => page.getByTestId("language-select").inputValue()).toBe(language);
      await checkScreen(page, language, "consent");
      // the code is asked only when the organization requires it; then it is printed alone on its line
      const codeField = page.getByLabel(t.consent.codeLabel);
      if ((await codeField.count()) > 0) {
        const response = await page.request.get(`${app.server.signingRoom!.url}/api/v1/signing/consent-document`);
        const code = /^\s*([A-Z0-9]{6})\s*$/m.exec(pdfText(new Uint8Array(await response.body())))?.[1];
        expect(code, language).toBeTruthy();
        await codeField.fill(code!);
      }
      await page.getByRole("button", { name: t.consent.agree, exact: true }).tap();

      // sign: adopt the typed signature from the signature field, then finish
      const signature = page
        .getByRole("button", { name: fill(t.tags.required, { label: t.tags.types.SIGNATURE }) })
        .first();
      await signature.waitFor();
      await checkScreen(page, language, "sign");
      await signature.tap();
      const dialog = page.getByRole("dialog", { name: t.adopt.title });
      await dialog.waitFor();
      await checkScreen(page, language, "adopt");
      await dialog.getByRole("button", { name: t.adopt.submit }).tap();
      await dialog.waitFor({ state: "hidden" });
      if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.tap();
      await expect.poll(() => signature.getAttribute("aria-pressed")).toBe("true");
      await page.getByRole("button", { name: t.sign.finish, exact: true }).tap();

      await page.getByRole("heading", { name: t.finished.title }).waitFor();
      await checkScreen(page, language, "finished");
      expect(browser.errors).toEqual([]);
    });
  }
});

describe("the seal verification page in each language, on a phone", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ viewport: PHONE, mobile: true, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("switches with its language picker and reads in each language", async () => {
    const page = browser.page;
    await page.goto(`${app.server.signingRoom!.url}/verify`);
    await page.getByRole("heading", { name: en.seal.title }).waitFor();
    for (const language of Object.keys(TEXTS) as ParticipantLanguage[]) {
      await page.getByTestId("language-select").selectOption(language);
      await page.getByRole("heading", { name: TEXTS[language].seal.title }).waitFor();
      await page.getByText(TEXTS[language].seal.intro).waitFor();
      await checkScreen(page, language, "seal verification");
    }
    expect(browser.errors).toEqual([]);
  });
});

describe("the sender's choice of language in the builder", () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("adds a participant served in Korean, English being the prefilled choice", async () => {
    const client = await adminClient(app);
    const organizationId = app.demo.organizations.customer;
    const created = await client.request<Package>("POST", `/api/v9/organizations/${organizationId}/packages`, {
      json: { name: "Kim purchase" },
    });
    expect(created.status).toBe(201);
    const { page } = browser;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
    await page.goto(`/packages/${created.body.id}/build?step=1`);

    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("First name").fill("민준");
    await form.getByLabel("Last name").fill("Kim");
    await form.getByRole("textbox", { name: "Email" }).fill("minjun.kim@example.com");
    const language = form.getByRole("combobox", { name: "Language" });
    expect(await language.inputValue()).toBe("English");
    await language.click();
    await page.getByRole("option", { name: "Korean (한국어)" }).click();
    await form.getByRole("button", { name: "Add participant" }).click();
    await page.getByRole("table", { name: "Participants" }).getByText("민준 Kim").waitFor();

    const listed = await client.get<ParticipantList>(
      `/api/v5/organizations/${organizationId}/packages/${created.body.id}/participants`,
    );
    expect(listed.body.records.map((participant) => [participant.givenName, participant.language])).toEqual([
      ["민준", "ko"],
    ]);
    expect(browser.errors).toEqual([]);
  });
});
