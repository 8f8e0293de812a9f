import { randomBytes } from "node:crypto";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SUSPEND_AFTER_FAILED_EVENTS,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
} from "@signet/contract";
import { RETRY_POLICIES } from "@signet/core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import {
  eventSchemaProblem,
  type ReceivedWebhook,
  standardHeaders,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./support/webhook-receiver.ts";

// Issue 14 §1 over HTTP, in the embedded mode (jobs run in-process from the outbox): a real
// receiver on loopback verifies every delivery with the Standard Webhooks reference library.

let app: TestApp;
let smtp: SmtpCapture;
const receivers: WebhookReceiver[] = [];
const db = () => app.server.db;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" });
  // the embedded single-process mode: no Redis, the API runs the jobs from the outbox itself
  expect(app.server.inProcessJobs).toBe(true);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver() {
  const started = await startWebhookReceiver();
  receivers.push(started);
  return started;
}

const hooksOf = (organizationId: string) => `/api/v1/organizations/${organizationId}/webhooks`;

async function createEndpoint(
  client: HttpClient,
  organizationId: string,
  body: { url: string; eventTypes?: string[]; description?: string },
) {
  const reply = await client.request<WebhookEndpointWithSecret>("POST", hooksOf(organizationId), {
    json: { eventTypes: [...WEBHOOK_EVENT_TYPES], ...body },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function sendTestEvent(client: HttpClient, organizationId: string, webhookId: string) {
  const reply = await client.request<{ eventId: string }>("POST", `${hooksOf(organizationId)}/${webhookId}/test`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  return reply.body.eventId;
}

/**
 * Makes every scheduled webhook retry due now. The test stands in for the backoff's passing time;
 * the schedule itself is unit-tested in packages/core/src/jobs/retry-policy.test.ts.
 */
const retriesDueNow = () =>
  db()
    .$executeRaw`UPDATE "OutboxMessage" SET "availableAt" = now() WHERE "jobName" = 'webhook.deliver' AND "publishedAt" IS NULL`;

const verify = (secret: string, entry: ReceivedWebhook) =>
  new Webhook(secret).verify(entry.body, standardHeaders(entry));

describe("a completed signing flow", () => {
  it("delivers its events, each signed and verifiable with the standardwebhooks library, with stable ids and no personal data", async () => {
    const hooks = await receiver();
    const s = await signablePackage(app, db());
    const { endpoint, secret } = await createEndpoint(s.admin, s.org.organizationId, {
      url: hooks.url,
      description: "Loan origination system",
    });
    await sendPackage(s, db());
    for (const email of ["ada@example.com", "ben@example.com"]) {
      const room = await openAndConsent(app.server.signingRoom!.url, linkToken(await invitationTo(smtp, email)));
      expect((await signEverything(room.client, room.room)).status).toBe(200);
    }
    await poll(
      "package.sealed at the receiver",
      async () => hooks.received.some((e) => e.json.type === "package.sealed"),
      {
        timeoutMs: 30_000,
      },
    );

    const [ada, ben] = s.signers;
    const seen = hooks.received.map((entry) => {
      // every delivery verifies against the secret shown at creation, and its webhook-id is the event id
      expect(verify(secret, entry)).toEqual(entry.json);
      expect(entry.headers["webhook-id"]).toBe(entry.json.id);
      // and matches the schema the OpenAPI document publishes for its type
      expect(eventSchemaProblem(entry.json)).toBeNull();
      return `${entry.json.type}${entry.json.data.participantId === ada!.id ? " ada" : entry.json.data.participantId === ben!.id ? " ben" : ""}`;
    });
    expect(seen.sort()).toEqual(
      [
        "package.sent",
        "package.available",
        "participant.viewed ada",
        "participant.consented ada",
        "participant.signed ada",
        "participant.finished ada",
        "participant.viewed ben",
        "participant.consented ben",
        "participant.signed ben",
        "participant.finished ben",
        "package.completed",
        "package.sealed",
      ].sort(),
    );
    // sent straight away, the package became available in the same step: integrators hear both, as
    // they hear package.available alone when a scheduled send comes due (issue 32 §3)
    const sent = hooks.received.find((entry) => entry.json.type === "package.sent")!;
    expect(sent.json.data.status).toEqual({ from: "STARTED", to: "AVAILABLE_TO_SIGNERS" });
    const available = hooks.received.find((entry) => entry.json.type === "package.available")!;
    expect(available.json.data.status).toEqual({ from: "STARTED", to: "AVAILABLE_TO_SIGNERS" });
    expect(available.json.id).not.toBe(sent.json.id);
    const completed = hooks.received.find((entry) => entry.json.type === "package.completed")!;
    expect(completed.json.data).toEqual({
      organizationId: s.org.organizationId,
      packageId: s.pkg.id,
      status: { from: "AVAILABLE_TO_SIGNERS", to: "COMPLETED" },
    });

    // ids are stable: each event once, the ids the product stored and lists in the delivery log
    const ids = hooks.received.map((entry) => entry.json.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stored = await db().webhookEvent.findMany({ where: { organizationId: s.org.organizationId } });
    expect(stored.map((event) => event.id).sort()).toEqual([...ids].sort());
    const log = await s.admin.get<WebhookDeliveryList>(
      `${hooksOf(s.org.organizationId)}/${endpoint.id}/deliveries?pageSize=100`,
    );
    expect(log.body.records.map((delivery) => delivery.eventId).sort()).toEqual([...ids].sort());
    expect(log.body.records.every((delivery) => delivery.statusCode === 200 && delivery.succeeded)).toBe(true);

    // nothing but ids and statuses leaves: no names, addresses, document hashes or secrets
    const everything = hooks.received.map((entry) => entry.body).join("\n");
    for (const secretish of ["Okafor", "Ada", "example.com", s.document.sha256, "Promissory", secret]) {
      expect(everything).not.toContain(secretish);
    }

    // a receiver refuses the same delivery replayed outside the specification's 5-minute tolerance
    const replayed = hooks.received[0]!;
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 6 * 60_000);
    try {
      expect(() => verify(secret, replayed)).toThrow(/timestamp too old/i);
    } finally {
      clock.mockRestore();
    }
    // and a forged body never verifies
    expect(() =>
      new Webhook(secret).verify(replayed.body.replace("package", "pakage"), standardHeaders(replayed)),
    ).toThrow();
  });
});

describe("a declined and cancelled package", () => {
  it("sends only the subscribed types, with the status change and without the reasons given", async () => {
    const hooks = await receiver();
    const s = await signablePackage(app, db(), {
      signers: [
        { givenName: "Cleo", email: "cleo@example.com" },
        { givenName: "Dev", email: "dev@example.com" },
      ],
    });
    const { secret } = await createEndpoint(s.admin, s.org.organizationId, {
      url: hooks.url,
      eventTypes: ["participant.declined", "package.cancelled"],
    });
    await sendPackage(s, db());
    const cleo = await openAndConsent(
      app.server.signingRoom!.url,
      linkToken(await invitationTo(smtp, "cleo@example.com")),
    );
    const declined = await cleo.client.request("POST", "/api/v1/signing/decline", {
      json: { reason: "My lawyer said wait" },
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const cancelled = await s.admin.request("PUT", s.api.cancel, {
      json: { version, notify: false, reason: "Borrower withdrew the application" },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    await poll("both events", async () => hooks.received.length >= 2);
    expect(await db().webhookEvent.count({ where: { organizationId: s.org.organizationId } })).toBe(2);
    const byType = new Map(hooks.received.map((entry) => [entry.json.type, entry]));
    expect(byType.get("participant.declined")?.json.data).toEqual({
      organizationId: s.org.organizationId,
      packageId: s.pkg.id,
      participantId: s.signers[0]!.id,
    });
    expect(byType.get("package.cancelled")?.json.data).toMatchObject({
      packageId: s.pkg.id,
      status: { from: "AVAILABLE_TO_SIGNERS", to: "CANCELLED" },
    });
    for (const entry of hooks.received) {
      expect(verify(secret, entry)).toEqual(entry.json);
      expect(entry.body).not.toMatch(/lawyer|withdrew|Cleo/);
    }
  });
});

describe("retries", () => {
  it("send the same webhook-id on every attempt and log each one", async () => {
    const hooks = await receiver();
    let calls = 0;
    hooks.answer = () => (++calls <= 2 ? 500 : 200);
    const p = await packageOrg(db(), app.url);
    const { endpoint, secret } = await createEndpoint(p.admin, p.org.organizationId, { url: hooks.url });
    const eventId = await sendTestEvent(p.admin, p.org.organizationId, endpoint.id);

    await poll("three attempts", async () => {
      await retriesDueNow();
      return hooks.received.length >= 3;
    });
    expect(hooks.received.map((entry) => entry.headers["webhook-id"])).toEqual([eventId, eventId, eventId]);
    expect(hooks.received.map((entry) => entry.json.type)).toEqual(["webhook.test", "webhook.test", "webhook.test"]);
    for (const entry of hooks.received) expect(verify(secret, entry)).toEqual(entry.json);

    const log = await poll("the third attempt logged", async () => {
      const reply = await p.admin.get<WebhookDeliveryList>(
        `${hooksOf(p.org.organizationId)}/${endpoint.id}/deliveries`,
      );
      return reply.body.count === 3 ? reply.body : null;
    });
    expect(log.records.map((d) => [d.attempt, d.statusCode, d.succeeded, d.eventId])).toEqual([
      [3, 200, true, eventId],
      [2, 500, false, eventId],
      [1, 500, false, eventId],
    ]);
    expect(log.records[1]!.responseExcerpt).toBe("receiver says no (500)");
    expect(log.records[1]!.nextAttemptAt).not.toBeNull();
    expect(log.records[0]!.nextAttemptAt).toBeNull();
    expect(log.records.every((d) => typeof d.latencyMs === "number" && d.latencyMs >= 0)).toBe(true);
    const after = await p.admin.get<WebhookEndpoint>(`${hooksOf(p.org.organizationId)}/${endpoint.id}`);
    expect([after.body.failedEventStreak, after.body.suspended, after.body.lastSuccessAt !== null]).toEqual([
      0,
      false,
      true,
    ]);
  });
});

describe("a receiver that keeps failing", () => {
  it("is retried, then suspended, and the organization's administrators are emailed", async () => {
    const hooks = await receiver();
    hooks.answer = () => 500;
    const p = await packageOrg(db(), app.url);
    // someone without MANAGE_ADMIN_SETTINGS is not told
    const officer = await memberOfNewGroup(p.org, app.url, OFFICER);
    const { endpoint } = await createEndpoint(p.admin, p.org.organizationId, { url: hooks.url });
    const events: string[] = [];
    for (let i = 0; i < WEBHOOK_SUSPEND_AFTER_FAILED_EVENTS; i++) {
      events.push(await sendTestEvent(p.admin, p.org.organizationId, endpoint.id));
    }
    const base = hooksOf(p.org.organizationId);
    const suspended = await poll(
      "the endpoint suspended",
      async () => {
        await retriesDueNow();
        const reply = await p.admin.get<WebhookEndpoint>(`${base}/${endpoint.id}`);
        return reply.body.suspended ? reply.body : null;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(suspended.suspendedReason).toBe(
      `Suspended automatically after ${WEBHOOK_SUSPEND_AFTER_FAILED_EVENTS} events failed in a row`,
    );
    // every event had its full series of attempts, always under its own id
    for (const eventId of events) {
      expect(hooks.received.filter((entry) => entry.json.id === eventId)).toHaveLength(
        RETRY_POLICIES.webhookDelivery.maxAttempts,
      );
    }
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(p.org.admin.email) && m.parsed.subject === "A webhook endpoint was suspended",
    );
    expect(mail.parsed.text).toContain(hooks.url);
    const notices = await db().outboxMessage.findMany({
      where: { jobName: "webhook.deliver", idempotencyKey: { startsWith: `webhook-suspended:${endpoint.id}:` } },
    });
    expect(notices.map((row) => (row.payload as { to: string }).to)).toEqual([p.org.admin.email]);
    expect(notices.map((row) => (row.payload as { to: string }).to)).not.toContain(officer.user.email);
    const audit = await db().auditEvent.findFirst({
      where: { streamId: p.org.organizationId, type: "webhook.suspended" },
    });
    expect(audit?.data).toMatchObject({ webhookId: endpoint.id, automatic: true });

    // suspended: a test event is refused; resumed, a redelivery goes out under the same id
    const refused = await p.admin.request("POST", `${base}/${endpoint.id}/test`);
    expect([refused.status, refused.body.message]).toEqual([409, WEBHOOK_MESSAGES.suspended]);
    const resumed = await p.admin.request<WebhookEndpoint>("POST", `${base}/${endpoint.id}/resume`);
    expect([resumed.status, resumed.body.suspended, resumed.body.failedEventStreak]).toEqual([200, false, 0]);
    hooks.answer = () => 204;
    const log = await p.admin.get<WebhookDeliveryList>(`${base}/${endpoint.id}/deliveries?pageSize=1`);
    const redeliver = await p.admin.request<{ eventId: string }>(
      "POST",
      `${base}/${endpoint.id}/deliveries/${log.body.records[0]!.id}/redeliver`,
    );
    expect(redeliver.status).toBe(202);
    const again = await poll("the redelivery", async () =>
      hooks.received.find(
        (entry, index) =>
          index >= events.length * RETRY_POLICIES.webhookDelivery.maxAttempts &&
          entry.json.id === redeliver.body.eventId,
      ),
    );
    expect(again.headers["webhook-id"]).toBe(redeliver.body.eventId);
    const latest = await poll("the redelivery logged", async () => {
      const reply = await p.admin.get<WebhookDeliveryList>(`${base}/${endpoint.id}/deliveries?pageSize=1`);
      return reply.body.records[0]?.redelivery ? reply.body.records[0] : null;
    });
    expect([latest.attempt, latest.statusCode, latest.succeeded]).toEqual([1, 204, true]);
  });
});

describe("a suspended endpoint", () => {
  it("misses nothing: events while suspended are logged as not sent and can be redelivered after resuming", async () => {
    const hooks = await receiver();
    const s = await signablePackage(app, db());
    const { endpoint, secret } = await createEndpoint(s.admin, s.org.organizationId, {
      url: hooks.url,
      eventTypes: ["package.sent"],
    });
    const base = `${hooksOf(s.org.organizationId)}/${endpoint.id}`;
    expect((await s.admin.request("POST", `${base}/suspend`, { json: {} })).status).toBe(200);
    await sendPackage(s, db());
    const missed = await poll("the missed event logged", async () => {
      const reply = await s.admin.get<WebhookDeliveryList>(`${base}/deliveries`);
      return reply.body.records[0];
    });
    expect([missed.eventType, missed.succeeded, missed.statusCode, missed.error]).toEqual([
      "package.sent",
      false,
      null,
      "Not sent: the endpoint is suspended",
    ]);
    expect(hooks.received).toHaveLength(0);

    expect((await s.admin.request("POST", `${base}/resume`)).status).toBe(200);
    const redelivered = await s.admin.request("POST", `${base}/deliveries/${missed.id}/redeliver`);
    expect(redelivered.status).toBe(202);
    const entry = await poll("the redelivered event", async () => hooks.received[0]);
    expect(entry.json).toMatchObject({ id: missed.eventId, type: "package.sent" });
    expect(verify(secret, entry)).toEqual(entry.json);
  });
});

describe("secret rotation", () => {
  it("signs with both the new and the old secret during the overlap", async () => {
    const hooks = await receiver();
    const p = await packageOrg(db(), app.url);
    const { endpoint, secret: oldSecret } = await createEndpoint(p.admin, p.org.organizationId, { url: hooks.url });
    const base = hooksOf(p.org.organizationId);
    const rotated = await p.admin.request<WebhookEndpointWithSecret>("POST", `${base}/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(oldSecret);
    const overlapHours = (Date.parse(rotated.body.endpoint.previousSecretExpiresAt!) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);

    await sendTestEvent(p.admin, p.org.organizationId, endpoint.id);
    const entry = await poll("the test event", async () => hooks.received[0]);
    const signatures = String(entry.headers["webhook-signature"]).split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith("v1,"))).toBe(true);
    expect(verify(newSecret, entry)).toEqual(entry.json);
    expect(verify(oldSecret, entry)).toEqual(entry.json);
    expect(() => verify(`whsec_${randomBytes(32).toString("base64")}`, entry)).toThrow();

    // once the overlap is over only the new secret signs
    await db().webhookEndpoint.update({ where: { id: endpoint.id }, data: { previousSecretExpiresAt: new Date() } });
    await sendTestEvent(p.admin, p.org.organizationId, endpoint.id);
    const later = await poll("the second test event", async () => hooks.received[1]);
    expect(String(later.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(newSecret, later)).toEqual(later.json);
    expect(() => verify(oldSecret, later)).toThrow();
  });
});

describe("managing endpoints", () => {
  let p: PackageOrg;
  beforeAll(async () => {
    p = await packageOrg(db(), app.url);
  });

  it("shows the secret once: never in a list, a read, the audit trail, the outbox or in clear in the database", async () => {
    const base = hooksOf(p.org.organizationId);
    const created = await createEndpoint(p.admin, p.org.organizationId, {
      url: "https://hooks.example.com/signet",
      eventTypes: ["package.completed", "package.completed", "participant.declined"],
    });
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint.eventTypes).toEqual(["package.completed", "participant.declined"]);
    const list = await p.admin.get<WebhookEndpointList>(base);
    const read = await p.admin.get<WebhookEndpoint>(`${base}/${created.endpoint.id}`);
    expect(list.body.records.map((endpoint) => endpoint.id)).toContain(created.endpoint.id);
    const bare = created.secret.slice("whsec_".length);
    for (const body of [list.body, read.body]) {
      expect(JSON.stringify(body)).not.toContain(bare);
      expect(JSON.stringify(body)).not.toContain("whsec_");
    }
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: created.endpoint.id } });
    expect(JSON.stringify(row)).not.toContain(bare);
    const audit = await db().auditEvent.findMany({ where: { streamId: p.org.organizationId } });
    expect(JSON.stringify(audit, (_key, value) => (typeof value === "bigint" ? String(value) : value))).not.toContain(
      bare,
    );
    const outbox = await db().outboxMessage.findMany({ where: { jobName: "webhook.deliver" } });
    expect(JSON.stringify(outbox.map((message) => message.payload))).not.toContain(bare);
  });

  it("updates at the version, refuses a stale version, suspends one or all, and deletes", async () => {
    const base = hooksOf(p.org.organizationId);
    const { endpoint } = await createEndpoint(p.admin, p.org.organizationId, { url: "https://hooks.example.com/a" });
    const url = `${base}/${endpoint.id}`;
    const changed = await p.admin.request<WebhookEndpoint>("PATCH", url, {
      json: { version: endpoint.version, eventTypes: ["package.sealed"], description: "Archive" },
    });
    expect([changed.status, changed.body.eventTypes, changed.body.description]).toEqual([
      200,
      ["package.sealed"],
      "Archive",
    ]);
    const stale = await p.admin.request("PATCH", url, { json: { version: endpoint.version, enabled: false } });
    expect([stale.status, stale.body.code, stale.body.message]).toEqual([
      409,
      "VERSION_NOT_MATCHED",
      "Version not matched.",
    ]);

    const suspended = await p.admin.request<WebhookEndpoint>("POST", `${url}/suspend`, {
      json: { reason: "Maintenance" },
    });
    expect([suspended.status, suspended.body.suspended, suspended.body.suspendedReason]).toEqual([
      200,
      true,
      "Maintenance",
    ]);
    await createEndpoint(p.admin, p.org.organizationId, { url: "https://hooks.example.com/b" });
    const all = await p.admin.request<{ suspended: number }>("POST", `${base}/suspend-all`, { json: {} });
    expect(all.status).toBe(200);
    expect(all.body.suspended).toBeGreaterThanOrEqual(1);
    const list = await p.admin.get<WebhookEndpointList>(base);
    expect(list.body.records.every((endpoint) => endpoint.suspended)).toBe(true);

    const current = await p.admin.get<WebhookEndpoint>(url);
    const staleDelete = await p.admin.request("DELETE", `${url}?version=${endpoint.version}`);
    expect(staleDelete.status).toBe(409);
    const deleted = await p.admin.request("DELETE", `${url}?version=${current.body.version}`);
    expect(deleted.status).toBe(204);
    const gone = await p.admin.get(url);
    expect([gone.status, gone.body.message]).toEqual([404, WEBHOOK_MESSAGES.notFound]);
  });

  it("answers 403 to a member without the organization settings permission", async () => {
    const officer = await memberOfNewGroup(p.org, app.url, OFFICER);
    const reply = await officer.client.request("POST", hooksOf(p.org.organizationId), {
      json: { url: "https://hooks.example.com/x", eventTypes: ["package.sent"] },
    });
    expect(reply.status).toBe(403);
    expect((await officer.client.get(hooksOf(p.org.organizationId))).status).toBe(403);
  });
});
