import type { Mailing, Package } from "@signet/contract";
import { givePrintSetup } from "@signet/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type SpawnedReferencePrintVendor,
  spawnReferencePrintVendor,
} from "../../print-vendor/src/testing/spawn-reference-print-vendor.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { type FaultStack, startFaultStack } from "./support/fault-stack.ts";
import { PAPER_ADDRESS } from "./support/mailing-address.ts";
import { addParticipant, createPackage, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll, sleep } from "./support/poll.ts";
import { packageApi } from "./support/signing-fixtures.ts";

// Issue 29 §3, print and mail: submissions and polling against the reference print vendor (its own
// process), with the worker killed mid-submission, Redis and PostgreSQL cut under it, and the
// vendor timing out, failing, losing its answer and answering garbage. The vendor's own list of
// received jobs is the receiving side: each mailing is there exactly once, and Signet holds its job.

let stack: FaultStack;
let vendor: SpawnedReferencePrintVendor;
let p: PackageOrg;
const db = () => stack.app.server.db;

const ADDRESS = PAPER_ADDRESS;

beforeAll(async () => {
  vendor = await spawnReferencePrintVendor();
  stack = await startFaultStack({
    ...ACCESS_TEST_ENV,
    // no callbacks reach Signet (nothing listens there): only polling records milestones
    PRINT_CALLBACK_URL: "http://127.0.0.1:9/api/v1/print-mail/callbacks",
    PRINT_SUBMIT_AUTO_ATTEMPTS: "4",
    PRINT_SUBMIT_RETRY_BASE_SECONDS: "0.2",
    PRINT_VENDOR_TIMEOUT_SECONDS: "1",
    PRINT_POLL_SECONDS: "0.3",
  });
  p = await packageOrg(db(), stack.app.url);
  await givePrintSetup(db(), p.org.organizationId, vendor, stack.app.server.deps);
}, 60_000);
// a case that failed may have left no worker running: each case starts with one
beforeEach(() => stack.ensureWorker(), 120_000);
afterAll(async () => {
  await vendor?.kill();
  await vendor?.removeDataDir();
  await stack?.close();
}, 60_000);

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${vendor.url}/_test/${path}`, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const injectFault = (step: "submit" | "status", mode: string, extra: { count?: number; delayMs?: number } = {}) =>
  control("POST", "faults", { step, mode, ...extra });
const vendorJobs = async () =>
  ((await (await control("GET", "received")).json()) as { jobs: { jobId: string; reference: string }[] }).jobs;
const mailingOf = (id: string) => db().mailing.findUniqueOrThrow({ where: { id } });

/** A package out for signature with a paper participant, and that participant's mailing asked for. */
async function queuedMailing(): Promise<Mailing> {
  const pkg = await createPackage(p.admin, p.paths, { name: "Paper refinance" });
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
  const documentId = (uploaded.body as { id: string }).id;
  await p.admin.request("POST", api.documentTags(documentId), {
    json: { participantId: signer.id, type: "SIGNATURE", page: 4, x: 72, y: 500, width: 160, height: 36 },
  });
  const current = await db().package.findUniqueOrThrow({ where: { id: pkg.id } });
  const enabled = await p.admin.request<Package>("PATCH", api.package, {
    json: { version: current.version, enablePrintFulfillment: true },
  });
  const sent = await p.admin.request<Package>("POST", api.send, { json: { version: enabled.body.version } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const created = await p.admin.request<Mailing>(
    "POST",
    `/api/v1/organizations/${p.org.organizationId}/packages/${pkg.id}/mailings`,
    { json: { participantId: paper.id, address: ADDRESS } },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The vendor received the mailing once, and Signet holds that job as submitted. */
async function expectSubmittedOnce(mailing: Mailing, timeoutMs = 20_000) {
  const row = await poll(
    "the mailing to be submitted",
    async () => {
      const current = await mailingOf(mailing.id);
      return current.status !== "QUEUED" ? current : null;
    },
    { timeoutMs },
  );
  const received = (await vendorJobs()).filter((job) => job.reference === mailing.id);
  expect(received).toHaveLength(1);
  expect([row.status, row.vendorJobId]).toEqual(["SUBMITTED", received[0]!.jobId]);
  return row;
}

describe("the print and mail fault matrix", { timeout: 120_000 }, () => {
  it("a worker killed while the vendor works on the submission: a new worker submits it, printed once", async () => {
    await injectFault("submit", "slow", { delayMs: 2500 });
    const mailing = await queuedMailing();
    await poll("the submission to be under way", async () => (await mailingOf(mailing.id)).submitAttempts === 1);
    // the request on its way: the vendor finishes the job the dead worker asked for
    await sleep(1000);
    await stack.crashWorker();
    expect((await mailingOf(mailing.id)).status).toBe("QUEUED");
    await stack.ensureWorker();
    await expectSubmittedOnce(mailing);
  });

  it("Redis goes down while the mailing is asked for and comes back: submitted once", async () => {
    stack.redis.cut();
    const mailing = await queuedMailing();
    await sleep(1500);
    expect((await mailingOf(mailing.id)).status).toBe("QUEUED");
    stack.redis.restore();
    await expectSubmittedOnce(mailing);
  });

  it("PostgreSQL drops the worker's connections while the vendor answers: submitted once", async () => {
    await injectFault("submit", "slow", { delayMs: 1000 });
    const mailing = await queuedMailing();
    await poll("the submission to be under way", async () => (await mailingOf(mailing.id)).submitAttempts === 1);
    // down until well after the vendor's answer: neither the success nor the failure can be written
    await stack.outage(stack.postgres, 2500);
    await expectSubmittedOnce(mailing);
  });

  it.each([
    ["times out", "timeout"],
    ["answers 503", "fail"],
    ["loses its answer after printing (500)", "fail-after-commit"],
    ["answers garbage after printing", "garbage"],
  ])("the vendor %s: the automatic retry submits it, printed once", async (_, mode) => {
    await injectFault("submit", mode);
    const mailing = await queuedMailing();
    const row = await expectSubmittedOnce(mailing);
    expect(row.submitAttempts).toBe(2);
  });

  it("polling through a vendor that times out, fails and answers garbage records each milestone once", async () => {
    const mailing = await queuedMailing();
    const { vendorJobId } = await expectSubmittedOnce(mailing);
    for (const mode of ["timeout", "fail", "garbage"]) await injectFault("status", mode);
    // PRINTING, then MAILED: reported only by polling (no callback reaches Signet)
    await control("POST", "advance", { jobId: vendorJobId });
    await control("POST", "advance", { jobId: vendorJobId });
    const milestones = await poll(
      "polling to record MAILED",
      async () => {
        const rows = await db().mailingMilestone.findMany({
          where: { leg: { mailingId: mailing.id } },
          orderBy: { occurredAt: "asc" },
        });
        return rows.some((row) => row.code === "MAILED") ? rows : null;
      },
      { timeoutMs: 20_000 },
    );
    // rounds of polling after MAILED add nothing
    await sleep(1000);
    const settled = await db().mailingMilestone.findMany({ where: { leg: { mailingId: mailing.id } } });
    expect(settled.map((row) => row.code).sort()).toEqual(["MAILED", "PRINTING", "READY"]);
    expect(milestones.map((row) => row.code).sort()).toEqual(["MAILED", "PRINTING", "READY"]);
    expect((await control("GET", "faults").then((r) => r.json())) as unknown).toEqual({ faults: [] });
  });
});
