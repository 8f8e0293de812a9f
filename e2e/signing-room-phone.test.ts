import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Frame, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAndConsent, signEverything } from "../apps/api/test/support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { screenshot } from "./support/screenshots.ts";
import {
  adminClient,
  buildPackage,
  consentInRoom,
  invitationFor,
  pdfText,
  signingLinkIn,
} from "./support/signing-helpers.ts";
import { UserActions } from "./support/user-actions.ts";

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

/** The tap area of one of the signer's fields on the page (its hit area, around the field as printed). */
const hitArea = (page: Page, tagId: string) => page.locator(`.tag:has(> [data-testid="tag-${tagId}"]) > .tag__hit`);

/** Taps the middle of what the user taps, after checking it is at least 44×44. */
async function tap(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.width, `${what}: width`).toBeGreaterThanOrEqual(44);
  expect(box!.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  await page.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
}

/** A tap on a field, counted as one action (the field lies over its hit area, so a locator's click refuses it). */
async function tapCounted(signer: UserActions, target: Locator, what: string) {
  signer.actions.push({ kind: "click", what });
  await tap(signer.page, target, what);
}

/** A freshly placed tag's id. */
async function placeTag(client: Awaited<ReturnType<typeof adminClient>>, url: string, json: object) {
  const placed = await client.request<{ id: string }>("POST", url, { json });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.id;
}

/** Where the images on page 1 of a PDF are, and their size in pixels (poppler's pdfimages). */
function pageOneImages(bytes: Uint8Array): { width: number; height: number }[] {
  const dir = mkdtempSync(join(tmpdir(), "signet-e2e-images-"));
  writeFileSync(join(dir, "f.pdf"), bytes);
  const list = execFileSync("pdfimages", ["-list", "-f", "1", "-l", "1", join(dir, "f.pdf")], { encoding: "utf8" });
  return list
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[2] === "image")
    .map((columns) => ({ width: Number(columns[3]), height: Number(columns[4]) }));
}

/** A PNG's size, from its header. */
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

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

    // the 9×9 checkbox is reached by a tap beside it, inside its larger touch area, and is checked
    // in the sheet it opens
    const checkbox = page.getByRole("button", { name: "Checkbox (required): Not selected" });
    await checkbox.scrollIntoViewIfNeeded();
    const box = (await checkbox.boundingBox())!;
    expect(box.width).toBeLessThan(20);
    await page.touchscreen.tap(box.x + box.width / 2 + 14, box.y + box.height / 2 + 14);
    const sheet = page.getByRole("dialog", { name: "Checkbox (required)" });
    await sheet.getByText("Check this box").tap();
    await sheet.getByRole("button", { name: "Done" }).tap();
    await sheet.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Checkbox (required): Selected" }).waitFor();

    expect((await bar.boundingBox())!.height).toBeLessThan(80);
    await page.getByRole("button", { name: "Finish" }).tap();
    await page.getByRole("heading", { name: "You're done" }).waitFor();
    await checkScreen(page, "finished");
    expect(browser.errors).toEqual([]);
  });
  // Issue 33 §1: on a phone the signer goes field to field with Next, each field magnified to the
  // screen's width and filled in a sheet; the date is Signet's to write and asks for nothing.
  it("walks the signer through every field with Next, a sheet and taps only, and seals the drawn signature", async () => {
    const client = await adminClient(app);
    const {
      api,
      pkg,
      participants: [cy],
      document: doc,
    } = await buildPackage(app, client, {
      name: "Phone walk-through",
      participants: [{ type: "Borrower", givenName: "Cy", familyName: "Walker", email: "cy.walker@example.com" }],
    });
    const tags = api.documentTags(doc.id);
    const initials = await placeTag(client, tags, {
      participantId: cy!.id,
      type: "INITIALS",
      page: 1,
      x: 480,
      y: 640,
      width: 40,
      height: 24,
    });
    const text = await placeTag(client, tags, {
      participantId: cy!.id,
      type: "TEXT",
      page: 1,
      x: 90,
      y: 690,
      width: 160,
      height: 18,
      required: true,
    });
    const checkbox = await placeTag(client, tags, {
      participantId: cy!.id,
      type: "CHECKBOX",
      page: 1,
      x: 300,
      y: 692,
      width: 12,
      height: 12,
      required: true,
    });
    // the printed name, required: Signet writes it, the signer does nothing for it
    const fullName = await placeTag(client, tags, {
      participantId: cy!.id,
      type: "FULL_NAME",
      page: 1,
      x: 90,
      y: 730,
      width: 160,
      height: 20,
      required: true,
    });
    const current = await client.get<{ version: number }>(api.package);
    expect((await client.request("POST", api.send, { json: { version: current.body.version } })).status).toBe(200);
    const placed = await app.server.db.tag.findMany({ where: { documentId: doc.id, participantId: cy!.id } });
    const signature = placed.find((tag) => tag.type === "SIGNATURE")!.id;
    const date = placed.find((tag) => tag.type === "DATE_SIGNED")!.id;

    const phone = await launchBrowser({ viewport: { width: 390, height: 844 }, mobile: true, bypassCSP: true });
    try {
      const page = phone.page;
      // a scroll to a field lands at once, so a field's box is read where it stays
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(signingLinkIn(await invitationFor(smtp, "cy.walker@example.com")));
      await consentInRoom(page);

      const next = page.getByRole("button", { name: "Next field" });
      await next.waitFor();
      await expect.poll(() => page.getByTestId("progress").textContent()).toContain("4 required items left");
      // the date is filled automatically: said in plain words, whole, never required, nothing to do
      const dateNote = page.getByRole("note", { name: "Filled automatically: Date signed" });
      await dateNote.waitFor();
      const dateShown = await dateNote.evaluate((note) => ({
        text: note.textContent,
        // its text lies inside the note and overflows nothing
        clipped: (() => {
          const shown = note.firstElementChild as HTMLElement;
          const inner = shown.getBoundingClientRect();
          const outer = note.getBoundingClientRect();
          const outside =
            inner.left < outer.left - 0.5 ||
            inner.right > outer.right + 0.5 ||
            inner.top < outer.top - 0.5 ||
            inner.bottom > outer.bottom + 0.5;
          return outside || shown.scrollWidth > shown.clientWidth + 1 || getComputedStyle(note).overflow !== "visible";
        })(),
        required: note.closest(".tag")!.classList.contains("tag--required"),
        asterisk: getComputedStyle(note.closest(".tag")!, "::after").content,
      }));
      expect(dateShown).toEqual({ text: "Filled automatically", clipped: false, required: false, asterisk: "none" });
      // the name is written as the room opens, shown whole and never asked for
      const nameNote = page.getByRole("note", { name: "Cy Walker: Full name" });
      await nameNote.waitFor();
      expect(
        await page.getByTestId(`tag-${fullName}`).evaluate((note) => note.closest(".tag")!.className),
      ).not.toContain("tag--required");
      await checkScreen(page, "walk-start");

      // Next: the signature, its row (the signature and the date beside it) magnified to the screen's width
      await tap(page, next, "Next field");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`tag-${signature}`);
      await page.getByTestId(`viewport-${doc.id}`).and(page.locator(".doc__viewport--zoomed")).waitFor();
      const signatureBox = (await page.getByTestId(`tag-${signature}`).boundingBox())!;
      const dateBox = (await dateNote.boundingBox())!;
      expect(signatureBox.x).toBeGreaterThanOrEqual(0);
      expect(dateBox.x + dateBox.width).toBeLessThanOrEqual(390);
      expect(dateBox.x + dateBox.width - signatureBox.x).toBeGreaterThan(390 * 0.8);
      await checkScreen(page, "walk-signature");

      // a drawn signature, adopted once
      await tap(page, hitArea(page, signature), "the signature field");
      const adopt = page.getByRole("dialog", { name: "Adopt your signature" });
      await adopt.waitFor();
      await tap(page, adopt.getByRole("tab", { name: "Draw signature" }), "Draw signature");
      const pad = adopt.getByTestId("draw-signature");
      await pad.waitFor();
      const padBox = (await pad.boundingBox())!;
      const y = padBox.y + padBox.height / 2;
      await page.mouse.move(padBox.x + 30, y);
      await page.mouse.down();
      await page.mouse.move(padBox.x + 90, y - 25, { steps: 8 });
      await page.mouse.move(padBox.x + 150, y + 20, { steps: 8 });
      await page.mouse.move(padBox.x + 220, y - 10, { steps: 8 });
      await page.mouse.up();
      await checkScreen(page, "walk-draw");
      await tap(page, adopt.getByRole("button", { name: "Adopt and sign" }), "Adopt and sign");
      await adopt.waitFor({ state: "hidden" });
      await expect.poll(() => page.getByTestId(`tag-${signature}`).getAttribute("aria-pressed")).toBe("true");

      // initials: one tap applies the adopted ones
      await tap(page, next, "Next field");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`tag-${initials}`);
      await tap(page, hitArea(page, initials), "the initials field");
      await expect.poll(() => page.getByTestId(`tag-${initials}`).getAttribute("aria-pressed")).toBe("true");

      // the text field: typed in a sheet, in an input of normal size
      await tap(page, next, "Next field");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`tag-${text}`);
      await tap(page, hitArea(page, text), "the text field");
      const textSheet = page.getByRole("dialog", { name: "Text (required)" });
      await textSheet.waitFor();
      const answer = textSheet.getByRole("textbox", { name: "Your answer" });
      await expect.poll(() => answer.evaluate((input) => input === document.activeElement)).toBe(true);
      expect((await answer.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await checkScreen(page, "walk-text-sheet");
      await page.keyboard.type("Keys handed over");
      await tap(page, textSheet.getByRole("button", { name: "Done" }), "Done");
      await textSheet.waitFor({ state: "hidden" });

      // the checkbox: a large option in its sheet; the sheet closes with Escape and its close button
      await tap(page, next, "Next field");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`tag-${checkbox}`);
      await tap(page, hitArea(page, checkbox), "the checkbox");
      const checkSheet = page.getByRole("dialog", { name: "Checkbox (required)" });
      await checkSheet.waitFor();
      await page.keyboard.press("Escape");
      await checkSheet.waitFor({ state: "hidden" });
      await tap(page, hitArea(page, checkbox), "the checkbox");
      await checkSheet.waitFor();
      await checkScreen(page, "walk-checkbox-sheet");
      await tap(page, checkSheet.locator("label", { hasText: "Check this box" }), "Check this box");
      await expect.poll(() => checkSheet.getByRole("checkbox", { name: "Check this box" }).isChecked()).toBe(true);
      await tap(page, checkSheet.getByRole("button", { name: "Close" }), "Close");
      await checkSheet.waitFor({ state: "hidden" });

      // after the last field, Next becomes Finish; Whole page shows the page at the screen's width again
      expect(await next.count()).toBe(0);
      await tap(page, page.getByRole("button", { name: "Whole page" }), "Whole page");
      await page.locator(".doc__viewport--zoomed").waitFor({ state: "detached" });
      const pageWidth = await page
        .locator(".pdf-page")
        .first()
        .evaluate((element) => element.clientWidth);
      expect(pageWidth).toBeLessThanOrEqual(390);
      await checkScreen(page, "walk-ready");
      await tap(page, page.getByRole("button", { name: "Finish" }), "Finish");
      await page.getByRole("heading", { name: "You're done" }).waitFor();
      await checkScreen(page, "walk-finished");
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }

    // the sealed document carries the drawn signature, the typed text and the tick
    const db = app.server.db;
    const drawn = await db.participantSignature.findFirstOrThrow({
      where: { participantId: cy!.id, kind: "SIGNATURE" },
    });
    expect(drawn.method).toBe("DRAWN");
    const values = await db.tagValue.findMany({
      where: { tagId: { in: [signature, text, checkbox, date, fullName] } },
    });
    const stored = (id: string) => values.find((entry) => entry.tagId === id)?.value;
    expect(stored(signature)).toBe(drawn.sha256);
    expect(stored(text)).toBe("Keys handed over");
    expect(stored(checkbox)).toBe("true");
    expect(stored(date)).toBeTruthy();
    expect(stored(fullName)).toBe("Cy Walker");
    await expect
      .poll(async () => (await db.package.findUniqueOrThrow({ where: { id: pkg.id } })).sealedAt, { timeout: 30_000 })
      .not.toBeNull();
    const sealed = await db.sealedArtifact.findFirstOrThrow({ where: { documentId: doc.id } });
    const chunks: Buffer[] = [];
    for await (const chunk of await app.server.deps.storage.get(sealed.blobKey)) chunks.push(Buffer.from(chunk));
    const bytes = new Uint8Array(Buffer.concat(chunks));
    expect(pageOneImages(bytes)).toContainEqual(pngSize(new Uint8Array(drawn.png)));
    expect(pdfText(bytes)).toContain("Keys handed over");
  });

  // Issue 33 "Done when": a signature, initials and a date take at most 10 actions on a phone,
  // opening the link, consenting and finishing included
  it("signs a signature, initials and a date in at most 10 actions", async () => {
    const client = await adminClient(app);
    const {
      api,
      participants: [dee],
      document: doc,
    } = await buildPackage(app, client, {
      name: "Phone in ten",
      participants: [{ type: "Borrower", givenName: "Dee", familyName: "Counted", email: "dee.counted@example.com" }],
    });
    const initials = await placeTag(client, api.documentTags(doc.id), {
      participantId: dee!.id,
      type: "INITIALS",
      page: 2,
      x: 500,
      y: 700,
      width: 40,
      height: 24,
    });
    const current = await client.get<{ version: number }>(api.package);
    expect((await client.request("POST", api.send, { json: { version: current.body.version } })).status).toBe(200);
    const signature = (await app.server.db.tag.findFirstOrThrow({
      where: { documentId: doc.id, participantId: dee!.id, type: "SIGNATURE" },
    }))!.id;

    const phone = await launchBrowser({ viewport: { width: 390, height: 844 }, mobile: true, bypassCSP: true });
    try {
      const page = phone.page;
      await page.emulateMedia({ reducedMotion: "reduce" });
      const signer = new UserActions(page, "signer on a phone");
      signer.actions.push({ kind: "click", what: "Open the link in the invitation email" });
      await page.goto(signingLinkIn(await invitationFor(smtp, "dee.counted@example.com")));
      // consent: the disclosure in the room and one "I agree"
      await consentInRoom(page);
      signer.actions.push({ kind: "click", what: "I agree" });
      const next = page.getByRole("button", { name: "Next field" });
      await signer.click(next, "Next field");
      await tapCounted(signer, hitArea(page, signature), "Tap the signature");
      const adopt = page.getByRole("dialog", { name: "Adopt your signature" });
      await signer.click(adopt.getByRole("button", { name: "Adopt and sign" }), "Adopt and sign (name typed for them)");
      await adopt.waitFor({ state: "hidden" });
      await signer.click(next, "Next field");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`tag-${initials}`);
      await tapCounted(signer, hitArea(page, initials), "Tap the initials");
      await expect.poll(() => page.getByTestId(`tag-${initials}`).getAttribute("aria-pressed")).toBe("true");
      await signer.click(page.getByRole("button", { name: "Finish" }), "Finish");
      await page.getByRole("heading", { name: "You're done" }).waitFor();
      expect(signer.count, signer.transcript()).toBeLessThanOrEqual(10);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
