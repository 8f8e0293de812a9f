import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Document, Package, Participant, ParticipantLanguage } from "@signet/contract";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { fixturePdf, upload } from "../../apps/api/test/support/document-upload.ts";
import { HttpClient } from "../../apps/api/test/support/http-client.ts";
import { packageApi } from "../../apps/api/test/support/signing-fixtures.ts";
import type { CapturedMail, SmtpCapture } from "../../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, type TestApp } from "./app.ts";

export { packageApi };

/** The demo admin's API session (cookie style), to build packages the way an integrator would. */
export async function adminClient(app: TestApp): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  const reply = await client.signIn(app.users.admin, DEMO_PASSWORD);
  expect(reply.status).toBe(200);
  return client;
}

export interface ParticipantSpec {
  type: string;
  givenName: string;
  familyName: string;
  email: string;
  /** a viewer reviews the document instead of signing it */
  viewer?: boolean;
  /** the language the sender chooses for them (English when left out) */
  language?: ParticipantLanguage;
  /** issue 34 §3: may hand signing to someone else */
  delegationAllowed?: boolean;
}

/**
 * A package of the demo organization over a real fixture PDF: each signer gets a signature and a
 * date-signed tag, each viewer sees the document as View Only. Sent when `send` is true.
 */
export async function buildPackage(
  app: TestApp,
  client: HttpClient,
  options: { name: string; participants: ParticipantSpec[]; ordered?: boolean; send?: boolean },
): Promise<{ pkg: Package; api: ReturnType<typeof packageApi>; participants: Participant[]; document: Document }> {
  const organizationId = app.demo.organizations.customer;
  const created = await client.request<Package>("POST", `/api/v9/organizations/${organizationId}/packages`, {
    json: { name: options.name },
  });
  expect(created.status).toBe(201);
  let pkg = created.body;
  const api = packageApi(organizationId, pkg.id);
  if (options.ordered) {
    const ordered = await client.request<Package>("PATCH", api.package, {
      json: { version: pkg.version, signingOrder: "PARTICIPANT" },
    });
    expect(ordered.status).toBe(200);
    pkg = ordered.body;
  }
  const participants: Participant[] = [];
  for (const spec of options.participants) {
    const { viewer: _viewer, ...body } = spec;
    const added = await client.request<Participant>(
      "POST",
      `/api/v5/organizations/${organizationId}/packages/${pkg.id}/participants`,
      {
        json: { ...body, accessMethod: "EMAIL" },
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    participants.push(added.body);
  }
  const uploaded = await upload(client, api.documents, fixturePdf("pdflatex-4-pages.pdf"), {
    fileName: "pdflatex-4-pages.pdf",
    properties: { name: "Promissory note", executionType: "E_SIGN" },
  });
  expect(uploaded.status).toBe(201);
  const document = uploaded.body as Document;
  for (const [index, participant] of participants.entries()) {
    if (options.participants[index]!.viewer) {
      const view = await client.request("PUT", api.documentParticipants, {
        json: { documentId: document.id, participantId: participant.id, executionType: "VIEW_ONLY" },
      });
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      continue;
    }
    for (const tag of [
      { type: "SIGNATURE", page: 1, x: 90, y: 560 + index * 90, width: 170, height: 40 },
      { type: "DATE_SIGNED", page: 1, x: 300, y: 575 + index * 90, width: 100, height: 20 },
    ]) {
      const placed = await client.request("POST", api.documentTags(document.id), {
        json: { participantId: participant.id, ...tag },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
  }
  if (options.send) {
    const current = await client.get<Package>(api.package);
    const sent = await client.request<Package>("POST", api.send, { json: { version: current.body.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    pkg = sent.body;
  }
  return { pkg, api, participants, document };
}

/** The signing link in an invitation email (its path on the signing origin). */
export function signingLinkIn(mail: CapturedMail): string {
  // an organization's template's text part shows a link as "Review documents [https://…]"
  const match = /(https?:\/\/[^\s\]]+\/s\/[^\s\]]+)/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`no signing link in ${mail.parsed.text}`);
  return match[1]!;
}

export const invitationFor = (smtp: SmtpCapture, email: string, subject: RegExp = /Your documents are ready/) =>
  smtp.waitFor((mail) => mail.envelopeTo.includes(email) && subject.test(mail.parsed.subject ?? ""), 20_000);

/** The text of a PDF (poppler). */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "signet-e2e-pdf-"));
  writeFileSync(join(dir, "f.pdf"), bytes);
  return execFileSync("pdftotext", [join(dir, "f.pdf"), "-"], { encoding: "utf8" });
}

/** pdfsig's report (poppler), whatever its exit code. */
export function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "signet-e2e-pdfsig-"));
  writeFileSync(join(dir, "sealed.pdf"), bytes);
  try {
    return execFileSync("pdfsig", [join(dir, "sealed.pdf")], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}

/**
 * Consents as a participant does by default: reads the disclosure shown in the room and presses the
 * one "I agree". `frame` is the page or the iframe the room is in.
 */
export async function consentInRoom(frame: Page | ReturnType<Page["frameLocator"]>) {
  const root = frame as Page;
  await root.getByTestId("disclosure").waitFor();
  await root.getByRole("button", { name: "I agree", exact: true }).click();
}

/**
 * Consents where the organization requires the consent code: opens the disclosure PDF (with the
 * room's session), reads the code printed in it, types it and presses "I agree".
 */
export async function consentWithCode(page: Page, roomOrigin: string) {
  await page.getByLabel("Code from the PDF").waitFor();
  await page.getByLabel("Code from the PDF").fill(await consentCodeFromPdf(page, roomOrigin));
  await page.getByRole("button", { name: "I agree", exact: true }).click();
}

/** The code printed in the participant's consent PDF, read as a person reads the PDF. */
export async function consentCodeFromPdf(page: Page, roomOrigin: string): Promise<string> {
  const response = await page.request.get(`${roomOrigin}/api/v1/signing/consent-document`);
  expect(response.status()).toBe(200);
  const text = pdfText(new Uint8Array(await response.body())).replace(/\s+/g, " ");
  const code = /confirmation code:\s*([A-Z0-9]{6})/i.exec(text)?.[1];
  expect(code, text).toBeTruthy();
  return code!;
}

/**
 * A sent package of two documents with one signer (a signature and a date on each) and one
 * participant of role VIEWER, who views both (a viewer's documents default to View Only).
 */
export async function buildSignerAndViewerPackage(
  app: TestApp,
  client: HttpClient,
  options: { name: string; signer: ParticipantSpec; viewer: ParticipantSpec },
): Promise<{ pkg: Package; api: ReturnType<typeof packageApi>; signer: Participant; viewer: Participant }> {
  const organizationId = app.demo.organizations.customer;
  const created = await client.request<Package>("POST", `/api/v9/organizations/${organizationId}/packages`, {
    json: { name: options.name },
  });
  expect(created.status).toBe(201);
  const api = packageApi(organizationId, created.body.id);
  const add = async (spec: ParticipantSpec, role: "SIGNER" | "VIEWER") => {
    const { viewer: _viewer, ...body } = spec;
    const added = await client.request<Participant>(
      "POST",
      `/api/v5/organizations/${organizationId}/packages/${created.body.id}/participants`,
      { json: { ...body, role, accessMethod: "EMAIL" } },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body;
  };
  const signer = await add(options.signer, "SIGNER");
  const viewer = await add(options.viewer, "VIEWER");
  for (const name of ["Promissory note", "Closing disclosure"]) {
    const uploaded = await upload(client, api.documents, fixturePdf("pdflatex-4-pages.pdf"), {
      fileName: "pdflatex-4-pages.pdf",
      properties: { name, executionType: "E_SIGN" },
    });
    expect(uploaded.status).toBe(201);
    const document = uploaded.body as Document;
    for (const tag of [
      { type: "SIGNATURE", page: 1, x: 90, y: 560, width: 170, height: 40 },
      { type: "DATE_SIGNED", page: 1, x: 300, y: 575, width: 100, height: 20 },
    ]) {
      const placed = await client.request("POST", api.documentTags(document.id), {
        json: { participantId: signer.id, ...tag },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
  }
  const current = await client.get<Package>(api.package);
  const sent = await client.request<Package>("POST", api.send, { json: { version: current.body.version } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { pkg: sent.body, api, signer, viewer };
}

/**
 * Consents as a participant who only reviews: the disclosure worded for receiving and reviewing,
 * and the one "I agree". Answers how many actions it took (one click).
 */
export async function consentAsReviewer(page: Page): Promise<number> {
  await page.getByRole("heading", { name: "Agree to receive electronic records" }).waitFor();
  await page.getByTestId("disclosure").getByRole("heading", { name: "Electronic records disclosure" }).waitFor();
  await page.getByRole("button", { name: "I agree", exact: true }).click();
  return 1;
}

/** Adopts a typed signature on the first signature field, then finishes (a room with one signature to give). */
export async function signAndFinish(page: Page) {
  await page.getByRole("button", { name: "Signature (required)" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Adopt your signature" });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Adopt and sign" }).click();
  await dialog.waitFor({ state: "hidden" });
  const signature = page.getByRole("button", { name: "Signature (required)" }).first();
  if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.click();
  await expect.poll(() => signature.getAttribute("aria-pressed")).toBe("true");
  await page.getByRole("button", { name: "Finish" }).click();
  await page.getByRole("heading", { name: "You're done" }).waitFor();
}
