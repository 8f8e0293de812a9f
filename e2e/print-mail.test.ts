import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { PRINT_MAIL_MESSAGES } from "@signet/contract";
import { givePrintSetup } from "@signet/core/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SpawnedReferencePrintVendor,
  spawnReferencePrintVendor,
} from "../apps/print-vendor/src/testing/spawn-reference-print-vendor.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import { expectNoHorizontalOverflow, signInAs } from "./support/journeys.ts";
import { dismissToast } from "./support/toasts.ts";

// Issue 16 §4 (web): the administrator mails a paper participant's print set from the package page
// through the reference print vendor (its own process), the milestones advance on both legs and
// show on the package page and in the mailing report; the member with package permissions only and
// the support user see the mailings too, on a phone without sideways scrolling.

const FIXTURE = new URL("../fixtures/pdfs/pdflatex-4-pages.pdf", import.meta.url);

describe("print and mail", () => {
  let app: TestApp;
  let vendor: SpawnedReferencePrintVendor;
  let orgId: string;
  let packageId: string;

  beforeAll(async () => {
    [vendor, app] = await Promise.all([
      spawnReferencePrintVendor(),
      startTestApp({ OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" }),
    ]);
    orgId = app.demo.organizations.customer;
    const db = app.server.db;
    await givePrintSetup(db, orgId, vendor, app.server.deps);
    const admin = await db.user.findUniqueOrThrow({ where: { email: app.users.admin } });
    const group = await db.group.findFirstOrThrow({ where: { organizationId: orgId }, orderBy: { createdAt: "asc" } });
    const bytes = readFileSync(FIXTURE);
    const blobKey = `documents/${orgId}/print-mail-deed.pdf`;
    await app.server.deps.storage.put(blobKey, Readable.from([bytes]));
    // a package out for signature whose co-borrower signs on paper (the send itself is another journey)
    const pkg = await db.package.create({
      data: {
        organizationId: orgId,
        shortId: "PM-1",
        name: "Harbor refinance",
        status: "AVAILABLE_TO_SIGNERS",
        enablePrintFulfillment: true,
        createdById: admin.id,
        sentAt: new Date(),
        availableAt: new Date(),
        groups: { create: [{ groupId: group.id, organizationId: orgId }] },
        participants: {
          create: [
            {
              organizationId: orgId,
              type: "Co-Borrower",
              roleNumber: 1,
              givenName: "Pat",
              familyName: "Paper",
              email: "pat@example.com",
              role: "PAPER",
              orderSequence: 1,
            },
          ],
        },
        documents: {
          create: [
            {
              organizationId: orgId,
              name: "Deed of Trust",
              nameKey: "deed of trust",
              orderSequence: 1,
              blobKey,
              sizeBytes: bytes.length,
              sha256: createHash("sha256").update(bytes).digest("hex"),
              numPages: 4,
              originalFileName: "deed.pdf",
            },
          ],
        },
      },
    });
    packageId = pkg.id;
    // and to the member's group, as one a member sends would (members and support users see packages by group)
    const member = await db.user.findFirstOrThrow({ where: { email: app.users.member } });
    for (const { groupId } of await db.groupMember.findMany({ where: { userId: member.id, organizationId: orgId } })) {
      if (groupId !== group.id) await db.packageGroup.create({ data: { packageId, groupId, organizationId: orgId } });
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await vendor?.kill();
    await vendor?.removeDataDir();
  });

  const section = (page: Page) => page.getByRole("region", { name: "Print and mail" });

  it("the administrator mails the print set; its milestones advance on the page and in the mailing report", async () => {
    const admin = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 }, bypassCSP: true });
    try {
      const { page } = admin;
      await signInAs(admin.page, app.users.admin);
      await page.goto(`/packages/${packageId}`);
      const panel = section(page);
      await panel.getByText("Signs on paper").waitFor();
      // no address was given in the builder: the set waits for a person
      await panel.getByText(PRINT_MAIL_MESSAGES.noMailingAddress).waitFor();
      await expectNoAxeViolations(page);
      await panel.getByRole("button", { name: "Mail print set" }).click();
      const dialog = page.getByRole("dialog", { name: "Mail the print set" });
      expect(await dialog.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Pat Paper");
      await dialog.getByRole("textbox", { name: "Address line 1" }).fill("12 Elm Street");
      await dialog.getByRole("textbox", { name: "City" }).fill("Dayton");
      await dialog.getByRole("textbox", { name: "State" }).fill("OH");
      await dialog.getByRole("textbox", { name: "ZIP code" }).fill("45402");
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Print and mail" }).click();
      await dismissToast(page, PRINT_MAIL_MESSAGES.queued);

      // the vendor received the set, addressed in the envelope window
      let mailing = await app.server.db.mailing.findFirst({ where: { packageId } });
      for (let tries = 0; !mailing?.vendorJobId && tries < 150; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        mailing = await app.server.db.mailing.findFirst({ where: { packageId } });
      }
      if (!mailing?.vendorJobId) throw new Error(`the print vendor never accepted the set: ${mailing?.lastError}`);
      const received = (await (await fetch(`${vendor.url}/_test/received`)).json()) as {
        jobs: { reference: string; pageCount: number; firstPageText: string | null }[];
      };
      const job = received.jobs.find((candidate) => candidate.reference === mailing.id)!;
      expect(job.pageCount).toBe(mailing.pageCount);
      expect(job.firstPageText).toContain("12 Elm Street");

      for (let step = 0; step < 5; step++) {
        await fetch(`${vendor.url}/_test/advance`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jobId: mailing.vendorJobId }),
        });
      }
      const card = panel.getByTestId("mailing");
      await card.getByText("Signed papers received back").waitFor({ timeout: 15_000 });
      await card.getByText("To the recipient").waitFor();
      await card.getByText("Back to the sender").waitFor();
      await card.getByText("Printing", { exact: true }).first().waitFor();
      await expectNoAxeViolations(page);

      // the wet-signed papers came back: their scan is attached as a copy with its own hash
      const chooser = page.waitForEvent("filechooser");
      await card.getByRole("button", { name: "Attach signed scan" }).click();
      await (await chooser).setFiles({
        name: "signed-deed.pdf",
        mimeType: "application/pdf",
        buffer: readFileSync(FIXTURE),
      });
      await dismissToast(page, PRINT_MAIL_MESSAGES.scanSaved);
      const scan = await app.server.db.mailingScan.findFirstOrThrow({ where: { mailingId: mailing.id } });
      // the scan's fingerprint is a technical detail, shown on request
      expect(await card.getByText("SHA-256", { exact: false }).count()).toBe(0);
      await card.getByRole("button", { name: "Technical details" }).click();
      await card.getByText(`SHA-256 ${scan.sha256.slice(0, 16)}`, { exact: false }).waitFor();
      await card.getByRole("link", { name: "signed-deed.pdf" }).waitFor();

      await page.goto("/reports/mailing");
      const table = page.getByRole("table", { name: "Mailing report" });
      await table.getByText("Pat Paper").waitFor();
      await table.getByText("Harbor refinance").waitFor();
      await page
        .getByRole("figure", { name: "Mailings by status" })
        .getByText("Signed papers received back: 1")
        .waitFor();
      await expectNoAxeViolations(page);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it("the member with package permissions only sees the mailing and its milestones on a phone", async () => {
    const session = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    try {
      const { page } = session;
      await signInAs(session.page, app.users.member);
      await page.goto(`/packages/${packageId}`);
      const panel = section(page);
      await panel.getByText("Signed papers received back").waitFor();
      await panel.getByText("Delivered").first().waitFor();
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("the administrator gives a paper participant a mailing address in the builder, on a desktop and a phone", async () => {
    const db = app.server.db;
    const group = await db.group.findFirstOrThrow({ where: { organizationId: orgId }, orderBy: { createdAt: "asc" } });
    const draft = await db.package.create({
      data: {
        organizationId: orgId,
        shortId: "PM-2",
        name: "Harbor purchase",
        enablePrintFulfillment: true,
        groups: { create: [{ groupId: group.id, organizationId: orgId }] },
      },
    });
    const session = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    try {
      const { page } = session;
      await signInAs(session.page, app.users.admin);
      await page.goto(`/packages/${draft.id}/build?step=1`);
      const form = page.getByRole("form", { name: "Add participant" });
      await form.getByLabel("Signs on paper").check();
      await form.getByLabel("First name").fill("Nora");
      await form.getByLabel("Last name").fill("Ink");
      await form.getByRole("textbox", { name: "Email" }).fill("nora.ink@example.com");
      const address = form.getByRole("group", { name: "Mailing address" });
      expect(await address.getByRole("textbox", { name: "Name on the envelope" }).inputValue()).toBe("Nora Ink");
      await address.getByRole("textbox", { name: "Address line 1" }).fill("4 Quay Street");
      await address.getByRole("textbox", { name: "City" }).fill("Toledo");
      await address.getByRole("textbox", { name: "State" }).fill("oh");
      await address.getByRole("textbox", { name: "ZIP code" }).fill("4360");
      await form.getByRole("button", { name: "Add participant" }).click();
      await address.getByText("Enter a 5-digit ZIP code or ZIP+4, e.g. 94105 or 94105-1234").waitFor();
      await expectNoAxeViolations(page);
      await address.getByRole("textbox", { name: "ZIP code" }).fill("43604");
      await form.getByRole("button", { name: "Add participant" }).click();
      await page.getByRole("table", { name: "Participants" }).getByText("Nora Ink").waitFor();
      const stored = await db.participant.findFirstOrThrow({ where: { packageId: draft.id } });
      expect(stored.mailingAddress).toEqual({
        name: "Nora Ink",
        company: null,
        line1: "4 Quay Street",
        line2: null,
        city: "Toledo",
        state: "OH",
        postalCode: "43604",
        country: "US",
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await address.getByRole("textbox", { name: "Address line 1" }).waitFor();
      // the address group fits the phone, and the builder's participants table scrolls inside its own box
      const box = await address.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
      const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(pageOverflow).toBeLessThanOrEqual(0);
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("the support user opens the organization's mailing report on a phone", async () => {
    const session = await launchBrowser({
      baseURL: app.url,
      viewport: { width: 390, height: 844 },
      mobile: true,
      bypassCSP: true,
    });
    try {
      const { page } = session;
      await signInAs(session.page, app.users.support);
      await page.goto(`/reports/mailing?org=${orgId}`);
      const table = page.getByRole("table", { name: "Mailing report" });
      await table.getByText("Pat Paper").waitFor();
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);
      expect(session.errors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
