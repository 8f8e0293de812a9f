import {
  decideTransition,
  fillPath,
  MEMBER_CANCELLATION_REASON,
  PACKAGE_ACTION_MESSAGES,
  PACKAGE_MESSAGES,
  PARTICIPANT_MESSAGES,
  type Package,
  type PackageAudit,
  type PackageStatus,
  packageActionRoutes,
  type RouteDef,
  routeUrl,
  TRANSITION_MESSAGES,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  OFFICER,
  type PackageOrg,
  packageAuditTypes,
  packageOrg,
  VIEWER,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { openAndConsent, packageApi, signEverything } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §7: the lifecycle actions (send, cancel, reactivate, finish, correction), participant
// reminders and the audit history. Every action asks the status machine (decideTransition) and
// answers 409 with its reason when refused.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;

function actionPaths(organizationId: string, packageId: string) {
  const url = (id: keyof typeof packageActionRoutes) =>
    fillPath(routeUrl(packageActionRoutes[id]), { orgId: organizationId, packageId });
  return {
    send: url("sendPackage"),
    cancel: url("cancelPackage"),
    reactivate: url("reactivatePackage"),
    finish: url("finishPackage"),
    correction: url("correctPackage"),
    reminders: url("sendInvitationReminders"),
    audit: url("getPackageAudit"),
  };
}

const version = async (packageId: string) =>
  (await db().package.findUniqueOrThrow({ where: { id: packageId }, select: { version: true } })).version;

const refusal = (status: PackageStatus, action: Parameters<typeof decideTransition>[1]) => {
  const decision = decideTransition(status, action);
  if (decision.allowed) throw new Error(`${action} is allowed from ${status}`);
  return decision.reason;
};

const outboxKeys = async (prefix: string) =>
  (
    await db().outboxMessage.findMany({
      where: { idempotencyKey: { startsWith: prefix } },
      select: { idempotencyKey: true, payload: true },
    })
  ).map((row) => ({ key: row.idempotencyKey, payload: row.payload as { to: string; template: string } }));

const mailTo = (to: string, subject: string) =>
  poll(`email to ${to} (${subject})`, () => db().mailMessage.findFirst({ where: { to, subject } }));

interface Setup extends PackageOrg {
  pkg: Package;
  a: ReturnType<typeof actionPaths>;
}

/** A STARTED package of the admin's group with one document and the given participants. */
async function setup(
  participants: object[] = [{ type: "Borrower", email: "borrower@example.com" }],
  options: { document?: boolean } = {},
): Promise<Setup> {
  const org = await packageOrg(db(), app.url);
  const pkg = await createPackage(org.admin, org.paths, { name: "Lopez refinance" });
  for (const participant of participants) await addParticipant(org.admin, org.paths, pkg.id, participant);
  if (options.document !== false) await withSignableDocument(db(), org.org.organizationId, pkg.id);
  return { ...org, pkg, a: actionPaths(org.org.organizationId, pkg.id) };
}

async function act<T = Package>(client: HttpClient, method: string, path: string, json: object) {
  return client.request<T & { message: string; details?: { path: string; message: string }[] }>(method, path, {
    json,
  });
}

async function sent(s: Setup) {
  const reply = await act(s.admin, "POST", s.a.send, { version: await version(s.pkg.id) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

describe("POST send", () => {
  it("moves STARTED to AVAILABLE_TO_SIGNERS with an audit event; refuses a second send and a stale version", async () => {
    const s = await setup();
    const before = await version(s.pkg.id);
    const stale = await act(s.admin, "POST", s.a.send, { version: before - 1 });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);

    const reply = await act(s.admin, "POST", s.a.send, { version: before });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ status: "AVAILABLE_TO_SIGNERS", version: before + 1 });
    expect(reply.body.allowedActions).toEqual(expect.arrayContaining(["finish", "correct", "cancel", "remind"]));
    const row = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([row.status, row.version]).toEqual(["AVAILABLE_TO_SIGNERS", before + 1]);
    // the send is recorded, then the invitation it sends (issue 5)
    expect((await packageAuditTypes(db(), s.pkg.id)).slice(-2)).toEqual(["package.sent", "participant.invited"]);

    const again = await act(s.admin, "POST", s.a.send, { version: before + 1 });
    expect([again.status, again.body.message]).toEqual([409, refusal("AVAILABLE_TO_SIGNERS", "send")]);
    expect(await version(s.pkg.id)).toBe(before + 1);
  });

  it("refuses a package without participants, or whose participant lacks the contact of the access method", async () => {
    const empty = await setup([], { document: false });
    const none = await act(empty.admin, "POST", empty.a.send, { version: await version(empty.pkg.id) });
    expect([none.status, none.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.cannotSend]);
    expect(none.body.details).toEqual([
      { path: "documents", message: PACKAGE_ACTION_MESSAGES.noDocuments },
      { path: "participants", message: PACKAGE_ACTION_MESSAGES.noParticipants },
    ]);

    const s = await setup([
      { type: "Borrower", email: "b@example.com" },
      { type: "Co-Borrower", accessMethod: "SMS", phoneNumber: "5551234567" },
    ]);
    // contacts lost after the participants were added (e.g. an import): sending checks again
    await db().participant.updateMany({ where: { packageId: s.pkg.id, type: "Borrower" }, data: { email: null } });
    await db().participant.updateMany({
      where: { packageId: s.pkg.id, type: "Co-Borrower" },
      data: { phoneNumber: null },
    });
    const v = await version(s.pkg.id);
    const missing = await act(s.admin, "POST", s.a.send, { version: v });
    expect([missing.status, missing.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.cannotSend]);
    expect(missing.body.details?.map((detail) => detail.message)).toEqual([
      `BORROWER 1: ${PARTICIPANT_MESSAGES.emailRequired}`,
      `CO-BORROWER 1: ${PARTICIPANT_MESSAGES.phoneRequired}`,
    ]);
    const row = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([row.status, row.version]).toEqual(["STARTED", v]);
    expect(await packageAuditTypes(db(), s.pkg.id)).not.toContain("package.sent");
  });

  it("refuses an expiration that has passed", async () => {
    const s = await setup();
    await db().package.update({ where: { id: s.pkg.id }, data: { packageExpiresAt: new Date(Date.now() - 60_000) } });
    const reply = await act(s.admin, "POST", s.a.send, { version: await version(s.pkg.id) });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: "packageExpiresAt", message: PACKAGE_ACTION_MESSAGES.expiryInPast }]);
  });
});

describe("PUT cancel", () => {
  it("cancels with notify: one email per participant with an email address, none for the others", async () => {
    const s = await setup([
      { type: "Borrower", givenName: "Maria", familyName: "Lopez", email: "maria.cancel@example.com" },
      { type: "Co-Borrower", accessMethod: "SMS", phoneNumber: "5551234567", email: "sms.cancel@example.com" },
      { type: "Notary", accessMethod: "API" },
    ]);
    await sent(s);
    const v = await version(s.pkg.id);
    const reply = await act(s.admin, "PUT", s.a.cancel, { version: v, notify: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ status: "CANCELLED", cancelReason: MEMBER_CANCELLATION_REASON, version: v + 1 });
    expect(reply.body.allowedActions).toEqual(expect.arrayContaining(["reactivate", "delete"]));

    const rows = await outboxKeys(`package-cancelled:${s.pkg.id}:`);
    expect(rows.map((row) => row.payload.to).sort()).toEqual(["maria.cancel@example.com", "sms.cancel@example.com"]);
    expect(rows.every((row) => row.payload.template === "package-cancelled")).toBe(true);
    const mail = await mailTo("maria.cancel@example.com", "Lopez refinance has been cancelled");
    expect(mail.text).toContain("Hello Maria Lopez");
    await mailTo("sms.cancel@example.com", "Lopez refinance has been cancelled");

    const audit = await db().auditEvent.findFirstOrThrow({
      where: { streamType: "package", streamId: s.pkg.id },
      orderBy: { sequence: "desc" },
    });
    expect(audit.type).toBe("package.cancelled");
    expect(audit.data).toMatchObject({ from: "AVAILABLE_TO_SIGNERS", to: "CANCELLED", notify: true });

    const again = await act(s.admin, "PUT", s.a.cancel, { version: v + 1, notify: true });
    expect([again.status, again.body.message]).toEqual([409, refusal("CANCELLED", "cancel")]);
    expect(await outboxKeys(`package-cancelled:${s.pkg.id}:`)).toHaveLength(2);
  });

  it("cancels an unsent package without notifying; a stale version changes nothing", async () => {
    const s = await setup([{ type: "Borrower", email: "quiet@example.com" }]);
    const v = await version(s.pkg.id);
    const stale = await act(s.admin, "PUT", s.a.cancel, { version: v + 5, notify: false });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const reply = await act(s.admin, "PUT", s.a.cancel, { version: v, notify: false, reason: "Loan withdrawn" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: "CANCELLED", cancelReason: "Loan withdrawn" });
    expect(await outboxKeys(`package-cancelled:${s.pkg.id}:`)).toEqual([]);
  });

  it("refuses a completed package with the transition table's reason", async () => {
    const s = await setup();
    await db().package.update({ where: { id: s.pkg.id }, data: { status: "COMPLETED" } });
    const reply = await act(s.admin, "PUT", s.a.cancel, { version: await version(s.pkg.id), notify: true });
    expect([reply.status, reply.body.message]).toEqual([409, refusal("COMPLETED", "cancel")]);
  });
});

describe("PUT reactivate", () => {
  const future = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  it("requires a new future expiration when the package had one, then reopens it as STARTED", async () => {
    const s = await setup();
    const patched = await s.admin.request<Package>("PATCH", s.paths.package(s.pkg.id), {
      json: { version: await version(s.pkg.id), expirationType: "FIXED", packageExpiresAt: future() },
    });
    expect(patched.status).toBe(200);
    await sent(s);
    expect((await act(s.admin, "PUT", s.a.cancel, { version: await version(s.pkg.id), notify: false })).status).toBe(
      200,
    );
    const v = await version(s.pkg.id);

    const without = await act(s.admin, "PUT", s.a.reactivate, { version: v });
    expect([without.status, without.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.newExpiryRequired]);
    const past = await act(s.admin, "PUT", s.a.reactivate, {
      version: v,
      packageExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect([past.status, past.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.expiryMustBeFuture]);
    expect(await version(s.pkg.id)).toBe(v);

    const expiresAt = future();
    const reply = await act(s.admin, "PUT", s.a.reactivate, { version: v, packageExpiresAt: expiresAt });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      status: "STARTED",
      cancelReason: null,
      version: v + 1,
      expirationType: "FIXED",
      packageExpiresAt: new Date(expiresAt).toISOString(),
    });
    expect((await packageAuditTypes(db(), s.pkg.id)).slice(-4)).toEqual([
      "package.sent",
      "participant.invited",
      "package.cancelled",
      "package.reactivated",
    ]);
  });

  it("requires a new expiration for a package cancelled as EXPIRED, and a new date for a scheduled one", async () => {
    const s = await setup();
    await db().package.update({
      where: { id: s.pkg.id },
      data: { status: "CANCELLED", cancelReason: "EXPIRED", packageExpiresAt: null },
    });
    const expired = await act(s.admin, "PUT", s.a.reactivate, { version: await version(s.pkg.id) });
    expect([expired.status, expired.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.newExpiryRequired]);

    const scheduled = await setup();
    await db().package.update({
      where: { id: scheduled.pkg.id },
      data: { status: "CONSENT_WITHDRAWN", scheduledAvailability: true, scheduledOn: new Date(Date.now() - 1000) },
    });
    const v = await version(scheduled.pkg.id);
    const stillPast = await act(scheduled.admin, "PUT", scheduled.a.reactivate, { version: v });
    expect([stillPast.status, stillPast.body.message]).toEqual([400, PACKAGE_ACTION_MESSAGES.newScheduleRequired]);
    const on = future();
    const reply = await act(scheduled.admin, "PUT", scheduled.a.reactivate, { version: v, scheduledOn: on });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: "STARTED", scheduledAvailability: true, scheduledOn: on });
  });

  it("refuses a package that is not cancelled", async () => {
    const s = await setup();
    const reply = await act(s.admin, "PUT", s.a.reactivate, { version: await version(s.pkg.id) });
    expect([reply.status, reply.body.message]).toEqual([409, refusal("STARTED", "reactivate")]);
  });
});

describe("POST finish and PUT correction", () => {
  it("finish: AVAILABLE_TO_SIGNERS → COMPLETED; refused before sending", async () => {
    const s = await setup();
    const early = await act(s.admin, "POST", s.a.finish, { version: await version(s.pkg.id) });
    expect([early.status, early.body.message]).toEqual([409, refusal("STARTED", "finish")]);
    // a paper document: after the e-signer finishes, the member confirms the paper came back
    await db().document.create({
      data: {
        packageId: s.pkg.id,
        organizationId: s.org.organizationId,
        name: "Deed",
        nameKey: "deed",
        executionType: "PAPER",
        orderSequence: 2,
        blobKey: `test/${s.pkg.id}/deed.pdf`,
        sizeBytes: 1024,
        sha256: "1".repeat(64),
        numPages: 1,
        originalFileName: "deed.pdf",
      },
    });
    await sent(s);
    const signing = await act(s.admin, "POST", s.a.finish, { version: await version(s.pkg.id) });
    expect([signing.status, signing.body.message]).toEqual([409, PACKAGE_ACTION_MESSAGES.participantsStillSigning]);

    const [borrower] = await db().participant.findMany({ where: { packageId: s.pkg.id } });
    const url = await act<{ signingURL: string }>(
      s.admin,
      "POST",
      packageApi(s.org.organizationId, s.pkg.id).signingUrl(borrower!.id),
      {},
    );
    const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
    const { client, room } = await openAndConsent(app.server.signingRoom!.url, token);
    expect((await signEverything(client, room)).body.stage).toBe("FINISHED");
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("AVAILABLE_TO_SIGNERS");

    const reply = await act(s.admin, "POST", s.a.finish, { version: await version(s.pkg.id) });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("COMPLETED");
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("COMPLETED");
    expect((await packageAuditTypes(db(), s.pkg.id)).at(-1)).toBe("package.completed");
    expect(await outboxKeys(`package-seal:${s.pkg.id}`)).toHaveLength(1);
  });

  it("correction: AVAILABLE_TO_SIGNERS → STARTED with INITIATE_CORRECTION; 403 without it; refused when unsent", async () => {
    const s = await setup();
    const officer = await memberOfNewGroup(s.org, app.url, OFFICER);
    const corrector = await memberOfNewGroup(s.org, app.url, [...OFFICER, "INITIATE_CORRECTION"]);
    const pkg = await createPackage(s.admin, s.paths, { groupIds: [officer.group.id, corrector.group.id] });
    await addParticipant(s.admin, s.paths, pkg.id, { type: "Borrower", email: "fix@example.com" });
    await withSignableDocument(db(), s.org.organizationId, pkg.id);
    const a = actionPaths(s.org.organizationId, pkg.id);

    const unsent = await act(corrector.client, "PUT", a.correction, { version: await version(pkg.id) });
    expect([unsent.status, unsent.body.message]).toEqual([409, refusal("STARTED", "correct")]);
    expect((await act(officer.client, "POST", a.send, { version: await version(pkg.id) })).status).toBe(200);

    const v = await version(pkg.id);
    const denied = await act(officer.client, "PUT", a.correction, { version: v });
    expect(denied.status).toBe(403);
    expect(await version(pkg.id)).toBe(v);

    const reply = await act(corrector.client, "PUT", a.correction, { version: v });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ status: "STARTED", version: v + 1 });
    expect((await packageAuditTypes(db(), pkg.id)).at(-1)).toBe("package.corrected");
  });
});

describe("POST invitation-reminders", () => {
  it("emails participants who sign by email, skips and counts SMS and in-person ones", async () => {
    const s = await setup([
      { type: "Borrower", givenName: "Ana", email: "ana.remind@example.com" },
      { type: "Co-Borrower", accessMethod: "SMS", phoneNumber: "5551234567", email: "sms.remind@example.com" },
      { type: "Notary", accessMethod: "API" },
    ]);
    const versionBefore = await version(s.pkg.id);
    const reply = await act(s.admin, "POST", s.a.reminders, {});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ message: PACKAGE_ACTION_MESSAGES.reminderSent, sent: 1, skipped: 2 });
    const rows = await outboxKeys(`participant-reminder:${s.pkg.id}:`);
    expect(rows.map((row) => [row.payload.to, row.payload.template])).toEqual([
      ["ana.remind@example.com", "participant-reminder"],
    ]);
    const mail = await mailTo("ana.remind@example.com", "Reminder: Lopez refinance is waiting for you");
    expect(mail.text).toContain("Hello Ana");
    expect(await version(s.pkg.id)).toBe(versionBefore);
    expect((await packageAuditTypes(db(), s.pkg.id)).at(-1)).toBe("package.reminders-sent");

    // a second reminder is a new email, not a duplicate swallowed by the idempotency key
    expect((await act(s.admin, "POST", s.a.reminders, {})).status).toBe(200);
    expect(await outboxKeys(`participant-reminder:${s.pkg.id}:`)).toHaveLength(2);
  });

  it("before the package is out for signature, reminds in the product's words, not the organization's reminder template", async () => {
    const s = await setup([{ type: "Borrower", givenName: "Rosa", email: "rosa.remind@example.com" }]);
    // the organization's reminder carries the personal link, which a package not yet sent has none of
    await db().emailTemplate.create({
      data: {
        organizationId: s.org.organizationId,
        kind: "reminder",
        name: "House reminder",
        isDefault: true,
        subjectEn: "Do not forget {{package.name}}",
        bodyEn: '<p>House words</p><a href="{{signingLink}}">Sign now</a>',
      },
    });
    expect((await act(s.admin, "POST", s.a.reminders, {})).status).toBe(200);
    const mail = await mailTo("rosa.remind@example.com", "Reminder: Lopez refinance is waiting for you");
    expect(mail.text).toContain("Open the invitation email you received");
    expect(mail.html).not.toContain("House words");
    expect(mail.html).not.toContain('href=""');
  });

  it("answers 'Reminder send failed' when no selected participant signs by email; 404 for another package's participant", async () => {
    const s = await setup([
      { type: "Borrower", email: "x@example.com" },
      { type: "Co-Borrower", accessMethod: "SMS", phoneNumber: "5551234567" },
    ]);
    const sms = await db().participant.findFirstOrThrow({ where: { packageId: s.pkg.id, accessMethod: "SMS" } });
    const failed = await act(s.admin, "POST", s.a.reminders, { participantIds: [sms.id] });
    expect([failed.status, failed.body.message]).toEqual([409, PACKAGE_ACTION_MESSAGES.reminderFailed]);
    expect(failed.body.details?.[0]?.path).toBe(`participants.${sms.id}`);

    const other = await setup();
    const foreign = await db().participant.findFirstOrThrow({ where: { packageId: other.pkg.id } });
    const unknown = await act(s.admin, "POST", s.a.reminders, { participantIds: [foreign.id] });
    expect([unknown.status, unknown.body.message]).toEqual([404, PACKAGE_ACTION_MESSAGES.reminderParticipantNotFound]);
    expect(await outboxKeys(`participant-reminder:${s.pkg.id}:`)).toEqual([]);
  });

  it("is refused after cancellation", async () => {
    const s = await setup();
    expect((await act(s.admin, "PUT", s.a.cancel, { version: await version(s.pkg.id), notify: false })).status).toBe(
      200,
    );
    const reply = await act(s.admin, "POST", s.a.reminders, {});
    expect([reply.status, reply.body.message]).toEqual([409, TRANSITION_MESSAGES.remindersOnlyWhenOpen]);
    expect(reply.body.message).toBe(refusal("CANCELLED", "remind"));
    expect(await outboxKeys(`participant-reminder:${s.pkg.id}:`)).toEqual([]);
  });
});

describe("GET audit", () => {
  it("returns the chain with chainValid, and false after a row is tampered with", async () => {
    const s = await setup();
    await sent(s);
    expect((await act(s.admin, "PUT", s.a.cancel, { version: await version(s.pkg.id), notify: false })).status).toBe(
      200,
    );
    const reply = await s.admin.get<PackageAudit>(s.a.audit);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.chainValid).toBe(true);
    expect(reply.body.brokenAt).toBeNull();
    const { events } = reply.body;
    expect(events.map((event) => event.type)).toEqual([
      "package.created",
      "participant.added",
      "package.sent",
      "participant.invited",
      "package.cancelled",
    ]);
    expect(events.map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(events[0]!.prevHash).toBeNull();
    for (let i = 1; i < events.length; i++) expect(events[i]!.prevHash).toBe(events[i - 1]!.hash);
    expect(events[4]).toMatchObject({
      actorId: s.org.admin.id,
      actorRole: "user",
      data: { from: "AVAILABLE_TO_SIGNERS", to: "CANCELLED", notify: false },
    });
    expect(events[4]!.actorName).toEqual(expect.any(String));
    expect(events[4]!.hash).toMatch(/^[0-9a-f]{64}$/);

    await db().$executeRaw`UPDATE "AuditEvent" SET "data" = jsonb_set("data", '{notify}', 'true')
      WHERE "streamType" = 'package' AND "streamId" = ${s.pkg.id} AND "sequence" = 5`;
    const tampered = await s.admin.get<PackageAudit>(s.a.audit);
    expect(tampered.status).toBe(200);
    expect([tampered.body.chainValid, tampered.body.brokenAt]).toEqual([false, 5]);
  });

  it("is readable by a viewer of the package, whose actions are refused", async () => {
    const s = await setup();
    const viewer = await memberOfNewGroup(s.org, app.url, VIEWER);
    const pkg = await createPackage(s.admin, s.paths, { groupIds: [s.org.adminGroup.id, viewer.group.id] });
    const a = actionPaths(s.org.organizationId, pkg.id);
    expect((await viewer.client.get<PackageAudit>(a.audit)).status).toBe(200);
    const cancel = await act(viewer.client, "PUT", a.cancel, { version: await version(pkg.id), notify: false });
    expect(cancel.status).toBe(403);
    expect((await db().package.findUniqueOrThrow({ where: { id: pkg.id } })).status).toBe("STARTED");
  });
});

describe("tenancy and visibility", () => {
  const bodies: Record<keyof typeof packageActionRoutes, (v: number) => object | undefined> = {
    sendPackage: (v) => ({ version: v }),
    cancelPackage: (v) => ({ version: v, notify: true }),
    reactivatePackage: (v) => ({ version: v }),
    finishPackage: (v) => ({ version: v }),
    correctPackage: (v) => ({ version: v }),
    sendInvitationReminders: () => ({}),
    getPackageAudit: () => undefined,
    getSendCheck: () => undefined,
    createCollaboration: () => undefined,
  };

  it("answers 404 for another organization's package and for a package of a group the caller cannot see", async () => {
    const s = await setup();
    const other = await packageOrg(db(), app.url);
    const officer = await memberOfNewGroup(s.org, app.url, OFFICER);
    const elsewhere = await newGroup(s.org);
    const hidden = await createPackage(s.admin, s.paths, { groupIds: [elsewhere.id] });
    for (const [id, route] of Object.entries(packageActionRoutes) as [keyof typeof bodies, RouteDef][]) {
      for (const [client, orgId, packageId] of [
        [other.admin, s.org.organizationId, s.pkg.id],
        [other.admin, other.org.organizationId, s.pkg.id],
        [officer.client, s.org.organizationId, hidden.id],
      ] as const) {
        const json = bodies[id](await version(packageId));
        const url = fillPath(routeUrl(route), { orgId, packageId });
        const reply = await client.request(route.method, url, json === undefined ? {} : { json });
        expect(reply.status, `${id} ${JSON.stringify(reply.body)}`).toBe(404);
      }
    }
    const rows = await db().package.findMany({ where: { id: { in: [s.pkg.id, hidden.id] } } });
    expect(rows.map((row) => row.status)).toEqual(["STARTED", "STARTED"]);
  });
});
