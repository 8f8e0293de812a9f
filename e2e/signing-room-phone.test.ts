import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAndConsent, signEverything } from "../apps/api/test/support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";
import { adminClient, buildPackage, invitationFor, signingLinkIn } from "./support/signing-helpers.ts";

// Issue 11 §5: the signing room on a 390×844 touch screen. The second of two ordered signers opens
// the link from the invitation, reads the disclosure in the room and presses "I agree", adopts a
// typed signature, signs (seeing what the first signer filled in, read-only), and finishes. On every
// screen: no horizontal scrolling, tap areas of at least 44×44, and no serious or critical axe
// violation; the signing bar stays one line.

/** Interactive elements whose tap area is under 44×44 px (a tag's hit area and a control's labels count). */
function smallTargets(page: Page | Frame) {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="menuitem"], [role="tab"], [tabindex="0"]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      const own = element.getBoundingClientRect();
      // not rendered, or visually hidden for screen readers (a file input inside its button)
      if (style.visibility === "hidden" || style.display === "none" || own.width <= 2 || own.height <= 2) continue;
      if (element.closest(".visually-hidden")) continue;
      const rects = [own];
      const hit = element.closest(".tag")?.querySelector(".tag__hit");
      if (hit) rects.push(hit.getBoundingClientRect());
      if (element instanceof HTMLInputElement && element.labels) {
        for (const label of Array.from(element.labels)) rects.push(label.getBoundingClientRect());
      }
      const width = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
      const height = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
      if (width < 43.5 || height < 43.5) {
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
        small.push(`${element.tagName.toLowerCase()} "${name}" ${width.toFixed(0)}×${height.toFixed(0)}`);
      }
    }
    return small;
  });
}

/** Visible text under 16 px, outside the document pages (whose fields mirror the printed PDF). */
function smallText(page: Page | Frame) {
  return page.evaluate(() => {
    const small = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim()) continue;
      if (element.closest(".pdf-page, .visually-hidden, [aria-hidden='true'], script, style")) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue;
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      if (size < 16)
        small.add(
          `${element.tagName.toLowerCase()}.${element.className} "${node.textContent.trim().slice(0, 30)}" ${size}px`,
        );
    }
    return [...small];
  });
}

async function checkScreen(page: Page, name: string) {
  await screenshot(page, `phone-${name}`);
  const scroll = await page.evaluate(() => ({
    width: document.scrollingElement!.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll.width, `${name}: horizontal scrolling`).toBeLessThanOrEqual(scroll.viewport);
  expect(await smallTargets(page), `${name}: tap targets under 44×44`).toEqual([]);
  expect(await smallText(page), `${name}: text under 16 px`).toEqual([]);
  const violations = await axeViolations(page);
  expect(violations, `${name}: axe\n${describeViolations(violations)}`).toEqual([]);
}

describe("signing room on a phone", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    browser = await launchBrowser({ viewport: { width: 390, height: 844 }, mobile: true, bypassCSP: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it("consents, signs and finishes on a 390×844 touch screen", async () => {
    const client = await adminClient(app);
    const {
      api,
      participants,
      document: doc,
    } = await buildPackage(app, client, {
      name: "Phone purchase",
      ordered: true,
      participants: [
        { type: "Borrower", givenName: "Ada", familyName: "Phone", email: "ada.phone@example.com" },
        { type: "Co-Borrower", givenName: "Ben", familyName: "Phone", email: "ben.phone@example.com" },
      ],
    });
    const [ada, ben] = participants;
    // a checkbox printed 9×9 points for each, and a text field the first signer fills in
    for (const [participant, y] of [
      [ada!, 640],
      [ben!, 700],
    ] as const) {
      const placed = await client.request("POST", api.documentTags(doc.id), {
        json: {
          participantId: participant.id,
          type: "CHECKBOX",
          page: 1,
          x: 90,
          y,
          width: 9,
          height: 9,
          required: true,
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    const note = await client.request<{ id: string }>("POST", api.documentTags(doc.id), {
      json: { participantId: ada!.id, type: "TEXT", page: 1, x: 300, y: 640, width: 160, height: 18, required: true },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const current = await client.get<{ version: number }>(api.package);
    expect((await client.request("POST", api.send, { json: { version: current.body.version } })).status).toBe(200);

    // the first signer signs over HTTP, typing a note
    const adaLink = signingLinkIn(await invitationFor(smtp, "ada.phone@example.com"));
    const adaToken = decodeURIComponent(new URL(adaLink).pathname.split("/").pop()!);
    const adaRoom = await openAndConsent(app.server.signingRoom!.url, adaToken);
    const typed = await adaRoom.client.request("PUT", `/api/v1/signing/tags/${note.body.id}`, {
      json: { value: "Keys handed over" },
    });
    expect(typed.status).toBe(200);
    const others = { ...adaRoom.room, tags: adaRoom.room.tags.filter((tag) => tag.id !== note.body.id) };
    expect((await signEverything(adaRoom.client, others)).status).toBe(200);

    // the second signer, on the phone
    const page = browser.page;
    await page.goto(signingLinkIn(await invitationFor(smtp, "ben.phone@example.com")));

    // consent: the disclosure as a page in the room, in plain words, and one "I agree"
    const disclosure = page.getByTestId("disclosure");
    await disclosure.getByRole("heading", { name: "Electronic records and signatures disclosure" }).waitFor();
    await disclosure.getByText(/Last updated \w+ \d+, \d{4}/).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/default-\d|Disclosure version/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreen(page, "consent");
    await page.getByRole("button", { name: "I agree", exact: true }).click();

    // sign: the first signer's fields are shown read-only and are not counted
    const signature = page.getByRole("button", { name: "Signature (required)" }).first();
    await signature.waitFor();
    // his signature and checkbox (the date is written when he finishes); none of Ada's fields
    await expect.poll(() => page.getByTestId("progress").textContent()).toContain("2 required items left");
    // Ada's signature, date, checkbox and note
    await expect.poll(() => page.locator("[data-testid^='completed-tag-']").count()).toBe(4);
    await page.locator(".completed-tag__text", { hasText: "Keys handed over" }).waitFor();
    expect(await page.getByRole("img", { name: "Signature of Ada Phone" }).count()).toBe(1);
    await checkScreen(page, "sign");

    await signature.tap();
    const dialog = page.getByRole("dialog", { name: "Adopt your signature" });
    await dialog.waitFor();
    await checkScreen(page, "adopt");
    await dialog.getByRole("button", { name: "Adopt and sign" }).tap();
    await dialog.waitFor({ state: "hidden" });
    if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.tap();
    await expect.poll(() => signature.getAttribute("aria-pressed")).toBe("true");

    // after adopting, the bar stays one line
    const bar = page.getByTestId("sign-bar");
    expect((await bar.boundingBox())!.height).toBeLessThan(80);
    await checkScreen(page, "signed");

    // the 9×9 checkbox is reached by a tap beside it, inside its larger touch area
    const checkbox = page.getByRole("checkbox", { name: "Checkbox (required)" });
    await checkbox.scrollIntoViewIfNeeded();
    const box = (await checkbox.boundingBox())!;
    expect(box.width).toBeLessThan(20);
    await page.touchscreen.tap(box.x + box.width / 2 + 14, box.y + box.height / 2 + 14);
    await expect.poll(() => checkbox.isChecked()).toBe(true);

    expect((await bar.boundingBox())!.height).toBeLessThan(80);
    await page.getByRole("button", { name: "Finish" }).tap();
    await page.getByRole("heading", { name: "You're done" }).waitFor();
    await checkScreen(page, "finished");
    expect(browser.errors).toEqual([]);
  });
});
