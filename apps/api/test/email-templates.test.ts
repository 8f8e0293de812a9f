import { randomUUID } from "node:crypto";
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailSettings,
  type EmailTemplate,
  missingVariableMessage,
  type NotificationRecordList,
  type NotificationReport,
  type NotificationSummary,
  type Package,
  type RenderedEmail,
} from "@signet/contract";
import { enqueueDailySummaries, signNotificationLink } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  type SignablePackage,
  SigningClient,
  sendPackage,
  signablePackage,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 14 §2: an organization's email templates in the emails it sends (escaped variables,
// Spanish for a Spanish-speaking participant, restore default, unknown variables refused), the
// email settings as From and Reply-To, the record of every message (a bounce recorded FAILED with
// the server's answer) for support users only, and the signed links of the daily summary.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const BOUNCE = "550 5.1.1 Mailbox does not exist";

beforeAll(async () => {
  smtp = await startSmtpCapture({ reject: (address) => (address.startsWith("bounce-") ? BOUNCE : null) });
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const templatesPath = (orgId: string) => `/api/v1/organizations/${orgId}/email-templates`;
const unique = () => randomUUID().slice(0, 8);

async function createTemplate(s: SignablePackage, body: object) {
  return s.admin.request<EmailTemplate & { message?: string }>("POST", templatesPath(s.org.organizationId), {
    json: body,
  });
}

describe("email templates in the emails an organization sends", () => {
  it("sends the package's picked invitation template with escaped variables, the email settings as From and Reply-To, and records it SENT", async () => {
    const email = `maria-${unique()}@example.com`;
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: `<b>Maria</b> & "Co"`, email }],
    });
    const orgId = s.org.organizationId;
    const settings = await s.admin.request<EmailSettings>(
      "PUT",
      `/api/v1/organizations/${orgId}/email-settings?${new URLSearchParams({ fromText: "First Street Bank", replyTo: "loans@firststreet.example" })}`,
    );
    expect([settings.status, settings.body]).toEqual([
      200,
      { fromText: "First Street Bank", replyTo: "loans@firststreet.example" },
    ]);
    const picked = await createTemplate(s, {
      kind: "invitation",
      name: "Mortgage invitation",
      isDefault: false,
      contents: {
        en: {
          subject: "{{package.name}} for {{participant.name}}",
          body: '<p>Dear {{participant.name}},</p><p>{{sender.name}} of {{organization.name}} sent "{{package.name}}".</p><p><a href="{{signingLink}}">Open</a></p>',
        },
      },
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(201);
    expect(picked.headers.get("location")).toContain(picked.body.id);
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const patched = await s.admin.request<Package>("PATCH", s.api.package, {
      json: { version, emailTemplateId: picked.body.id },
    });
    expect([patched.status, patched.body.emailTemplate.templateId]).toEqual([200, picked.body.id]);

    await sendPackage(s, db());
    const mail = await invitationTo(smtp, email);
    expect(mail.parsed.subject).toBe(`Okafor refinance for <b>Maria</b> & "Co" Okafor`);
    const html = String(mail.parsed.html);
    expect(html).toContain('Dear &lt;b&gt;Maria&lt;/b&gt; &amp; "Co" Okafor,');
    expect(html).not.toContain("<b>Maria</b>");
    expect(mail.parsed.text).toContain(`Dear <b>Maria</b> & "Co" Okafor,`);
    expect(linkToken(mail)).toBeTruthy();
    expect(mail.parsed.from?.value[0]).toMatchObject({ name: "First Street Bank" });
    expect(mail.parsed.replyTo?.value[0]?.address).toBe("loans@firststreet.example");

    const record = await poll("the invitation's record", () =>
      db().notificationRecord.findFirst({ where: { recipient: email, status: "SENT" } }),
    );
    expect([record.kind, record.packageId, record.organizationId, record.channel]).toEqual([
      "invitation",
      s.pkg.id,
      orgId,
      "EMAIL",
    ]);
    expect(record.answer).toMatch(/^250 /);
  });

  it("refuses an unknown variable on save with a message naming it, and a template of another kind for a package", async () => {
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Ann", email: `ann-${unique()}@example.com` }],
    });
    const refused = await createTemplate(s, {
      kind: "invitation",
      name: "Typo",
      contents: { en: { subject: "Hi", body: "<p>Hello {{participant.nmae}}</p>" } },
    });
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toContain("Unknown variable {{participant.nmae}}");
    const unescaped = await createTemplate(s, {
      kind: "invitation",
      name: "Raw",
      contents: { en: { subject: "Hi", body: "<p>{{{participant.name}}}</p>" } },
    });
    expect([unescaped.status, String(unescaped.body.message)]).toEqual([
      400,
      "Variables are always escaped: write {{participant.name}} instead of the unescaped form.",
    ]);
    expect(await db().emailTemplate.count({ where: { organizationId: s.org.organizationId } })).toBe(0);

    const reminder = await createTemplate(s, {
      kind: "reminder",
      name: "Gentle",
      contents: DEFAULT_EMAIL_TEMPLATES.reminder,
    });
    expect(reminder.status).toBe(201);
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const wrongKind = await s.admin.request("PATCH", s.api.package, {
      json: { version, emailTemplateId: reminder.body.id },
    });
    expect([wrongKind.status, wrongKind.body.message]).toEqual([400, EMAIL_TEMPLATE_MESSAGES.wrongKind]);
  });

  it("restores the built-in text at the template's version and refuses a stale version", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Cy", email: `cy-${unique()}@example.com` }] });
    const created = await createTemplate(s, {
      kind: "cancellation",
      name: "Short",
      contents: {
        en: { subject: "Cancelled", body: "<p>{{package.name}} is cancelled.</p>" },
        es: { subject: "Cancelado", body: "<p>{{package.name}} fue cancelado.</p>" },
      },
    });
    expect(created.status).toBe(201);
    const path = `${templatesPath(s.org.organizationId)}/${created.body.id}`;
    const restored = await s.admin.request<EmailTemplate>("POST", `${path}/restore-default`, {
      json: { version: created.body.version },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.contents).toEqual(DEFAULT_EMAIL_TEMPLATES.cancellation);
    expect(restored.body.version).toBe(created.body.version + 1);
    const stale = await s.admin.request("POST", `${path}/restore-default`, { json: { version: created.body.version } });
    expect(stale.status).toBe(409);
    const types = await db().auditEvent.findMany({
      where: { organizationId: s.org.organizationId, type: { startsWith: "email-template." } },
      orderBy: { id: "asc" },
    });
    expect(types.map((event) => event.type)).toEqual(["email-template.created", "email-template.restored"]);
  });

  it("previews a template on the server with sample data, escaped, in the organization's colours", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Di", email: `di-${unique()}@example.com` }] });
    await db().organizationSetting.create({
      data: { organizationId: s.org.organizationId, key: "primary_color", value: "#aa3300" },
    });
    const preview = await s.admin.request<RenderedEmail>("POST", `${templatesPath(s.org.organizationId)}/preview`, {
      json: { kind: "invitation", language: "en", content: DEFAULT_EMAIL_TEMPLATES.invitation.en },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe("Your documents are ready");
    expect(preview.body.html).toContain("Hello Maria Lopez,");
    expect(preview.body.html).toContain("background:#aa3300");
    expect(preview.body.text).toContain("Review documents");
    const bad = await s.admin.request("POST", `${templatesPath(s.org.organizationId)}/preview`, {
      json: { kind: "invitation", content: { subject: "x", body: "{{nope}}" } },
    });
    expect(bad.status).toBe(400);
  });

  it("writes in Spanish to a participant who chose Spanish in the signing room", async () => {
    const email = `lucia-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Lucía", email }] });
    await db().organization.update({ where: { id: s.org.organizationId }, data: { enabledMultiLangSRSupport: true } });
    const created = await createTemplate(s, {
      kind: "reminder",
      name: "Recordatorio",
      contents: {
        en: { subject: "Reminder for {{participant.name}}", body: "<p>{{signingLink}}</p>" },
        es: {
          subject: "Recordatorio para {{participant.name}}",
          body: '<p>Hola {{participant.name}}, sus documentos esperan: <a href="{{signingLink}}">abrir</a></p>',
        },
      },
    });
    expect(created.status).toBe(201);
    await sendPackage(s, db());
    const token = linkToken(await invitationTo(smtp, email));
    const room = new SigningClient(app.server.signingRoom!.url);
    expect((await room.request("POST", "/api/v1/signing/sessions", { json: { token } })).status).toBe(201);
    expect((await room.request("PUT", "/api/v1/signing/language", { json: { language: "es" } })).status).toBe(200);

    const before = smtp.messages.length;
    const reminded = await s.admin.request("POST", s.api.reminders, { json: {} });
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    const reminder = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(email) && smtp.messages.indexOf(mail) >= before,
    );
    expect(reminder.parsed.subject).toBe("Recordatorio para Lucía Okafor");
    expect(String(reminder.parsed.html)).toContain("Hola Lucía Okafor, sus documentos esperan");

    // without an organization template of the kind, the built-in Spanish text
    const afterReminder = smtp.messages.length;
    const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    const cancelled = await s.admin.request("PUT", s.api.cancel, { json: { version, notify: true } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const cancellation = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(email) && smtp.messages.indexOf(mail) >= afterReminder,
    );
    expect(cancellation.parsed.subject).toBe("Okafor refinance ha sido cancelado");
    const record = await poll("the cancellation's record", () =>
      db().notificationRecord.findFirst({ where: { recipient: email, kind: "cancellation" } }),
    );
    expect([record.packageId, record.participantId]).toEqual([s.pkg.id, s.signers[0]!.id]);
  });

  it("records a bounced email FAILED with the mail server's answer", async () => {
    const email = `bounce-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Bo", email }] });
    await sendPackage(s, db());
    const record = await poll("the bounce's record", () =>
      db().notificationRecord.findFirst({ where: { recipient: email, status: "FAILED" } }),
    );
    expect(record.answer).toContain(BOUNCE);
    expect([record.kind, record.packageId, record.participantId]).toEqual(["invitation", s.pkg.id, s.signers[0]!.id]);
  });
});

// Issue 30 §3: what organizations write to participants is safe, and lets them act.
describe("what an organization writes to participants", () => {
  const PAYLOADS = [
    "<script>alert(document.cookie)</script>",
    '<iframe src="javascript:alert(1)"></iframe>',
    '<img src="https://cdn.bank.example/x.png" onerror="alert(1)">',
  ];
  const UNSAFE = /<script|<iframe|onerror|javascript:/i;

  async function sentWith(s: SignablePackage, templateId: string | null, email: string) {
    if (templateId) {
      const { version } = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
      const patched = await s.admin.request("PATCH", s.api.package, { json: { version, emailTemplateId: templateId } });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    }
    await sendPackage(s, db());
    return invitationTo(smtp, email);
  }

  it("removes scripts, javascript: frames and event handlers when a template is saved, says so, and sends none of them", async () => {
    const email = `safe-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Sam", email }] });
    const created = await createTemplate(s, {
      kind: "invitation",
      name: "Tampered",
      isDefault: false,
      contents: {
        en: {
          subject: "Sign {{package.name}}",
          body: `<p>Hello</p>${PAYLOADS.join("")}<a href="{{signingLink}}">Sign</a>`,
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.unsafeHtmlRemoved).toBe(true);
    expect(created.body.contents.en.body).toBe(
      '<p>Hello</p><img src="https://cdn.bank.example/x.png" /><a href="{{signingLink}}">Sign</a>',
    );
    const stored = await db().emailTemplate.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.bodyEn).not.toMatch(UNSAFE);

    // an update cleans the same way, Spanish included
    const updated = await s.admin.request<EmailTemplate>(
      "PUT",
      `${templatesPath(s.org.organizationId)}/${created.body.id}`,
      {
        json: {
          version: created.body.version,
          contents: {
            en: { subject: "Sign", body: `${PAYLOADS[0]}<a href="{{signingLink}}">Sign</a>` },
            es: { subject: "Firme", body: `${PAYLOADS[1]}<a href="{{signingLink}}" onclick="x()">Firmar</a>` },
          },
        },
      },
    );
    expect([updated.status, updated.body.unsafeHtmlRemoved]).toEqual([200, true]);
    const after = await db().emailTemplate.findUniqueOrThrow({ where: { id: created.body.id } });
    expect([after.bodyEn, after.bodyEs]).toEqual([
      '<a href="{{signingLink}}">Sign</a>',
      '<a href="{{signingLink}}">Firmar</a>',
    ]);

    const mail = await sentWith(s, created.body.id, email);
    expect(String(mail.parsed.html)).not.toMatch(UNSAFE);
    expect(linkToken(mail)).toBeTruthy();
  });

  it("cleans a template stored before the cleaning when it is sent", async () => {
    const email = `old-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Olga", email }] });
    const old = await db().emailTemplate.create({
      data: {
        organizationId: s.org.organizationId,
        kind: "invitation",
        name: "Stored long ago",
        isDefault: true,
        subjectEn: "Sign {{package.name}}",
        bodyEn: `<p>Dear {{participant.name}}</p>${PAYLOADS.join("")}<a href="{{signingLink}}">Sign</a>`,
      },
    });
    const mail = await sentWith(s, old.id, email);
    const html = String(mail.parsed.html);
    expect(html).toContain("<p>Dear Olga Okafor</p>");
    expect(html).not.toMatch(UNSAFE);
    expect(linkToken(mail)).toBeTruthy();
  });

  it("sends a normal template as written: formatting, https and mailto links, images, tables and inline style", async () => {
    const email = `plain-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Pat", email }] });
    const body =
      "<h2>Your documents</h2><p>Hello <b>{{participant.name}}</b>, <i>please</i> review:</p><ul><li>the note</li><li>the deed</li></ul>" +
      '<table role="presentation" width="100%"><tr><td style="padding:8px;background:#f4f6f8"><img src="https://cdn.bank.example/seal.png" alt="Seal" width="40" /></td></tr></table>' +
      '<p><a href="{{signingLink}}" style="display:inline-block;background:{{brand.primaryColor}};color:{{brand.fontColor}};padding:10px 18px">Review</a></p>' +
      '<p>Questions: <a href="mailto:help@bank.example">help@bank.example</a> or <a href="https://bank.example/faq">our FAQ</a></p>';
    const created = await createTemplate(s, {
      kind: "invitation",
      name: "Plain",
      isDefault: false,
      contents: { en: { subject: "Sign", body } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect([created.body.contents.en.body, created.body.unsafeHtmlRemoved]).toEqual([body, false]);
    const html = String((await sentWith(s, created.body.id, email)).parsed.html);
    const [before, after] = body.split('<p><a href="{{signingLink}}"');
    expect(html).toContain(before!.replace("{{participant.name}}", "Pat Okafor"));
    expect(html).toContain(after!.slice(after!.indexOf("<p>Questions")));
    expect(html).toMatch(
      /<a href="https?:\/\/[^"]+" style="display:inline-block;background:#1c7ed6;color:#ffffff;padding:10px 18px">Review<\/a>/,
    );
  });

  it("refuses a template without the variable its kind requires, naming it, and writes nothing", async () => {
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Ned", email: `ned-${unique()}@example.com` }],
    });
    const refused = await createTemplate(s, {
      kind: "invitation",
      name: "No link",
      contents: { en: { subject: "Sign", body: "<p>Please sign {{package.name}}.</p>" } },
    });
    expect([refused.status, refused.body.message]).toEqual([400, missingVariableMessage("invitation", "signingLink")]);
    expect(refused.body.message).toContain("{{signingLink}}");
    // the link inside what cleaning removes does not count
    const hidden = await createTemplate(s, {
      kind: "invitation",
      name: "Hidden link",
      contents: { en: { subject: "Sign", body: "<p>Sign</p><script>var link = '{{signingLink}}'</script>" } },
    });
    expect([hidden.status, hidden.body.message]).toEqual([400, missingVariableMessage("invitation", "signingLink")]);
    const code = await createTemplate(s, {
      kind: "verify-account",
      name: "No code",
      contents: { en: { subject: "Your code", body: "<p>Welcome to {{organization.name}}.</p>" } },
    });
    expect([code.status, code.body.message]).toEqual([400, missingVariableMessage("verify-account", "code")]);
    expect(await db().emailTemplate.count({ where: { organizationId: s.org.organizationId } })).toBe(0);

    const reminder = await createTemplate(s, {
      kind: "reminder",
      name: "Kind",
      contents: DEFAULT_EMAIL_TEMPLATES.reminder,
    });
    expect(reminder.status).toBe(201);
    const spanish = await s.admin.request<{ message: string; details: { path: string }[] }>(
      "PUT",
      `${templatesPath(s.org.organizationId)}/${reminder.body.id}`,
      {
        json: {
          version: reminder.body.version,
          contents: {
            en: DEFAULT_EMAIL_TEMPLATES.reminder.en,
            es: { subject: "Recordatorio", body: "<p>Sus documentos esperan.</p>" },
          },
        },
      },
    );
    expect([spanish.status, spanish.body.message, spanish.body.details[0]?.path]).toEqual([
      400,
      missingVariableMessage("reminder", "signingLink"),
      "contents.es.body",
    ]);
  });

  it("sends the built-in invitation, with its link, instead of a stored template that lacks it", async () => {
    const email = `nolink-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Lin", email }] });
    await db().emailTemplate.create({
      data: {
        organizationId: s.org.organizationId,
        kind: "invitation",
        name: "Saved before the rule",
        isDefault: true,
        subjectEn: "Sign {{package.name}}",
        bodyEn: "<p>Please sign {{package.name}}.</p>",
      },
    });
    const mail = await sentWith(s, null, email);
    expect(String(mail.parsed.html)).not.toContain("Please sign Okafor refinance.");
    expect(linkToken(mail)).toBeTruthy();
  });
});

describe("the record of notifications and the daily summary links", () => {
  it("records text messages too, with the package and participant", async () => {
    const phoneNumber = `555${String(Date.now()).slice(-7)}`;
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Sam", accessMethod: "SMS", phoneNumber, email: `sam-${unique()}@example.com` }],
    });
    await sendPackage(s, db());
    const record = await poll("the text message's record", () =>
      db().notificationRecord.findFirst({ where: { recipient: phoneNumber, channel: "SMS" } }),
    );
    expect([record.status, record.kind, record.packageId, record.participantId, record.subject]).toEqual([
      "SENT",
      "invitation",
      s.pkg.id,
      s.signers[0]!.id,
      null,
    ]);
  });

  it("is for support users only: an organization's administrator gets 403", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ed", email: `ed-${unique()}@example.com` }] });
    const refused = await s.admin.request("GET", "/api/v1/notification-records");
    expect(refused.status).toBe(403);
  });

  it("lists every organization's messages to a support user, filtered and masked", async () => {
    const email = `bounce-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Flo", email }] });
    await sendPackage(s, db());
    await poll("the bounce's record", () =>
      db().notificationRecord.findFirst({ where: { recipient: email, status: "FAILED" } }),
    );
    const supportOrg = await organizationWithUser(db(), { eoSupport: true });
    const support = new HttpClient(app.url);
    expect((await support.signIn(supportOrg.user.email, PASSWORD)).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const query = new URLSearchParams({
      organizationId: s.org.organizationId,
      status: "FAILED",
      kind: "invitation",
      from: today,
      to: today,
      recipient: email,
    });
    const listed = await support.request<NotificationRecordList>("GET", `/api/v1/notification-records?${query}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.count).toBe(1);
    expect(listed.body.records[0]).toMatchObject({
      organizationId: s.org.organizationId,
      status: "FAILED",
      recipient: "b•••@example.com",
      channel: "EMAIL",
    });
    expect(listed.body.records[0]!.answer).toContain(BOUNCE);
    const sentOnly = await support.request<NotificationRecordList>(
      "GET",
      `/api/v1/notification-records?${new URLSearchParams({ organizationId: s.org.organizationId, status: "SENT" })}`,
    );
    expect(sentOnly.body.records.every((record) => record.status === "SENT")).toBe(true);
    const badDate = await support.request("GET", "/api/v1/notification-records?from=yesterday");
    expect(badDate.status).toBe(400);
  });

  it("emails each sender one daily summary whose signed links open the summary and the failed deliveries, and refuses tampered or expired links", async () => {
    const bounced = `bounce-${unique()}@example.com`;
    const s = await signablePackage(app, db(), {
      signers: [
        { givenName: "Gil", email: `gil-${unique()}@example.com` },
        { givenName: "Hal", email: bounced },
      ],
    });
    await sendPackage(s, db());
    await poll("the bounce's record", () =>
      db().notificationRecord.findFirst({ where: { recipient: bounced, status: "FAILED" } }),
    );
    // the next day's pass summarises today; passes of other workers at once, or later, queue nothing more
    const tomorrow = new Date(Date.now() + 86_400_000);
    await Promise.all([
      enqueueDailySummaries(app.server.deps, tomorrow),
      enqueueDailySummaries(app.server.deps, tomorrow),
    ]);
    await enqueueDailySummaries(app.server.deps, tomorrow);
    const day = new Date().toISOString().slice(0, 10);
    const key = `daily-summary:${s.org.organizationId}:${s.org.admin.id}:${day}`;
    expect(await db().outboxMessage.count({ where: { idempotencyKey: key } })).toBe(1);

    const summaryMail = await smtp.waitFor(
      (mail) =>
        mail.envelopeTo.includes(s.org.admin.email) && /notification-summary\?token=/.test(mail.parsed.text ?? ""),
    );
    expect(summaryMail.parsed.subject).toMatch(/^Your packages yesterday: \d+ updates, 1 failed deliveries$/);
    const token = /notification-summary\?token=([A-Za-z0-9_.-]+)/.exec(summaryMail.parsed.text ?? "")![1]!;

    const summary = await new HttpClient(app.url).request<NotificationSummary>(
      "GET",
      `/api/v1/notification-summary?token=${token}`,
    );
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.failedDeliveries).toBe(1);
    const pkg = summary.body.packages.find((candidate) => candidate.id === s.pkg.id);
    expect(pkg?.events.length).toBeGreaterThan(0);

    const report = await new HttpClient(app.url).request<NotificationReport>(
      "GET",
      `/api/v1/notification-report?token=${token}`,
    );
    expect(report.status).toBe(200);
    expect(report.body.records).toEqual([
      expect.objectContaining({ packageName: "Okafor refinance", recipient: "b•••@example.com", kind: "invitation" }),
    ]);
    expect(report.body.records[0]!.answer).toContain(BOUNCE);

    const [payload, mac] = token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const otherUser = Buffer.from(JSON.stringify({ ...claims, u: randomUUID() })).toString("base64url");
    for (const tampered of [`${otherUser}.${mac}`, `${payload}.${mac.slice(0, -2)}AA`, "garbage", `${token}.x`]) {
      const refused = await new HttpClient(app.url).request("GET", `/api/v1/notification-report?token=${tampered}`);
      expect([refused.status, refused.body.message], tampered).toEqual([404, EMAIL_TEMPLATE_MESSAGES.linkInvalid]);
    }
    const expired = signNotificationLink(app.server.deps.linkKey, {
      userId: s.org.admin.id,
      organizationId: s.org.organizationId,
      windowEnd: new Date(),
      expiresAt: new Date(Date.now() - 1000),
    });
    const late = await new HttpClient(app.url).request("GET", `/api/v1/notification-summary?token=${expired}`);
    expect([late.status, late.body.message]).toEqual([400, EMAIL_TEMPLATE_MESSAGES.linkExpired]);
  });
});
