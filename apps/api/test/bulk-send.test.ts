import {
  BULK_SEND_LIMITS,
  BULK_SEND_MESSAGES,
  type BulkSend,
  type BulkSendCheck,
  type BulkSendList,
  type BulkSendRowList,
  type PackageTemplate,
  TEMPLATE_MESSAGES,
} from "@signet/contract";
import { runBulkSend } from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin, signedIn } from "./support/access-fixtures.ts";
import { bulkPaths, FIVE_ROWS, HEADER, row, setup, uploadCsv } from "./support/bulk-send-fixtures.ts";
import { fixturePdf } from "./support/document-upload.ts";
import type { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup, OFFICER, VIEWER } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { call, ok } from "./support/template-fixtures.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./support/test-app.ts";

// Issue 13 §5: bulk send from an active package template and a CSV of participants, in the
// deployed shape (the API writes the outbox, apps/worker relays it to BullMQ on real Redis and runs
// the job). The restart and cancel cases stop the worker and drive the job's processor directly.

let app: TestApp;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
const redisUrl = testRedisUrl();
const prefix = testRedisPrefix();
const env = { ...ACCESS_TEST_ENV, REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
const startTheWorker = async () => {
  worker = await startWorker(
    { ...env, DATABASE_URL: app.server.config.DATABASE_URL, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "silent" },
    { info() {}, warn() {}, error() {}, debug() {} },
  );
};
const stopTheWorker = async () => {
  await worker?.close();
  worker = undefined;
};

beforeAll(async () => {
  app = await startTestApp(env);
  expect(app.server.inProcessJobs).toBe(false);
  await startTheWorker();
});
afterAll(async () => {
  await stopTheWorker();
  await app?.close();
  await deleteRedisKeys(redisUrl, prefix);
});
const db = () => app.server.db;

const packagesOf = (templateId: string) =>
  db().package.findMany({ where: { fromPackageTemplateId: templateId }, orderBy: { name: "asc" } });

async function finished(client: HttpClient, path: string) {
  return poll(
    "the bulk send to finish",
    async () => {
      const reply = await client.get<BulkSend>(path);
      return reply.body.status === "COMPLETED" || reply.body.status === "CANCELLED" ? reply.body : null;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

describe("bulk send by the worker", () => {
  it("creates and sends a package for each good row and reports each bad row with its line and reason", async () => {
    const s = await setup(db(), app.url);
    const checked = await uploadCsv(s.officer.client, s.b.check(s.template.id), FIVE_ROWS);
    expect(checked.status).toBe(200);
    expect(checked.body as BulkSendCheck).toEqual({
      headerProblems: [],
      rows: 5,
      validRows: 3,
      rowErrors: [
        { line: 3, reason: "BORROWER 1 email: Enter a valid email address." },
        { line: 5, reason: "BORROWER 2 last name: Last name is required." },
      ],
    });
    expect(await packagesOf(s.template.id)).toEqual([]);

    const started = await uploadCsv(s.officer.client, s.b.start(s.template.id), FIVE_ROWS, "march.csv");
    expect(started.status).toBe(201);
    const bulkSend = started.body as BulkSend;
    expect(bulkSend).toMatchObject({ templateName: "Refinance", fileName: "march.csv", totalRows: 5 });
    expect(started.headers.get("location")).toBe(s.b.one(bulkSend.id));

    const done = await finished(s.officer.client, s.b.one(bulkSend.id));
    expect(done).toMatchObject({
      status: "COMPLETED",
      totalRows: 5,
      createdCount: 3,
      sentCount: 3,
      failedCount: 2,
      skippedCount: 0,
    });
    const packages = await packagesOf(s.template.id);
    expect(packages.map((pkg) => [pkg.name, pkg.status])).toEqual([
      ["Loan 1", "AVAILABLE_TO_SIGNERS"],
      ["Loan 3", "AVAILABLE_TO_SIGNERS"],
      ["Loan 5", "AVAILABLE_TO_SIGNERS"],
    ]);
    const people = await db().participant.findMany({
      where: { packageId: packages[0]!.id },
      orderBy: { roleNumber: "asc" },
    });
    expect(people.map((p) => [p.type, p.roleNumber, p.givenName, p.email])).toEqual([
      ["Borrower", 1, "Ada1", "ada1@example.com"],
      ["Borrower", 2, "Ben1", "ben1@example.com"],
    ]);

    const failed = await s.officer.client.get<BulkSendRowList>(`${s.b.rows(bulkSend.id)}?status=FAILED`);
    expect(failed.status).toBe(200);
    expect(failed.body.records.map((r) => [r.line, r.status, r.error, r.packageId])).toEqual([
      [3, "FAILED", "BORROWER 1 email: Enter a valid email address.", null],
      [5, "FAILED", "BORROWER 2 last name: Last name is required.", null],
    ]);
    const all = await s.officer.client.get<BulkSendRowList>(`${s.b.rows(bulkSend.id)}?pageSize=2&pageNumber=2`);
    expect(all.body.count).toBe(5);
    expect(all.body.records.map((r) => [r.line, r.status])).toEqual([
      [4, "SENT"],
      [5, "FAILED"],
    ]);
    // the people's contacts are kept encrypted, and dropped once every row is done
    const stored = await db().bulkSendRow.findMany({ where: { bulkSendId: bulkSend.id } });
    expect(stored.every((r) => r.inputCiphertext === null)).toBe(true);

    const list = await s.officer.client.get<BulkSendList>(s.b.list(s.template.id));
    expect(list.body).toMatchObject({ count: 1, records: [{ id: bulkSend.id, status: "COMPLETED" }] });
    const audit = await db().auditEvent.findMany({
      where: { streamType: "organization", streamId: s.org.organizationId, type: { startsWith: "bulk-send." } },
    });
    expect(audit.map((event) => [event.type, event.actorId, (event.data as { rows: number }).rows])).toEqual([
      ["bulk-send.started", s.officer.user.id, 5],
    ]);
  });

  it("offers the CSV header of the template and refuses files whose columns do not match, naming them", async () => {
    const s = await setup(db(), app.url);
    const csv = await s.officer.client.get<string>(s.b.csvTemplate(s.template.id));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.body.replace(/^\uFEFF/, "").trim()).toBe(
      "package name,BORROWER 1 first name,BORROWER 1 last name,BORROWER 1 email,BORROWER 1 phone,BORROWER 2 first name,BORROWER 2 last name,BORROWER 2 email,BORROWER 2 phone",
    );

    const bad = await uploadCsv(
      s.officer.client,
      s.b.start(s.template.id),
      "BORROWER 1 first name,BORROWER 1 surname\nAda,Okafor\n",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BULK_SEND_MESSAGES.headerProblems);
    expect((bad.body.details as { message: string }[]).map((d) => d.message)).toEqual([
      BULK_SEND_MESSAGES.unknownColumn("BORROWER 1 surname"),
      BULK_SEND_MESSAGES.missingColumn("BORROWER 1 last name"),
      BULK_SEND_MESSAGES.missingColumn("BORROWER 1 email"),
      BULK_SEND_MESSAGES.missingColumn("BORROWER 2 first name"),
      BULK_SEND_MESSAGES.missingColumn("BORROWER 2 last name"),
      BULK_SEND_MESSAGES.missingColumn("BORROWER 2 email"),
    ]);
    const tooMany = [HEADER, ...Array.from({ length: BULK_SEND_LIMITS.rows + 1 }, (_, i) => row(i))].join("\n");
    const refused = await uploadCsv(s.officer.client, s.b.start(s.template.id), tooMany);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: "file", message: BULK_SEND_MESSAGES.tooManyRows(1001) }]);
    const binary = await uploadCsv(s.officer.client, s.b.start(s.template.id), fixturePdf("pdflatex-4-pages.pdf"));
    expect([binary.status, binary.body.message]).toEqual([400, BULK_SEND_MESSAGES.notText]);
    const huge = await uploadCsv(
      s.officer.client,
      s.b.start(s.template.id),
      `${HEADER}\n${"x".repeat(BULK_SEND_LIMITS.bytes)}`,
    );
    expect(huge.status).toBe(413);
    const allBad = await uploadCsv(
      s.officer.client,
      s.b.start(s.template.id),
      [HEADER, row(1, { last2: "" })].join("\n"),
    );
    expect([allBad.status, allBad.body.message]).toEqual([400, BULK_SEND_MESSAGES.nothingToSend]);
    expect(await db().bulkSend.count({ where: { templateId: s.template.id } })).toBe(0);
  });

  it("is for members who manage packages in a group the active template is shared with", async () => {
    const s = await setup(db(), app.url);
    const viewer = await memberOfNewGroup(s.org, app.url, VIEWER, { parentId: null });
    const elsewhere = await memberOfNewGroup(s.org, app.url, OFFICER);
    const csv = [HEADER, row(1)].join("\n");
    expect((await uploadCsv(viewer.client, s.b.start(s.template.id), csv)).status).toBe(403);
    const notShared = await uploadCsv(elsewhere.client, s.b.start(s.template.id), csv);
    expect([notShared.status, notShared.body.message]).toEqual([403, TEMPLATE_MESSAGES.notShared]);
    expect((await elsewhere.client.get(s.b.list(s.template.id))).status).toBe(403);

    const other = await organizationWithAdmin(db());
    const stranger = await signedIn(app.url, other.admin.email);
    expect((await uploadCsv(stranger, s.b.start(s.template.id), csv)).status).toBe(404);
    expect((await uploadCsv(stranger, bulkPaths(other.organizationId).start(s.template.id), csv)).status).toBe(404);

    const deactivated = await ok(
      call<PackageTemplate>(s.admin, "POST", s.t.deactivatePackageTemplate(s.template.id), {
        version: s.template.version,
      }),
      200,
      "deactivate",
    );
    expect(deactivated.active).toBe(false);
    const inactive = await uploadCsv(s.officer.client, s.b.start(s.template.id), csv);
    expect([inactive.status, inactive.body.message]).toEqual([409, TEMPLATE_MESSAGES.inactive]);
    expect(await db().bulkSend.count({ where: { templateId: s.template.id } })).toBe(0);
  });
});

describe("restarts and cancelling (the job's processor driven directly)", () => {
  beforeAll(stopTheWorker);

  it("never creates a package twice: a run stopped after one row, then two runs at once, then the queued job", async () => {
    const s = await setup(db(), app.url);
    const started = await uploadCsv(s.officer.client, s.b.start(s.template.id), FIVE_ROWS);
    expect(started.status).toBe(201);
    const id = (started.body as BulkSend).id;
    // a run that stops after its first row, as a crashed or timed-out one does
    expect(await runBulkSend(app.server.deps, id, { budgetMs: 0 })).toBe("more");
    expect((await packagesOf(s.template.id)).map((pkg) => pkg.name)).toEqual(["Loan 1"]);

    await Promise.all([runBulkSend(app.server.deps, id), runBulkSend(app.server.deps, id)]);
    const rows = await db().bulkSendRow.findMany({ where: { bulkSendId: id }, orderBy: { line: "asc" } });
    expect(rows.map((r) => [r.line, r.status])).toEqual([
      [2, "SENT"],
      [3, "FAILED"],
      [4, "SENT"],
      [5, "FAILED"],
      [6, "SENT"],
    ]);
    const packages = await packagesOf(s.template.id);
    expect(packages.map((pkg) => [pkg.name, pkg.status])).toEqual([
      ["Loan 1", "AVAILABLE_TO_SIGNERS"],
      ["Loan 3", "AVAILABLE_TO_SIGNERS"],
      ["Loan 5", "AVAILABLE_TO_SIGNERS"],
    ]);
    expect(new Set(rows.flatMap((r) => (r.packageId ? [r.packageId] : [])))).toEqual(
      new Set(packages.map((pkg) => pkg.id)),
    );

    // the queued job, run by a worker started again, finds the bulk send finished
    await startTheWorker();
    await poll("the queued job to be processed", async () => {
      const outbox = await db().outboxMessage.findUnique({ where: { idempotencyKey: `bulk-send:${id}` } });
      return outbox?.processedAt ?? null;
    });
    expect((await packagesOf(s.template.id)).length).toBe(3);
    const view = await s.officer.client.get<BulkSend>(s.b.one(id));
    expect(view.body).toMatchObject({ status: "COMPLETED", createdCount: 3, sentCount: 3, failedCount: 2 });
    await stopTheWorker();
  });

  it("finishes a row created before a crash by sending it, without creating another", async () => {
    const s = await setup(db(), app.url);
    const started = await uploadCsv(s.officer.client, s.b.start(s.template.id), [HEADER, row(1), row(2)].join("\n"));
    const id = (started.body as BulkSend).id;
    await runBulkSend(app.server.deps, id, { budgetMs: 0 });
    // line 2 done; put it back to CREATED with its package unsent, as a crash between the two steps leaves it
    const first = await db().bulkSendRow.findFirstOrThrow({ where: { bulkSendId: id, line: 2 } });
    await db().package.update({
      where: { id: first.packageId! },
      data: { status: "STARTED", sentAt: null, availableAt: null },
    });
    await db().bulkSendRow.update({ where: { id: first.id }, data: { status: "CREATED" } });
    await runBulkSend(app.server.deps, id);
    const packages = await packagesOf(s.template.id);
    expect(packages.map((pkg) => [pkg.name, pkg.status, pkg.sentAt !== null])).toEqual([
      ["Loan 1", "AVAILABLE_TO_SIGNERS", true],
      ["Loan 2", "AVAILABLE_TO_SIGNERS", true],
    ]);
  });

  it("cancel stops it between rows: the rows still waiting are skipped", async () => {
    const s = await setup(db(), app.url);
    const csv = [HEADER, row(1), row(2), row(3), row(4)].join("\n");
    const started = await uploadCsv(s.officer.client, s.b.start(s.template.id), csv);
    const id = (started.body as BulkSend).id;
    await runBulkSend(app.server.deps, id, { budgetMs: 0 });
    const running = await s.officer.client.get<BulkSend>(s.b.one(id));
    expect(running.body).toMatchObject({ status: "RUNNING", createdCount: 1, sentCount: 1 });

    const stale = await call(s.officer.client, "POST", s.b.cancel(id), { version: running.body.version - 1 });
    expect(stale.status).toBe(409);
    const cancelled = await call<BulkSend>(s.officer.client, "POST", s.b.cancel(id), {
      version: running.body.version,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ cancelRequested: true, status: "RUNNING" });
    await runBulkSend(app.server.deps, id);
    const view = await s.officer.client.get<BulkSend>(s.b.one(id));
    expect(view.body).toMatchObject({ status: "CANCELLED", createdCount: 1, sentCount: 1, skippedCount: 3 });
    expect((await packagesOf(s.template.id)).map((pkg) => pkg.name)).toEqual(["Loan 1"]);
    const again = await call(s.officer.client, "POST", s.b.cancel(id), { version: view.body.version });
    expect([again.status, again.body.message]).toEqual([409, BULK_SEND_MESSAGES.notActive]);
    const audit = await db().auditEvent.count({
      where: { streamId: s.org.organizationId, type: "bulk-send.cancelled", actorId: s.officer.user.id },
    });
    expect(audit).toBe(1);
  });
});
