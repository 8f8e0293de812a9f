import {
  type DocumentParticipantList,
  fillPath,
  PACKAGE_MESSAGES,
  PARTICIPANT_API_MESSAGES,
  PARTICIPANT_MESSAGES,
  type Package,
  type Participant,
  type ParticipantList,
  routeUrl,
  settingRoutes,
  USER_MESSAGES,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  packageAuditTypes,
  packageOrg,
  VIEWER,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;
const packageVersion = async (id: string) => (await db().package.findUniqueOrThrow({ where: { id } })).version;

describe("POST participants: numbering", () => {
  it("numbers each type from 1, reusing the lowest unused number; display name and initials", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const reply = await admin.request<Participant>("POST", paths.participants(pkg.id), {
      json: { type: "borrower", givenName: "Jane", familyName: "Doe", email: " Jane.Doe@Example.com " },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.headers.get("location")).toBe(`${paths.participants(pkg.id)}/${reply.body.id}`);
    expect(reply.body).toMatchObject({
      type: "Borrower",
      roleNumber: 1,
      displayName: "BORROWER 1",
      initials: "JD",
      email: "jane.doe@example.com",
      contact: "jane.doe@example.com",
      accessMethod: "EMAIL",
      orderSequence: 1,
      avHost: false,
      version: 1,
    });
    const second = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "b2@example.com" });
    const third = await addParticipant(admin, paths, pkg.id, { type: "BORROWER", email: "b3@example.com" });
    const officer = await addParticipant(admin, paths, pkg.id, { type: "Loan Officer", accessMethod: "API" });
    expect([second.roleNumber, third.roleNumber, officer.roleNumber]).toEqual([2, 3, 1]);
    expect([second.initials, officer.initials, officer.displayName]).toEqual(["B2", "LO1", "LOAN OFFICER 1"]);
    expect(officer.orderSequence).toBe(4);

    const removed = await admin.request("DELETE", `${paths.participant(pkg.id, second.id)}?version=1`);
    expect(removed.status).toBe(204);
    const again = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "again@example.com" });
    expect(again.roleNumber).toBe(2);
    expect(await packageVersion(pkg.id)).toBe(7);
    expect(await packageAuditTypes(db(), pkg.id)).toEqual([
      "package.created",
      "participant.added",
      "participant.added",
      "participant.added",
      "participant.added",
      "participant.removed",
      "participant.added",
    ]);
  });

  it("refuses a 100th participant of one type (no number free)", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    await db().participant.createMany({
      data: Array.from({ length: 99 }, (_, i) => ({
        packageId: pkg.id,
        organizationId: org.organizationId,
        type: "Witness",
        roleNumber: i + 1,
        accessMethod: "API" as const,
        orderSequence: i + 1,
      })),
    });
    const reply = await admin.request("POST", paths.participants(pkg.id), {
      json: { type: "Witness", accessMethod: "API" },
    });
    expect([reply.status, reply.body.message]).toEqual([409, PARTICIPANT_MESSAGES.typeFull]);
    expect(await db().participant.count({ where: { packageId: pkg.id } })).toBe(99);
    // another type still has numbers
    const other = await addParticipant(admin, paths, pkg.id, { type: "Notary", accessMethod: "API" });
    expect(other.roleNumber).toBe(1);
  });

  it("takes only the organization's participant types, in their configured spelling", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const unknown = await admin.request("POST", paths.participants(pkg.id), {
      json: { type: "Appraiser", accessMethod: "API" },
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, PARTICIPANT_MESSAGES.unknownType]);
    const settings = fillPath(routeUrl(settingRoutes.updatePackageSettings), { orgId: org.organizationId });
    const configured = await admin.request("PATCH", settings, {
      json: { participant_types: ["Borrower", "Appraiser"] },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const appraiser = await addParticipant(admin, paths, pkg.id, { type: "APPRAISER", accessMethod: "API" });
    expect([appraiser.type, appraiser.displayName]).toEqual(["Appraiser", "APPRAISER 1"]);
    const dropped = await admin.request("POST", paths.participants(pkg.id), {
      json: { type: "Notary", accessMethod: "API" },
    });
    expect(dropped.status).toBe(400);
  });
});

describe("participant contacts", () => {
  it("stores ten phone digits, shows 123-456-7890, and refuses anything else", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const sms = await addParticipant(admin, paths, pkg.id, {
      type: "Borrower",
      accessMethod: "SMS",
      phoneNumber: "(555) 123-4567",
    });
    expect([sms.phoneNumber, sms.contact]).toEqual(["5551234567", "555-123-4567"]);
    const bad = await admin.request("POST", paths.participants(pkg.id), {
      json: { type: "Borrower", accessMethod: "SMS", phoneNumber: "555-1234" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: USER_MESSAGES.phoneTenDigits })]),
    );
    const noPhone = await admin.request("POST", paths.participants(pkg.id), {
      json: { type: "Borrower", accessMethod: "SMS" },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.details).toEqual([{ path: "phoneNumber", message: PARTICIPANT_MESSAGES.phoneRequired }]);
    const noEmail = await admin.request("POST", paths.participants(pkg.id), { json: { type: "Borrower" } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.details).toEqual([{ path: "email", message: PARTICIPANT_MESSAGES.emailRequired }]);
    // a change that leaves the access method without its contact
    const toEmail = await admin.request("PATCH", paths.participant(pkg.id, sms.id), {
      json: { version: 1, accessMethod: "EMAIL" },
    });
    expect([toEmail.status, toEmail.body.message]).toEqual([400, PARTICIPANT_MESSAGES.emailRequired]);
    const clearPhone = await admin.request("PATCH", paths.participant(pkg.id, sms.id), {
      json: { version: 1, phoneNumber: "" },
    });
    expect([clearPhone.status, clearPhone.body.message]).toEqual([400, PARTICIPANT_MESSAGES.phoneRequired]);
    expect(await db().participant.count({ where: { packageId: pkg.id } })).toBe(1);
    expect((await db().participant.findUniqueOrThrow({ where: { id: sms.id } })).phoneNumber).toBe("5551234567");
  });

  it.each([
    [[], "NONE"],
    [["API", "EMAIL"], "EMAIL"],
    [["SMS"], "SMS"],
    [["API"], "IN-PERSON"],
    [["SMS", "API"], "NO-EMAIL"],
  ] as const)("contact summary of %j is %s", async (methods, summary) => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    for (const accessMethod of methods) {
      await addParticipant(admin, paths, pkg.id, {
        type: "Borrower",
        accessMethod,
        email: "x@example.com",
        phoneNumber: "5551234567",
      });
    }
    const reply = await admin.get<Package>(paths.package(pkg.id));
    expect([reply.body.contactSummary, reply.body.participantCount]).toEqual([summary, methods.length]);
  });
});

describe("PATCH and DELETE participants", () => {
  it("updates at the participant's version, renumbers on a type change, keeps one A/V host", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const a = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "a@example.com", avHost: true });
    const b = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "b@example.com" });
    await addParticipant(admin, paths, pkg.id, { type: "Seller", email: "s@example.com" });
    const reply = await admin.request<Participant>("PATCH", paths.participant(pkg.id, b.id), {
      json: { version: 1, type: "seller", givenName: "Sam", familyName: "Stone", avHost: true },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      type: "Seller",
      roleNumber: 2,
      displayName: "SELLER 2",
      initials: "SS",
      version: 2,
      avHost: true,
    });
    expect((await db().participant.findUniqueOrThrow({ where: { id: a.id } })).avHost).toBe(false);
    const stale = await admin.request("PATCH", paths.participant(pkg.id, b.id), {
      json: { version: 1, givenName: "Lost" },
    });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const staleDelete = await admin.request("DELETE", `${paths.participant(pkg.id, b.id)}?version=1`);
    expect([staleDelete.status, staleDelete.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const unknown = await admin.request(
      "DELETE",
      `${paths.participant(pkg.id, "00000000-0000-4000-8000-000000000000")}?version=1`,
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, PARTICIPANT_API_MESSAGES.participantNotFound]);
    expect((await db().participant.findUniqueOrThrow({ where: { id: b.id } })).givenName).toBe("Sam");
    // the package's version moved with every participant change: a client holding the old one is told
    const oldPackage = await admin.request("PATCH", paths.package(pkg.id), {
      json: { version: pkg.version, name: "X" },
    });
    expect([oldPackage.status, oldPackage.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
  });

  it("refuses participant changes once the package was sent, and to viewers", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const viewer = await memberOfNewGroup(org, app.url, VIEWER);
    const pkg = await createPackage(admin, paths, { groupIds: [viewer.group.id, org.adminGroup.id] });
    const p = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "a@example.com" });
    const asViewer = await viewer.client.request("POST", paths.participants(pkg.id), {
      json: { type: "Borrower", email: "v@example.com" },
    });
    expect(asViewer.status).toBe(403);
    expect((await viewer.client.get<ParticipantList>(paths.participants(pkg.id))).body.count).toBe(1);
    await db().package.update({ where: { id: pkg.id }, data: { status: "AVAILABLE_TO_SIGNERS" } });
    const add = await admin.request("POST", paths.participants(pkg.id), {
      json: { type: "Borrower", email: "late@example.com" },
    });
    expect([add.status, add.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    const remove = await admin.request("DELETE", `${paths.participant(pkg.id, p.id)}?version=1`);
    expect([remove.status, remove.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    expect(await db().participant.count({ where: { packageId: pkg.id } })).toBe(1);
  });
});

describe("PUT participants-order", () => {
  it("sets the signing order at the package's version, naming every participant once", async () => {
    const { admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const a = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "a@example.com" });
    const b = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "b@example.com" });
    const c = await addParticipant(admin, paths, pkg.id, { type: "Viewer", email: "c@example.com" });
    const version = await packageVersion(pkg.id);
    const reply = await admin.request<ParticipantList>("PUT", paths.participantsOrder(pkg.id), {
      json: {
        version,
        participants: [
          { participantUid: c.id, signingOrder: 1 },
          { participantUid: a.id, signingOrder: 2 },
          { participantUid: b.id, signingOrder: 3 },
        ],
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.records.map((p) => [p.id, p.orderSequence])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect(await packageVersion(pkg.id)).toBe(version + 1);
    const list = await admin.get<ParticipantList>(paths.participants(pkg.id));
    expect(list.body.records.map((p) => p.id)).toEqual([c.id, a.id, b.id]);

    const stale = await admin.request("PUT", paths.participantsOrder(pkg.id), {
      json: { version, participants: [{ participantUid: a.id, signingOrder: 1 }] },
    });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);
    const missing = await admin.request("PUT", paths.participantsOrder(pkg.id), {
      json: {
        version: version + 1,
        participants: [
          { participantUid: a.id, signingOrder: 1 },
          { participantUid: a.id, signingOrder: 2 },
          { participantUid: b.id, signingOrder: 3 },
        ],
      },
    });
    expect([missing.status, missing.body.message]).toEqual([
      400,
      PARTICIPANT_API_MESSAGES.orderMustListEveryParticipant,
    ]);
    expect((await db().participant.findUniqueOrThrow({ where: { id: c.id } })).orderSequence).toBe(1);
    expect((await packageAuditTypes(db(), pkg.id)).at(-1)).toBe("participants.reordered");
  });
});

describe("participant role (issue 11)", () => {
  it("sets the execution type of every document without a choice, and leaving SIGNER deletes the tags", async () => {
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const pkg = await createPackage(admin, paths);
    const signer = await addParticipant(admin, paths, pkg.id, { type: "Borrower", email: "s@example.com" });
    const viewer = await addParticipant(admin, paths, pkg.id, {
      type: "Settlement Agent",
      email: "v@example.com",
      role: "VIEWER",
    });
    expect([signer.role, viewer.role]).toEqual(["SIGNER", "VIEWER"]);
    const document = await withSignableDocument(db(), org.organizationId, pkg.id);
    const matrixPath = `/api/v4/organizations/${org.organizationId}/packages/${pkg.id}/document-participants`;
    const typeOf = async (participantId: string) => {
      const matrix = await admin.request<DocumentParticipantList>("GET", matrixPath);
      expect(matrix.status).toBe(200);
      return matrix.body.records.find(
        (entry) => entry.participantId === participantId && entry.documentId === document.id,
      )?.executionType;
    };
    expect([await typeOf(signer.id), await typeOf(viewer.id)]).toEqual(["E_SIGN", "VIEW_ONLY"]);

    const paper = await admin.request<Participant>("PATCH", paths.participant(pkg.id, signer.id), {
      json: { version: signer.version, role: "PAPER" },
    });
    expect(paper.status, JSON.stringify(paper.body)).toBe(200);
    expect(paper.body.role).toBe("PAPER");
    expect(await typeOf(signer.id)).toBe("PAPER");
    expect(await db().tag.count({ where: { participantId: signer.id } })).toBe(0);

    const bad = await admin.request("PATCH", paths.participant(pkg.id, viewer.id), {
      json: { version: viewer.version, role: "WATCHER" },
    });
    expect(bad.status).toBe(400);
    expect((await db().participant.findUniqueOrThrow({ where: { id: viewer.id } })).role).toBe("VIEWER");
  });
});
