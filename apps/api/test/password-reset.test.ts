import { createHash } from "node:crypto";
import { MESSAGES } from "@signet/contract";
import {
  createMailboxMailer,
  createSmtpMailer,
  type JobContext,
  runJob,
  silentLogger,
  verifyAuditChain,
} from "@signet/core";
import { testRedisPrefix, testRedisUrl } from "@signet/core/testing";
import { startWorker } from "@signet/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import { deleteRedisKeys } from "./support/redis-keys.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, TEST_AUTH_SECRET, type TestApp } from "./support/test-app.ts";

const PUBLIC_URL = "https://signet.test";
const NEW_PASSWORD = "Reset-Passphrase-2024x";
const LINK = /(https?:\/\/[^\s"<>]+)\/create-password\?request=([0-9a-f-]{36})&token=([A-Za-z0-9_-]{20,})/;
const RESETS = "/api/v1/password-reset-requests";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function parseLink(text: string) {
  const match = LINK.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { origin: match[1]!, id: match[2]!, token: match[3]! };
}

const emailJob = (to: string) => ({
  organizationId: null,
  to,
  template: "password-reset" as const,
  data: { givenName: "Ada", link: `${PUBLIC_URL}/create-password?request=x&token=y`, expiresInMinutes: 60 },
});

describe("with Redis, SMTP and a worker", () => {
  let smtp: SmtpCapture;
  let app: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  const redisUrl = testRedisUrl();
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SMTP_URL: smtp.url, PUBLIC_URL };
    app = await startTestApp(env);
    expect(app.server.inProcessJobs).toBe(false);
    worker = await startWorker(
      { ...env, DATABASE_URL: app.server.config.DATABASE_URL, AUTH_SECRET: TEST_AUTH_SECRET },
      silentLogger,
    );
  });
  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await smtp?.close();
    await deleteRedisKeys(redisUrl, prefix);
  });

  const client = () => new HttpClient(app.url);
  const db = () => app.server.db;
  const requestReset = (email: string) => client().request("POST", RESETS, { json: { email } });
  const mailTo = (email: string) => smtp.waitFor((mail) => mail.envelopeTo.includes(email));

  it("emails a single-use link that sets a new password and ends every session", async () => {
    const { user, organization } = await organizationWithUser(db());
    const before = new HttpClient(app.url);
    expect((await before.signIn(user.email, PASSWORD)).status).toBe(200);

    const requested = await requestReset(user.email.toUpperCase());
    expect(requested.status).toBe(202);
    expect(requested.body).toBe("");

    const mail = await mailTo(user.email);
    expect(mail.parsed.subject).toBe("Reset your Signet password");
    expect(mail.parsed.from?.text).toBe('"Signet" <no-reply@signet.local>');
    const link = parseLink(mail.parsed.text ?? "");
    expect(link.origin).toBe(PUBLIC_URL);
    expect(mail.parsed.html || "").toContain(`/create-password?request=${link.id}&amp;token=${link.token}`);

    // only the hash of the secret is stored; the job went through the outbox and the worker
    const row = await db().passwordResetRequest.findUniqueOrThrow({ where: { id: link.id } });
    expect(row).toMatchObject({ userId: user.id, usedAt: null, tokenHash: sha256(link.token) });
    const outbox = await poll("the outbox row to be processed", async () => {
      const message = await db().outboxMessage.findUnique({ where: { idempotencyKey: `password-reset:${link.id}` } });
      return message?.processedAt ? message : null;
    });
    expect(outbox).toMatchObject({ queue: "email", jobName: "email.send", attempts: 1, lastError: null });
    const sent = await db().mailMessage.findUniqueOrThrow({ where: { idempotencyKey: `password-reset:${link.id}` } });
    expect(sent).toMatchObject({ to: user.email, transport: "smtp", organizationId: organization.id });

    const lookup = await client().get(`${RESETS}/${link.id}?token=${link.token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ email: user.email });

    const set = await client().request("PUT", `${RESETS}/${link.id}`, {
      json: { token: link.token, password: NEW_PASSWORD },
    });
    expect(set.status).toBe(204);

    const signIn = await client().signIn(user.email, NEW_PASSWORD);
    expect(signIn.status).toBe(200);
    expect((await client().signIn(user.email, PASSWORD)).body).toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect((await before.get(`/api/v1/organizations/${organization.id}/users/me/permissions`)).status).toBe(401);

    expect((await db().passwordResetRequest.findUniqueOrThrow({ where: { id: link.id } })).usedAt).not.toBeNull();
    const types = (await db().auditEvent.findMany({ where: { streamId: user.id }, orderBy: { sequence: "asc" } })).map(
      (event) => event.type,
    );
    expect(types).toEqual(expect.arrayContaining(["password-reset.requested", "password-reset.completed"]));
    expect(await verifyAuditChain(db(), "user", user.id)).toMatchObject({ valid: true });

    // the link works once
    for (const reuse of [
      client().get(`${RESETS}/${link.id}?token=${link.token}`),
      client().request("PUT", `${RESETS}/${link.id}`, {
        json: { token: link.token, password: "Another-Passphrase-99" },
      }),
    ]) {
      const reply = await reuse;
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "LINK_EXPIRED", message: MESSAGES.emailNotFoundOrLinkExpired });
    }
    expect((await client().signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses a wrong token, an unknown request and an expired link, without spending the link", async () => {
    const { user } = await organizationWithUser(db());
    expect((await requestReset(user.email)).status).toBe(202);
    const link = parseLink((await mailTo(user.email)).parsed.text ?? "");
    const wrongToken = `${link.token.slice(0, -4)}AAAA`;
    const hashBefore = (await db().credential.findUniqueOrThrow({ where: { userId: user.id } })).passwordHash;

    for (const attempt of [
      client().get(`${RESETS}/${link.id}?token=${wrongToken}`),
      client().request("PUT", `${RESETS}/${link.id}`, { json: { token: wrongToken, password: NEW_PASSWORD } }),
      client().get(`${RESETS}/00000000-0000-4000-8000-000000000000?token=${link.token}`),
    ]) {
      const reply = await attempt;
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: "LINK_EXPIRED", message: MESSAGES.emailNotFoundOrLinkExpired });
    }
    expect((await db().passwordResetRequest.findUniqueOrThrow({ where: { id: link.id } })).usedAt).toBeNull();
    expect((await db().credential.findUniqueOrThrow({ where: { userId: user.id } })).passwordHash).toBe(hashBefore);

    // a password used before is refused, and the link stays usable
    const reused = await client().request("PUT", `${RESETS}/${link.id}`, {
      json: { token: link.token, password: PASSWORD },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: "PASSWORD_PREVIOUSLY_USED", message: MESSAGES.passwordPreviouslyUsed });
    expect((await client().get(`${RESETS}/${link.id}?token=${link.token}`)).status).toBe(200);

    // an expired link is refused like a spent one
    await db().passwordResetRequest.update({
      where: { id: link.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await client().request("PUT", `${RESETS}/${link.id}`, {
      json: { token: link.token, password: NEW_PASSWORD },
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: "LINK_EXPIRED" });
    expect((await client().signIn(user.email, NEW_PASSWORD)).status).toBe(400);
  });

  it("answers 202 for an unknown address, and records and sends nothing", async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    const [requests, outbox] = [await db().passwordResetRequest.count(), await db().outboxMessage.count()];
    const reply = await requestReset(unknown);
    expect(reply.status).toBe(202);
    expect(reply.body).toBe("");
    expect(await db().passwordResetRequest.count()).toBe(requests);
    expect(await db().outboxMessage.count()).toBe(outbox);

    // a known address asked for afterwards is delivered; by then nothing went to the unknown one
    const { user } = await organizationWithUser(db());
    await requestReset(user.email);
    await mailTo(user.email);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(unknown))).toEqual([]);
  });

  it("sends once when the email job runs twice with the same key", async () => {
    const to = `twice-${Date.now()}@example.com`;
    const mailer = createSmtpMailer(db(), smtp.url, app.server.config.MAIL_FROM);
    const context: JobContext = { ...app.server.deps, db: db(), mailer, logger: silentLogger };
    try {
      await runJob(context, "email.send", emailJob(to), "test:twice");
      await runJob(context, "email.send", emailJob(to), "test:twice");
    } finally {
      await mailer.close();
    }
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(to))).toHaveLength(1);
    expect(await db().mailMessage.count({ where: { idempotencyKey: "test:twice" } })).toBe(1);
  });
});

describe("embedded: no Redis, no SMTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL });
    expect(app.server.inProcessJobs).toBe(true);
  });
  afterAll(() => app?.close());

  const client = () => new HttpClient(app.url);
  const db = () => app.server.db;
  type Mailbox = { to: string; subject: string; text: string; html: string }[];

  it("runs the job in-process and keeps the message in the dev mailbox", async () => {
    const { user } = await organizationWithUser(db());
    expect((await client().request("POST", RESETS, { json: { email: user.email } })).status).toBe(202);

    const message = await poll("the reset email in the dev mailbox", async () => {
      const mailbox = await client().get<Mailbox>("/api/v1/dev/mailbox");
      expect(mailbox.status).toBe(200);
      return mailbox.body.find((m) => m.to === user.email);
    });
    expect(message.subject).toBe("Reset your Signet password");
    const link = parseLink(message.text);
    expect(link.origin).toBe(PUBLIC_URL);

    const outbox = await poll("the outbox row to be processed", async () => {
      const row = await db().outboxMessage.findUnique({ where: { idempotencyKey: `password-reset:${link.id}` } });
      return row?.processedAt ? row : null;
    });
    expect(outbox).toMatchObject({ attempts: 1, lastError: null });
    expect(outbox.publishedAt).not.toBeNull();

    const set = await client().request("PUT", `${RESETS}/${link.id}`, {
      json: { token: link.token, password: NEW_PASSWORD },
    });
    expect(set.status).toBe(204);
    expect((await client().signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("keeps one message when the email job runs twice with the same key", async () => {
    const to = `twice-${Date.now()}@example.com`;
    const mailer = createMailboxMailer(db(), app.server.config.MAIL_FROM);
    const context: JobContext = { ...app.server.deps, db: db(), mailer, logger: silentLogger };
    await runJob(context, "email.send", emailJob(to), "test:mailbox-twice");
    await runJob(context, "email.send", emailJob(to), "test:mailbox-twice");
    const mailbox = await client().get<Mailbox>("/api/v1/dev/mailbox");
    expect(mailbox.body.filter((m) => m.to === to)).toHaveLength(1);
    expect(await db().mailMessage.count({ where: { idempotencyKey: "test:mailbox-twice" } })).toBe(1);
  });
});
