import type { EmailNotification, PackageReminderSettings } from "@signet/contract";
import { runDuePackageTransitions, runDueReminders } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { memberOfNewGroup } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { invitationTo, type SignablePackage, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 14 §2: automatic reminders (first after N days, then every M days, at most K) and the
// expiring-soon notice, run by the scheduler pass exactly once each even when two callers run it at
// once; per-package override; email notification rules (spec §7 email notifications with version)
// sending to the right recipients only. Real SMTP in-process; time is advanced by passing `now`.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const people = (tag: string) => [
  { givenName: "Ada", email: `ada-${tag}@auto.example.com` },
  { givenName: "Ben", email: `ben-${tag}@auto.example.com` },
];

async function setDefaults(s: SignablePackage, values: Record<string, string>) {
  const base = `/api/v1/organizations/${s.org.organizationId}/metaData`;
  const current = await s.admin.request<{ records: { settingName: string; version: number }[] }>(
    "GET",
    `${base}?settingNames=${Object.keys(values).join(",")}`,
  );
  expect(current.status, JSON.stringify(current.body)).toBe(200);
  const updated = await s.admin.request("PUT", base, {
    json: current.body.records.map((record) => ({
      settingName: record.settingName,
      value: values[record.settingName],
      version: record.version,
    })),
  });
  expect(updated.status, JSON.stringify(updated.body)).toBeLessThan(300);
}

const reminderMails = (email: string) =>
  smtp.messages.filter((m) => m.envelopeTo.includes(email) && /^Reminder:/.test(m.parsed.subject ?? ""));

async function availableAt(packageId: string) {
  const row = await db().package.findUniqueOrThrow({ where: { id: packageId } });
  return row.availableAt!.getTime();
}

describe("automatic reminders", () => {
  let s: SignablePackage;
  let t0: number;

  beforeAll(async () => {
    s = await signablePackage(app, db(), { signers: people("defaults") });
    await setDefaults(s, {
      reminders_enabled: "true",
      reminder_first_after_days: "2",
      reminder_interval_days: "3",
      reminder_max_count: "2",
      expiring_soon_days: "3",
    });
    await sendPackage(s, db());
    await invitationTo(smtp, s.signers[0]!.email!);
    t0 = await availableAt(s.pkg.id);
  });

  it("snapshots the organization's defaults when the package becomes available", async () => {
    const schedule = await db().packageReminderSchedule.findUniqueOrThrow({ where: { packageId: s.pkg.id } });
    expect(schedule.snapshot).toEqual({
      enabled: true,
      firstAfterDays: 2,
      intervalDays: 3,
      maxCount: 2,
      expiringSoonDays: 3,
    });
    expect(schedule.nextReminderAt?.getTime()).toBe(t0 + 2 * DAY);
    expect(schedule.remindersSent).toBe(0);
  });

  it("sends nothing before the first reminder is due", async () => {
    expect(await runDueReminders(db(), new Date(t0 + 2 * DAY - 60_000))).toEqual({ reminders: 0, expiringSoon: 0 });
  });

  it("sends the first reminder exactly once when two callers run the pass at the same time", async () => {
    const at = new Date(t0 + 2 * DAY + 60_000);
    const [one, two] = await Promise.all([runDueReminders(db(), at), runDueReminders(db(), at)]);
    expect(one.reminders + two.reminders).toBe(1);
    expect(await runDueReminders(db(), at)).toEqual({ reminders: 0, expiringSoon: 0 });
    for (const signer of s.signers) {
      await poll(`a reminder to ${signer.email}`, async () => reminderMails(signer.email!).length === 1);
    }
    const outbox = await db().outboxMessage.findMany({
      where: { idempotencyKey: { startsWith: `automatic-reminder:${s.pkg.id}:` } },
    });
    expect(outbox).toHaveLength(2);
    const schedule = await db().packageReminderSchedule.findUniqueOrThrow({ where: { packageId: s.pkg.id } });
    expect([schedule.remindersSent, schedule.nextReminderAt?.getTime()]).toEqual([1, t0 + 5 * DAY]);
    const event = (await packageAudit(db(), s.pkg.id)).find((e) => e.type === "package.automatic-reminder-sent");
    expect(event?.data).toMatchObject({ number: 1, sent: 2 });
  });

  it("stops reminding a participant who finished, and follows its snapshot when the defaults change", async () => {
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    // Ada has finished (her signing is covered by the signing tests; here only her state matters)
    await db().participant.update({
      where: { id: ada.id },
      data: { signingStatus: "FINISHED", finishedAt: new Date() },
    });
    // raising the organization's maximum later must not add reminders to this package
    await setDefaults(s, { reminder_max_count: "10" });
    const at = new Date(t0 + 5 * DAY + 60_000);
    const [one, two] = await Promise.all([runDueReminders(db(), at), runDueReminders(db(), at)]);
    expect(one.reminders + two.reminders).toBe(1);
    await poll("Ben's second reminder", async () => reminderMails(ben.email!).length === 2);
    expect(reminderMails(ada.email!)).toHaveLength(1);
    // the snapshot's maximum (2) is reached: no third reminder however late
    expect((await runDueReminders(db(), new Date(t0 + 30 * DAY))).reminders).toBe(0);
    const schedule = await db().packageReminderSchedule.findUniqueOrThrow({ where: { packageId: s.pkg.id } });
    expect([schedule.remindersSent, schedule.nextReminderAt]).toEqual([2, null]);
  });

  it("sends the expiring-soon notice once, with the organization's expiring-soon template, to who has not finished", async () => {
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    await db().package.update({ where: { id: s.pkg.id }, data: { packageExpiresAt: new Date(t0 + 40 * DAY) } });
    expect((await runDueReminders(db(), new Date(t0 + 37 * DAY - 60_000))).expiringSoon).toBe(0);
    const at = new Date(t0 + 37 * DAY + 60_000);
    const [one, two] = await Promise.all([runDueReminders(db(), at), runDueReminders(db(), at)]);
    expect(one.expiringSoon + two.expiringSoon).toBe(1);
    expect((await runDueReminders(db(), new Date(at.getTime() + DAY))).expiringSoon).toBe(0);
    const notice = await smtp.waitFor(
      (m) => m.envelopeTo.includes(ben.email!) && /expires soon/.test(m.parsed.subject ?? ""),
    );
    expect(notice.parsed.subject).toBe(`${s.pkg.name} expires soon`);
    expect(notice.parsed.text).toMatch(/\/s\//);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((m) => /expires soon/.test(m.parsed.subject ?? "")).map((m) => m.envelopeTo)).toEqual([
      [ben.email],
    ]);
    expect(ada.email).not.toBe(ben.email);
    const events = (await packageAudit(db(), s.pkg.id)).filter((e) => e.type === "package.expiring-soon-sent");
    expect(events).toHaveLength(1);
    const record = await poll("the expiring-soon notice in the notification record", () =>
      db().notificationRecord.findFirst({ where: { packageId: s.pkg.id, kind: "expiring-soon" } }),
    );
    expect(record?.status).toBe("SENT");
  });
});

describe("a package's own reminder settings", () => {
  it("wins over the organization's defaults, with version checks", async () => {
    const s = await signablePackage(app, db(), { signers: people("override") });
    await setDefaults(s, { reminders_enabled: "false" });
    const url = `/api/v9/organizations/${s.org.organizationId}/packages/${s.pkg.id}/reminder-settings`;
    const read = await s.admin.request<PackageReminderSettings>("GET", url);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ useOrganizationDefaults: true, version: 1, effective: { enabled: false } });
    const override = { enabled: true, firstAfterDays: 1, intervalDays: 1, maxCount: 1, expiringSoonDays: 0 };
    const saved = await s.admin.request<PackageReminderSettings>("PUT", url, {
      json: { version: 1, useOrganizationDefaults: false, override },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ useOrganizationDefaults: false, override, version: 2 });
    const stale = await s.admin.request<{ message: string }>("PUT", url, {
      json: { version: 1, useOrganizationDefaults: true },
    });
    expect([stale.status, stale.body.message]).toEqual([409, "Version not matched."]);
    const missing = await s.admin.request<{ message: string }>("PUT", url, {
      json: { version: 2, useOrganizationDefaults: false },
    });
    expect(missing.status).toBe(400);

    await sendPackage(s, db());
    const t0 = await availableAt(s.pkg.id);
    const ada = s.signers[0]!;
    await invitationTo(smtp, ada.email!);
    expect((await runDueReminders(db(), new Date(t0 + DAY + 60_000))).reminders).toBe(1);
    await poll("the overridden reminder", async () => reminderMails(ada.email!).length === 1);
    expect((await runDueReminders(db(), new Date(t0 + 3 * DAY))).reminders).toBe(0);
    const audit = (await packageAudit(db(), s.pkg.id)).map((e) => e.type);
    expect(audit).toContain("package.reminder-settings-updated");
  });
});

describe("email notification rules", () => {
  it("manages rules with versions and clear errors", async () => {
    const s = await signablePackage(app, db(), { signers: people("crud") });
    const base = `/api/v1/organizations/${s.org.organizationId}/email-notifications`;
    const none = await s.admin.request<{ details?: { path: string; message: string }[] }>("POST", base, {
      json: { name: "Nobody", events: ["PACKAGE_COMPLETED"] },
    });
    expect([none.status, none.body.details?.[0]?.message]).toEqual([
      400,
      "Pick at least one recipient: the sender, the package's groups or an address",
    ]);
    const created = await s.admin.request<EmailNotification>("POST", base, {
      json: { name: "Closers", events: ["PACKAGE_COMPLETED"], addresses: ["Closing@Example.com"] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ addresses: ["closing@example.com"], version: 1, enabled: true });
    const list = await s.admin.request<{ items: EmailNotification[] }>("GET", base);
    expect(list.body.items.map((r) => r.uid)).toEqual([created.body.uid]);
    const stale = await s.admin.request<{ message: string }>("PUT", `${base}/${created.body.uid}`, {
      json: { version: 5, name: "Late", events: ["PACKAGE_COMPLETED"], notifySender: true },
    });
    expect([stale.status, stale.body.message]).toEqual([409, "Version not matched."]);
    const updated = await s.admin.request<EmailNotification>("PUT", `${base}/${created.body.uid}`, {
      json: { version: 1, name: "Closers", events: ["PACKAGE_EXPIRED"], notifySender: true },
    });
    expect([updated.status, updated.body.version, updated.body.addresses]).toEqual([200, 2, []]);
    const staleDelete = await s.admin.request("DELETE", `${base}/${created.body.uid}?version=1`);
    expect(staleDelete.status).toBe(409);
    const deleted = await s.admin.request("DELETE", `${base}/${created.body.uid}?version=2`);
    expect(deleted.status).toBe(204);
    const gone = await s.admin.request<{ message: string }>("GET", `${base}/${created.body.uid}`);
    expect([gone.status, gone.body.message]).toEqual([404, "Email notification not found"]);
    const audit = await db().auditEvent.findMany({
      where: { streamId: s.org.organizationId, type: { startsWith: "email-notification." } },
      orderBy: { sequence: "asc" },
    });
    expect(audit.map((e) => e.type)).toEqual([
      "email-notification.created",
      "email-notification.updated",
      "email-notification.deleted",
    ]);
  });

  it("emails the recipients of the rules that match the event, and nobody else", async () => {
    const s = await signablePackage(app, db(), { signers: people("rules") });
    const base = `/api/v1/organizations/${s.org.organizationId}/email-notifications`;
    const rule = (body: object) => s.admin.request<EmailNotification>("POST", base, { json: body });
    expect(
      (
        await rule({
          name: "Cancellations",
          events: ["PACKAGE_CANCELLED"],
          notifySender: true,
          addresses: ["ops@rules.example.com"],
        })
      ).status,
    ).toBe(201);
    expect(
      (await rule({ name: "Groups hear reminders", events: ["REMINDER_SENT"], notifyPackageGroups: true })).status,
    ).toBe(201);
    expect(
      (
        await rule({
          name: "Declines only",
          events: ["PARTICIPANT_DECLINED"],
          addresses: ["declines@rules.example.com"],
        })
      ).status,
    ).toBe(201);
    expect(
      (await rule({ name: "Off", enabled: false, events: ["PACKAGE_CANCELLED"], addresses: ["off@rules.example.com"] }))
        .status,
    ).toBe(201);
    await sendPackage(s, db());
    await invitationTo(smtp, s.signers[0]!.email!);

    // a manual reminder: the members of the package's groups hear of it
    const groupIds = (await db().packageGroup.findMany({ where: { packageId: s.pkg.id } })).map((g) => g.groupId);
    const members = await db().groupMember.findMany({ where: { groupId: { in: groupIds } }, include: { user: true } });
    expect(members.length).toBeGreaterThan(0);
    // a member of another group only: not a recipient
    const outsider = await memberOfNewGroup(s.org, app.url, ["VIEW_DOCUMENTS_PACKAGES"]);
    const reminded = await s.admin.request("POST", s.api.reminders, { json: {} });
    expect(reminded.status).toBe(200);
    for (const member of members) {
      await smtp.waitFor(
        (m) => m.envelopeTo.includes(member.user.email) && m.parsed.subject === `Reminder sent: ${s.pkg.name}`,
      );
    }

    const cancelled = await s.admin.request("PUT", s.api.cancel, {
      json: { version: (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).version, notify: false },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await smtp.waitFor((m) => m.envelopeTo.includes("ops@rules.example.com"));
    await smtp.waitFor(
      (m) => m.envelopeTo.includes(s.org.admin.email) && m.parsed.subject === `Package cancelled: ${s.pkg.name}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const to = (address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));
    expect(to("ops@rules.example.com")).toHaveLength(1);
    expect(to("declines@rules.example.com")).toHaveLength(0);
    expect(to("off@rules.example.com")).toHaveLength(0);
    expect(to(outsider.user.email)).toHaveLength(0);
    const records = await db().notificationRecord.findMany({
      where: { packageId: s.pkg.id, kind: "email-notification" },
    });
    expect(records.map((r) => r.recipient)).toContain("ops@rules.example.com");
  });

  it("emails when the scheduler expires a package", async () => {
    const s = await signablePackage(app, db(), { signers: people("expired") });
    const base = `/api/v1/organizations/${s.org.organizationId}/email-notifications`;
    const created = await s.admin.request("POST", base, {
      json: { name: "Expiries", events: ["PACKAGE_EXPIRED"], addresses: ["expiries@rules.example.com"] },
    });
    expect(created.status).toBe(201);
    await sendPackage(s, db());
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    await db().package.update({ where: { id: s.pkg.id }, data: { packageExpiresAt: expiresAt } });
    const moved = await runDuePackageTransitions(db(), app.server.deps.storage, new Date(expiresAt.getTime() + 1000));
    expect(moved.expired).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes("expiries@rules.example.com"));
    expect(mail.parsed.subject).toBe(`Package expired: ${s.pkg.name}`);
    expect(mail.parsed.text).toContain(`/packages/${s.pkg.id}`);
  });
});
