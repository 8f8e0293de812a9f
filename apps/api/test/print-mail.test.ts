import { spawnSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Mailing,
  type MailingList,
  type MailingReport,
  type Package,
  type Participant,
  PRINT_MAIL_MESSAGES,
} from "@signet/contract";
import { givePrintSetup } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SpawnedReferencePrintVendor,
  spawnReferencePrintVendor,
} from "../../print-vendor/src/testing/spawn-reference-print-vendor.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { PAPER_ADDRESS } from "./support/mailing-address.ts";
import { addParticipant, createPackage, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { packageApi } from "./support/signing-fixtures.ts";
import type { ErrorBody } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { downloadFile } from "./support/zip-download.ts";

// Issue 16 §4 through the API, against the reference print vendor as its own process: a paper
// participant's print set (content and order), its idempotent submission, milestones by signed
// callback (a bad signature refused, a replay ignored), a return to sender (printMailMilestoneError
// and an email to the sender), a vendor that is down, scans with their own hash, and the report.

let app: TestApp;
let vendor: SpawnedReferencePrintVendor;
let smtp: SmtpCapture;
let forwarder: Server;
let p: PackageOrg;
const db = () => app.server.db;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const scratch = mkdtempSync(join(tmpdir(), "signet-print-mail-"));

/** The vendor posts callbacks here before the app's port is known; this forwards them to the app. */
async function startForwarder(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && name.startsWith("x-")) headers[name] = value;
      }
      fetch(`${app.url}${request.url}`, {
        method: request.method,
        headers: { ...headers, "content-type": "application/json" },
        body: Buffer.concat(chunks),
      })
        .then(async (answer) => response.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => response.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const ADDRESS = PAPER_ADDRESS;

interface PaperPackage {
  pkg: Package;
  paper: Participant;
  signer: Participant;
  api: ReturnType<typeof packageApi>;
  mailings: string;
}

/** A package out for signature with one e-signer and one paper participant, print fulfillment on. */
async function paperPackage(name = "Paper refinance"): Promise<PaperPackage> {
  const pkg = await createPackage(p.admin, p.paths, { name });
  const api = packageApi(p.org.organizationId, pkg.id);
  const signer = await addParticipant(p.admin, p.paths, pkg.id, {
    type: "Borrower",
    givenName: "Ada",
    familyName: "Signer",
    email: "ada@example.com",
    accessMethod: "EMAIL",
  });
  const paper = await addParticipant(p.admin, p.paths, pkg.id, {
    type: "Co-Borrower",
    givenName: "Pat",
    familyName: "Paper",
    email: "pat@example.com",
    accessMethod: "EMAIL",
    role: "PAPER",
  });
  const uploaded = await upload(p.admin, api.documents, fixturePdf("pdflatex-4-pages.pdf"), {
    fileName: "deed.pdf",
    properties: { name: "Deed of Trust", executionType: "E_SIGN" },
  });
  expect(uploaded.status).toBe(201);
  const documentId = (uploaded.body as { id: string }).id;
  const tag = await p.admin.request("POST", api.documentTags(documentId), {
    json: { participantId: signer.id, type: "SIGNATURE", page: 4, x: 72, y: 500, width: 160, height: 36 },
  });
  expect(tag.status).toBe(201);
  const current = await db().package.findUniqueOrThrow({ where: { id: pkg.id } });
  const enabled = await p.admin.request<Package>("PATCH", api.package, {
    json: { version: current.version, enablePrintFulfillment: true },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const sent = await p.admin.request<Package>("POST", api.send, { json: { version: enabled.body.version } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return {
    pkg: sent.body,
    paper,
    signer,
    api,
    mailings: `/api/v1/organizations/${p.org.organizationId}/packages/${pkg.id}/mailings`,
  };
}

const mailingOf = (id: string) => db().mailing.findUniqueOrThrow({ where: { id } });
type MailingRow = Awaited<ReturnType<typeof mailingOf>>;
const waitMailing = (id: string, ready: (row: MailingRow) => boolean) =>
  poll(`mailing ${id}`, async () => {
    const row = await mailingOf(id);
    return ready(row) ? row : null;
  });
const vendorJobs = async () =>
  (
    (await (await fetch(`${vendor.url}/_test/received`)).json()) as {
      jobs: { jobId: string; reference: string; pageCount: number; firstPageText: string | null }[];
    }
  ).jobs;
const control = (path: string, body: unknown) =>
  fetch(`${vendor.url}/_test/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
async function advance(jobId: string, times: number) {
  for (let step = 0; step < times; step++) await control("advance", { jobId });
}

function pdfText(bytes: Uint8Array, first?: number, last?: number) {
  const file = join(scratch, `${sha256(bytes)}.pdf`);
  writeFileSync(file, bytes);
  const range = first ? ["-f", String(first), "-l", String(last ?? first)] : [];
  return spawnSync("pdftotext", [...range, file, "-"], { encoding: "utf8" }).stdout.replace(/\s+/g, " ");
}

beforeAll(async () => {
  vendor = await spawnReferencePrintVendor();
  smtp = await startSmtpCapture();
  const forward = await startForwarder();
  forwarder = forward.server;
  app = await startTestApp({
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
    ...ACCESS_TEST_ENV,
    SMTP_URL: smtp.url,
    PRINT_CALLBACK_URL: `${forward.url}/api/v1/print-mail/callbacks`,
    PRINT_SUBMIT_AUTO_ATTEMPTS: "2",
    PRINT_SUBMIT_RETRY_BASE_SECONDS: "0.2",
    PRINT_VENDOR_TIMEOUT_SECONDS: "5",
    PRINT_POLL_SECONDS: "0.5",
  });
  p = await packageOrg(db(), app.url);
  await givePrintSetup(db(), p.org.organizationId, vendor, app.server.deps);
});
afterAll(async () => {
  // the vendor first: it stops posting callbacks, so nothing holds the forwarder or the app open
  await vendor?.kill();
  await vendor?.removeDataDir();
  forwarder?.closeAllConnections();
  await new Promise((resolve) => forwarder?.close(resolve));
  await app?.close();
  await smtp?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("print and mail", () => {
  let first: PaperPackage;
  let mailing: Mailing;

  it("lists the paper participant as a candidate and mails their print set through the vendor", async () => {
    first = await paperPackage();
    const before = await p.admin.get<MailingList>(first.mailings);
    expect(before.status).toBe(200);
    expect(before.body.candidates).toEqual([
      { participantId: first.paper.id, name: "Pat Paper", reason: "PAPER_PARTICIPANT", mailed: false },
    ]);
    const created = await p.admin.request<Mailing>("POST", first.mailings, {
      json: { participantId: first.paper.id, address: ADDRESS },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: "QUEUED", reason: "PAPER_PARTICIPANT", recipientName: "Pat Paper" });
    mailing = created.body;
    const submitted = await waitMailing(mailing.id, (row) => row.vendorJobId !== null);
    expect(submitted.status).toBe("SUBMITTED");
    const job = (await vendorJobs()).find((candidate) => candidate.reference === mailing.id)!;
    expect(job.pageCount).toBe(mailing.pageCount);
    expect(job.firstPageText).toContain("12 Elm Street");
    expect(job.firstPageText).toContain("Dayton OH 45402");
    // a second set for the same participant while one is on its way is refused
    const again = await p.admin.request<ErrorBody>("POST", first.mailings, {
      json: { participantId: first.paper.id, address: ADDRESS },
    });
    expect([again.status, again.body.message]).toEqual([409, PRINT_MAIL_MESSAGES.alreadyMailed]);
    // the e-signer is no paper recipient
    const signer = await p.admin.request<ErrorBody>("POST", first.mailings, {
      json: { participantId: first.signer.id, address: ADDRESS },
    });
    expect([signer.status, signer.body.message]).toEqual([409, PRINT_MAIL_MESSAGES.notPaperRecipient]);
  });

  it("stores the print set with its hash: letter, instructions, the document's pages, return envelope sheet", async () => {
    const file = await downloadFile(app.url, p.admin, `${first.mailings}/${mailing.id}/print-set`);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(mailing.printSetSha256);
    // letter, instructions, 4 document pages, business return envelope sheet
    expect(mailing.pageCount).toBe(7);
    expect(pdfText(file.bytes, 1)).toContain("sends you the documents of “Paper refinance” on paper");
    expect(pdfText(file.bytes, 2)).toContain("Deed of Trust (pages 3–6 of this set)");
    expect(pdfText(file.bytes, 3, 6)).toBe(pdfText(fixturePdf("pdflatex-4-pages.pdf")));
    expect(pdfText(file.bytes, 7)).toContain("FIRST-CLASS MAIL PERMIT NO. 12345");
  });

  it("records each milestone the vendor reports, on both legs, once", async () => {
    const jobId = (await mailingOf(mailing.id)).vendorJobId!;
    await advance(jobId, 5);
    const done = await waitMailing(mailing.id, (row) => row.status === "RETURNED");
    expect(done.milestoneError).toBe(false);
    const list = await p.admin.get<MailingList>(first.mailings);
    const shown = list.body.records.find((record) => record.id === mailing.id)!;
    expect(shown.legs.map((leg) => [leg.direction, leg.milestones.map((m) => m.code)])).toEqual([
      ["OUTBOUND", ["READY", "PRINTING", "MAILED", "DELIVERED"]],
      ["RETURN", ["MAILED", "DELIVERED"]],
    ]);
    expect(shown.legs[0]).toMatchObject({ carrier: "USPS", service: "First-Class" });
    expect(shown.legs[0]!.trackingNumber).toMatch(/^94/);
    expect(list.body.candidates[0]!.mailed).toBe(true);
  });

  it("refuses a callback with a bad signature (401) and ignores a replay", async () => {
    const row = await mailingOf(mailing.id);
    const body = JSON.stringify({
      eventId: `${row.vendorJobId}:OUTBOUND:RETURNED_TO_SENDER`,
      jobId: row.vendorJobId,
      reference: mailing.id,
      leg: "OUTBOUND",
      code: "RETURNED_TO_SENDER",
      occurredAt: new Date().toISOString(),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const post = (signature: string, at = timestamp, text = body) =>
      fetch(`${app.url}/api/v1/print-mail/callbacks`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-print-timestamp": String(at),
          "x-print-signature": signature,
        },
        body: text,
      });
    const forged = await post(
      `v1=${createHmac("sha256", "not-the-secret").update(`${timestamp}.${body}`).digest("hex")}`,
    );
    expect(forged.status).toBe(401);
    const stale = timestamp - 3600;
    const old = await post(
      `v1=${createHmac("sha256", vendor.clientSecret).update(`${stale}.${body}`).digest("hex")}`,
      stale,
    );
    expect(old.status).toBe(401);
    expect((await mailingOf(mailing.id)).status).toBe("RETURNED");
    // a genuine milestone already recorded, sent again: accepted, nothing new
    const delivered = body.replace(/RETURNED_TO_SENDER/g, "DELIVERED");
    const replay = await post(
      `v1=${createHmac("sha256", vendor.clientSecret).update(`${timestamp}.${delivered}`).digest("hex")}`,
      timestamp,
      delivered,
    );
    expect([replay.status, await replay.json()]).toEqual([200, { recorded: false }]);
    expect(await db().mailingMilestone.count({ where: { leg: { mailingId: mailing.id } } })).toBe(6);
  });

  it("a set returned to sender sets printMailMilestoneError and emails the sender", async () => {
    const second = await paperPackage("Returned refinance");
    await control("faults", { step: "delivery", mode: "return-to-sender" });
    const created = await p.admin.request<Mailing>("POST", second.mailings, {
      json: { participantId: second.paper.id, address: { ...ADDRESS, line1: "1 Nowhere Road" } },
    });
    expect(created.status).toBe(201);
    const submitted = await waitMailing(created.body.id, (row) => row.vendorJobId !== null);
    await advance(submitted.vendorJobId!, 3);
    const returned = await waitMailing(created.body.id, (row) => row.status === "RETURNED_TO_SENDER");
    expect(returned.milestoneError).toBe(true);
    const pkg = await db().package.findUniqueOrThrow({ where: { id: second.pkg.id } });
    expect(pkg.printMailMilestoneError).toBe(true);
    const mail = await smtp.waitFor((m) => m.parsed.subject === "Mailing returned to sender: Returned refinance");
    expect(mail.envelopeTo).toEqual([p.org.admin.email]);
    expect(mail.parsed.text).toContain("The print set mailed to Pat Paper");
    const list = await p.admin.get<MailingList>(second.mailings);
    expect(list.body.printMailMilestoneError).toBe(true);
    const shown = await p.admin.get<Package>(second.api.package);
    expect(shown.body.printMailMilestoneError).toBe(true);
  });

  it("a set the printer could not print is FAILED, with the vendor's reason", async () => {
    const broken = await paperPackage("Unprinted refinance");
    await control("faults", { step: "delivery", mode: "print-failure" });
    const created = await p.admin.request<Mailing>("POST", broken.mailings, {
      json: { participantId: broken.paper.id, address: ADDRESS },
    });
    const submitted = await waitMailing(created.body.id, (row) => row.vendorJobId !== null);
    await advance(submitted.vendorJobId!, 1);
    const failed = await waitMailing(created.body.id, (row) => row.status === "FAILED");
    expect(failed.milestoneError).toBe(true);
    const list = await p.admin.get<MailingList>(broken.mailings);
    const outbound = list.body.records[0]!.legs[0]!;
    expect(outbound.milestones.map((milestone) => [milestone.code, milestone.detail])).toEqual([
      ["READY", null],
      ["FAILED", "The print set could not be printed."],
    ]);
    await smtp.waitFor((m) => m.parsed.subject === "Mailing failed: Unprinted refinance");
    // a new set may be mailed once the failed one is known
    const again = await p.admin.request<Mailing>("POST", broken.mailings, {
      json: { participantId: broken.paper.id, address: ADDRESS },
    });
    expect(again.status).toBe(201);
    await waitMailing(again.body.id, (row) => row.status === "SUBMITTED");
  });

  it("retries a submission the vendor refused, and a lost answer never prints the set twice", async () => {
    const third = await paperPackage("Retried refinance");
    // the first try fails, the automatic second one gets through
    await control("faults", { step: "submit", mode: "fail" });
    const created = await p.admin.request<Mailing>("POST", third.mailings, {
      json: { participantId: third.paper.id, address: ADDRESS },
    });
    const through = await waitMailing(created.body.id, (row) => row.status === "SUBMITTED");
    expect(through.submitAttempts).toBe(2);
    // both automatic tries fail: the mailing waits for a person, who retries it
    const fourth = await paperPackage("Down refinance");
    await control("faults", { step: "submit", mode: "fail", count: 2 });
    const down = await p.admin.request<Mailing>("POST", fourth.mailings, {
      json: { participantId: fourth.paper.id, address: ADDRESS },
    });
    const failed = await waitMailing(down.body.id, (row) => row.status === "SUBMIT_FAILED");
    expect(failed.lastError).toContain("503");
    // the vendor saved the job but its answer was lost: the retry gets the same job back
    await control("faults", { step: "submit", mode: "fail-after-commit" });
    const retried = await p.admin.request<Mailing>("POST", `${fourth.mailings}/${down.body.id}/retries`);
    expect([retried.status, retried.body.status]).toEqual([202, "QUEUED"]);
    await waitMailing(down.body.id, (row) => row.status === "SUBMIT_FAILED" || row.status === "SUBMITTED");
    const manual = await p.admin.request<Mailing>("POST", `${fourth.mailings}/${down.body.id}/retries`);
    if (manual.status === 202) await waitMailing(down.body.id, (row) => row.status === "SUBMITTED");
    expect((await vendorJobs()).filter((job) => job.reference === down.body.id)).toHaveLength(1);
    const notFailed = await p.admin.request<ErrorBody>("POST", `${third.mailings}/${created.body.id}/retries`);
    expect([notFailed.status, notFailed.body.message]).toEqual([409, PRINT_MAIL_MESSAGES.notRetryable]);
  });

  it("attaches a scan of the wet-signed papers as a copy with its own hash", async () => {
    const scanBytes = fixturePdf("minimal-document.pdf");
    const uploaded = await upload(p.admin, `${first.mailings}/${mailing.id}/scans`, scanBytes, {
      fileName: "signed.pdf",
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const scan = uploaded.body as { id: string; sha256: string };
    const file = await downloadFile(app.url, p.admin, `${first.mailings}/${mailing.id}/scans/${scan.id}`);
    expect(sha256(file.bytes)).toBe(scan.sha256);
    expect(scan.sha256).not.toBe(mailing.printSetSha256);
    const text = await upload(p.admin, `${first.mailings}/${mailing.id}/scans`, Buffer.from("not a scan"), {
      fileName: "notes.txt",
      contentType: "text/plain",
    });
    expect(text.status).toBe(415);
    const list = await p.admin.get<MailingList>(first.mailings);
    expect(list.body.records.find((record) => record.id === mailing.id)!.scans.map((s) => s.sha256)).toEqual([
      scan.sha256,
    ]);
  });

  it("reports the mailings with filters, counts by status and CSV", async () => {
    const base = `/api/v1/organizations/${p.org.organizationId}/reports/mailings`;
    const all = await p.admin.get<MailingReport>(base);
    expect(all.status).toBe(200);
    expect(all.body.available).toBe(true);
    expect(all.body.count).toBe(6);
    expect(all.body.totals).toMatchObject({ mailings: 6, returned: 1, errors: 2 });
    const errors = await p.admin.get<MailingReport>(`${base}?milestoneError=true&sortBy=status&sortDirection=asc`);
    expect(errors.body.records.map((row) => row.status)).toEqual(["FAILED", "RETURNED_TO_SENDER"]);
    const returned = await p.admin.get<MailingReport>(`${base}?status=RETURNED`);
    expect(returned.body.records.map((row) => [row.recipientName, row.carrier, row.lastMilestone])).toEqual([
      ["Pat Paper", "USPS", "DELIVERED"],
    ]);
    const none = await p.admin.get<MailingReport>(`${base}?carrier=FEDEX`);
    expect(none.body.count).toBe(0);
    const csv = await downloadFile(app.url, p.admin, `${base}.csv?milestoneError=true&status=RETURNED_TO_SENDER`);
    const lines = new TextDecoder()
      .decode(csv.bytes)
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe(
      "Package,Recipient,Reason,Status,Carrier,Tracking number,Milestone error,Last milestone,Created",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Returned refinance,Pat Paper,Signs on paper,Returned to sender,USPS");
  });
  it("mails the remaining documents to a borrower who withdrew e-sign consent, with the pages they sign", async () => {
    const withdrawn = await paperPackage("Withdrawn refinance");
    // what consent withdrawal leaves behind (signing-consent-withdrawal.test.ts walks the room)
    await db().participant.update({ where: { id: withdrawn.signer.id }, data: { signingStatus: "CONSENT_WITHDRAWN" } });
    await db().package.update({ where: { id: withdrawn.pkg.id }, data: { status: "CONSENT_WITHDRAWN" } });
    const list = await p.admin.get<MailingList>(withdrawn.mailings);
    expect(list.body.candidates.find((candidate) => candidate.participantId === withdrawn.signer.id)).toMatchObject({
      name: "Ada Signer",
      reason: "CONSENT_WITHDRAWN",
    });
    const created = await p.admin.request<Mailing>("POST", withdrawn.mailings, {
      json: { participantId: withdrawn.signer.id, address: { ...ADDRESS, name: "Ada Signer" } },
    });
    expect([created.status, created.body.reason]).toEqual([201, "CONSENT_WITHDRAWN"]);
    const file = await downloadFile(app.url, p.admin, `${withdrawn.mailings}/${created.body.id}/print-set`);
    expect(pdfText(file.bytes, 1)).toContain("You withdrew your consent to sign electronically");
    expect(pdfText(file.bytes, 2)).toContain("Deed of Trust (pages 3–6 of this set): sign on page 4 of the document.");
  });
  it("picks up milestones whose callbacks never arrive by asking the vendor", async () => {
    const unreachable = await paperPackage("Polled refinance");
    await control("faults", { step: "callback", mode: "fail", count: 1000 });
    try {
      const created = await p.admin.request<Mailing>("POST", unreachable.mailings, {
        json: { participantId: unreachable.paper.id, address: ADDRESS },
      });
      const submitted = await waitMailing(created.body.id, (row) => row.vendorJobId !== null);
      await advance(submitted.vendorJobId!, 2);
      await waitMailing(created.body.id, (row) => row.status === "MAILED");
      const codes = await db().mailingMilestone.findMany({
        where: { leg: { mailingId: created.body.id } },
        orderBy: { occurredAt: "asc" },
      });
      expect(codes.map((milestone) => milestone.code)).toEqual(["READY", "PRINTING", "MAILED"]);
    } finally {
      await fetch(`${vendor.url}/_test/faults`, { method: "DELETE" });
    }
  });
});
