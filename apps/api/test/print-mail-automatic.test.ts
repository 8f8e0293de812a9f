import {
  type Package,
  type Participant,
  PRINT_MAIL_MESSAGES,
  type SendCheck,
  type SigningRoom,
} from "@signet/contract";
import { createSmtpMailer, type JobContext, runJob, silentLogger } from "@signet/core";
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
import { invitationTo, linkToken, openAndConsent, packageApi } from "./support/signing-fixtures.ts";
import type { ErrorBody } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §4 follow-up: participants keep a mailing address, and the package makes and mails the
// print sets by itself, at send for paper participants and when a borrower withdraws e-sign
// consent, through the reference print vendor as its own process. Never twice for one reason.

let app: TestApp;
let vendor: SpawnedReferencePrintVendor;
let smtp: SmtpCapture;
let p: PackageOrg;
const db = () => app.server.db;

const ADDRESS = PAPER_ADDRESS;

const vendorJobs = async () =>
  (
    (await (await fetch(`${vendor.url}/_test/received`)).json()) as {
      jobs: { reference: string; firstPageText: string | null }[];
    }
  ).jobs;
const mailingsOf = (participantId: string) =>
  db().mailing.findMany({ where: { participantId }, orderBy: { createdAt: "asc" } });
const waitSubmitted = (participantId: string) =>
  poll(`mailing of ${participantId}`, async () => {
    const [row] = await mailingsOf(participantId);
    return row?.vendorJobId ? row : null;
  });

interface Built {
  pkg: Package;
  api: ReturnType<typeof packageApi>;
  signer: Participant;
  paper: Participant;
  unaddressed: Participant;
}

/** Print fulfillment on: an e-signer, a paper participant with an address and one without. */
async function buildPackage(name: string, signerAddress: typeof ADDRESS | null = null): Promise<Built> {
  const pkg = await createPackage(p.admin, p.paths, { name });
  const api = packageApi(p.org.organizationId, pkg.id);
  const stamp = Date.now();
  const signer = await addParticipant(p.admin, p.paths, pkg.id, {
    type: "Borrower",
    givenName: "Ada",
    familyName: "Signer",
    email: `ada-${stamp}@example.com`,
    mailingAddress: signerAddress,
  });
  const paper = await addParticipant(p.admin, p.paths, pkg.id, {
    type: "Co-Borrower",
    givenName: "Pat",
    familyName: "Paper",
    email: `pat-${stamp}@example.com`,
    role: "PAPER",
    mailingAddress: ADDRESS,
  });
  const unaddressed = await addParticipant(p.admin, p.paths, pkg.id, {
    type: "Co-Borrower",
    givenName: "Nia",
    familyName: "Nowhere",
    email: `nia-${stamp}@example.com`,
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
  return { pkg: enabled.body, api, signer, paper, unaddressed };
}

async function send(built: Built) {
  const { version } = await db().package.findUniqueOrThrow({ where: { id: built.pkg.id } });
  const sent = await p.admin.request<Package>("POST", built.api.send, { json: { version } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

beforeAll(async () => {
  vendor = await spawnReferencePrintVendor();
  smtp = await startSmtpCapture();
  app = await startTestApp({
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
    ...ACCESS_TEST_ENV,
    SMTP_URL: smtp.url,
    PRINT_SUBMIT_AUTO_ATTEMPTS: "2",
    PRINT_SUBMIT_RETRY_BASE_SECONDS: "0.2",
    PRINT_VENDOR_TIMEOUT_SECONDS: "5",
    PRINT_POLL_SECONDS: "60",
  });
  p = await packageOrg(db(), app.url);
  await givePrintSetup(db(), p.org.organizationId, vendor, app.server.deps);
});
afterAll(async () => {
  await vendor?.kill();
  await vendor?.removeDataDir();
  await app?.close();
  await smtp?.close();
});

describe("participant mailing address", () => {
  it("is stored, returned, changed and removed; a bad ZIP or state is a 400 in the contract's words", async () => {
    const pkg = await createPackage(p.admin, p.paths, { name: "Address book" });
    const bad = await p.admin.request<ErrorBody>("POST", p.paths.participants(pkg.id), {
      json: { type: "Borrower", email: "zip@example.com", mailingAddress: { ...ADDRESS, postalCode: "4540" } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Enter a 5-digit ZIP code or ZIP+4, e.g. 94105 or 94105-1234");
    const added = await addParticipant(p.admin, p.paths, pkg.id, {
      type: "Borrower",
      email: "zip@example.com",
      mailingAddress: { ...ADDRESS, state: "oh", line2: "" },
    });
    expect(added.mailingAddress).toEqual({ ...ADDRESS, state: "OH", line2: null, country: "US" });
    const wrongState = await p.admin.request<ErrorBody>("PATCH", p.paths.participant(pkg.id, added.id), {
      json: { version: added.version, mailingAddress: { ...ADDRESS, state: "XX" } },
    });
    expect(wrongState.status).toBe(400);
    expect(JSON.stringify(wrongState.body)).toContain("Enter a two-letter US state code, e.g. CA");
    const moved = await p.admin.request<Participant>("PATCH", p.paths.participant(pkg.id, added.id), {
      json: { version: added.version, mailingAddress: { ...ADDRESS, line1: "9 Oak Avenue" } },
    });
    expect([moved.status, moved.body.mailingAddress?.line1]).toEqual([200, "9 Oak Avenue"]);
    const cleared = await p.admin.request<Participant>("PATCH", p.paths.participant(pkg.id, added.id), {
      json: { version: moved.body.version, mailingAddress: null },
    });
    expect([cleared.status, cleared.body.mailingAddress]).toEqual([200, null]);
  });
});

describe("automatic mailing", () => {
  it("at send, mails the set of a paper participant with an address, warns about one without, and never twice", async () => {
    const built = await buildPackage("Automatic refinance");
    const check = await p.admin.get<SendCheck>(`${built.api.package}/send-check`);
    expect(check.status).toBe(200);
    expect(check.body.ready).toBe(true);
    expect(check.body.warnings).toEqual([
      {
        path: `participants.${built.unaddressed.id}.mailingAddress`,
        message: `CO-BORROWER 2: ${PRINT_MAIL_MESSAGES.noMailingAddress}`,
      },
    ]);
    await send(built);
    const submitted = await waitSubmitted(built.paper.id);
    expect([submitted.reason, submitted.recipientName, submitted.status]).toEqual([
      "PAPER_PARTICIPANT",
      "Pat Paper",
      "SUBMITTED",
    ]);
    const job = (await vendorJobs()).find((candidate) => candidate.reference === submitted.id);
    expect(job?.firstPageText).toContain("12 Elm Street");
    expect(job?.firstPageText).toContain("Dayton OH 45402");
    const audit = await db().auditEvent.findFirst({
      where: { streamId: built.pkg.id, type: "package.mailing-created" },
    });
    expect(audit?.actorId).toBeNull();
    // the e-signer and the participant without an address get nothing
    expect(await mailingsOf(built.signer.id)).toEqual([]);
    expect(await mailingsOf(built.unaddressed.id)).toEqual([]);

    // the job again, even after the first set failed for good: no second set for the same reason
    await db().mailing.update({ where: { id: submitted.id }, data: { status: "FAILED" } });
    const mailer = createSmtpMailer(db(), smtp.url, app.server.config.MAIL_FROM);
    const context: JobContext = { ...app.server.deps, db: db(), mailer, logger: silentLogger };
    const payload = { packageId: built.pkg.id, participantId: built.paper.id, reason: "PAPER_PARTICIPANT" };
    await runJob(context, "print-mail.automatic", payload, "test:again");
    await Promise.all([
      runJob(context, "print-mail.automatic", payload, "test:again"),
      runJob(context, "print-mail.automatic", payload, "test:again"),
    ]);
    expect(await mailingsOf(built.paper.id)).toHaveLength(1);
    const outbox = await db().outboxMessage.count({
      where: { idempotencyKey: `print-mail-auto:${built.paper.id}:PAPER_PARTICIPANT` },
    });
    expect(outbox).toBe(1);
  });

  it("sends even while the print vendor is down: the set waits in the queue and goes once the vendor answers", async () => {
    const built = await buildPackage("Vendor down refinance");
    await fetch(`${vendor.url}/_test/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ step: "submit", mode: "fail", count: 1 }),
    });
    try {
      await send(built);
      const submitted = await waitSubmitted(built.paper.id);
      expect([submitted.status, submitted.submitAttempts]).toEqual(["SUBMITTED", 2]);
      expect(await mailingsOf(built.paper.id)).toHaveLength(1);
    } finally {
      await fetch(`${vendor.url}/_test/faults`, { method: "DELETE" });
    }
  });

  it("makes nothing without print fulfillment", async () => {
    const built = await buildPackage("Electronic only");
    const current = await db().package.findUniqueOrThrow({ where: { id: built.pkg.id } });
    const off = await p.admin.request<Package>("PATCH", built.api.package, {
      json: { version: current.version, enablePrintFulfillment: false },
    });
    expect(off.status).toBe(200);
    const check = await p.admin.get<SendCheck>(`${built.api.package}/send-check`);
    expect(check.body.warnings).toEqual([]);
    await send(built);
    expect(
      await db().outboxMessage.count({
        where: { idempotencyKey: `print-mail-auto:${built.paper.id}:PAPER_PARTICIPANT` },
      }),
    ).toBe(0);
  });

  it("mails the remaining documents to a borrower who withdraws e-sign consent", async () => {
    const built = await buildPackage("Withdrawn automatically", { ...ADDRESS, name: "Ada Signer" });
    await send(built);
    await waitSubmitted(built.paper.id);
    const { client } = await openAndConsent(
      app.server.signingRoom!.url,
      linkToken(await invitationTo(smtp, built.signer.email!)),
    );
    const withdrawn = await client.request<SigningRoom>("POST", "/api/v1/signing/consent-withdrawal", {
      json: { reason: "Paper, please." },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const mailing = await waitSubmitted(built.signer.id);
    expect([mailing.reason, mailing.recipientName]).toEqual(["CONSENT_WITHDRAWN", "Ada Signer"]);
    const job = (await vendorJobs()).find((candidate) => candidate.reference === mailing.id);
    expect(job?.firstPageText).toContain("Ada Signer");
  });
});
