import { randomUUID } from "node:crypto";
import {
  type CustomField,
  type DataCollectionGroup,
  type Document,
  PARTICIPANT_MESSAGES,
  type Package,
  type PackageTemplate,
  type PackageTemplateList,
  type Participant,
  routes,
  TEMPLATE_MESSAGES,
} from "@signet/contract";
import { createPackageFromTemplate, readPackageBlueprint, type UserActor } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { memberOfNewGroup, OFFICER, packageAuditTypes, packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import { call, ok, publishedDocumentTemplate, tagAt, templatePaths } from "./support/template-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §4: a package template is built in three steps in its builder package (participants
// and custom fields; document templates, signer uploads and data collection; invitation and
// groups); "new package from template" asks only for the people and makes an ordinary package.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

/** An active package template holding one document template, a signer upload, a question, a custom field value and invitation settings. */
async function builtTemplate() {
  const context = await packageOrg(db(), app.url);
  const officer = await memberOfNewGroup(context.org, app.url, OFFICER);
  const t = templatePaths(context.org.organizationId);
  const admin = context.admin;
  const built = await publishedDocumentTemplate(admin, t, {
    name: "Closing Disclosure",
    groupIds: [officer.group.id],
  });
  const disclosure = built.template;
  const loanNumber = await ok(
    call<CustomField>(admin, "POST", t.at(routes.createCustomField), {
      customFieldId: "loanNumber",
      name: "Loan number",
      dataType: "TEXT",
    }),
    201,
    "custom field",
  );
  let template = await ok(
    call<PackageTemplate>(admin, "POST", t.packageTemplates, { name: "Purchase", groupIds: [officer.group.id] }),
    201,
    "create package template",
  );
  const noDocument = await call(admin, "POST", t.activatePackageTemplate(template.id), { version: template.version });
  expect(noDocument.status).toBe(409);
  expect(noDocument.body.message).toBe(TEMPLATE_MESSAGES.noDocuments);

  const builder = template.packageId;
  // step 2: the document template (its slots come with it), a signer upload and a question for BORROWER 1
  await ok(call<Document>(admin, "POST", t.fromTemplate(builder), { documentTemplateId: disclosure.id }), 201, "add");
  const slots = await ok(call<{ records: Participant[] }>(admin, "GET", t.participants(builder)), 200, "slots");
  const borrower1 = slots.records.find((slot) => slot.roleNumber === 1)!;
  await ok(call(admin, "POST", t.stips(builder), { participantId: borrower1.id, name: "Pay stub" }), 201, "stip");
  const income = await ok(
    call<DataCollectionGroup>(admin, "POST", t.dataGroups(builder), { name: "Income" }),
    201,
    "group",
  );
  await ok(
    call(admin, "POST", t.dataFields(builder), { groupId: income.id, participantId: borrower1.id, label: "Employer" }),
    201,
    "question",
  );
  // step 1's custom field value and step 3's invitation settings
  await ok(
    call(admin, "PUT", t.at(routes.setPackageCustomField, { packageId: builder, customFieldId: loanNumber.id }), {
      value: "TEMPLATE-000",
    }),
    200,
    "custom field value",
  );
  const pkg = await ok(call<Package>(admin, "GET", t.package(builder)), 200, "builder");
  await ok(
    call(admin, "PATCH", t.package(builder), {
      version: pkg.version,
      emailSubject: "Your closing documents",
      signingOrder: "PARTICIPANT",
      expirationType: "RELATIVE",
      scheduledExpiryDays: 10,
      scheduledExpiryTime: "17:00",
    }),
    200,
    "invitation settings",
  );
  template = await ok(
    call<PackageTemplate>(admin, "POST", t.activatePackageTemplate(template.id), { version: template.version }),
    200,
    "activate",
  );
  return { ...context, officer, t, template, disclosure, built, loanNumber };
}

const people = [
  { type: "Borrower", roleNumber: 1, givenName: "Ada", familyName: "Okafor", email: "ada.template@example.com" },
  { type: "borrower", roleNumber: 2, givenName: "Ben", familyName: "Okafor", email: "ben.template@example.com" },
];

describe("package templates", () => {
  it("is built from document templates, an upload, a question and invitation settings, and shows where its documents come from", async () => {
    const s = await builtTemplate();
    expect(s.template).toMatchObject({ name: "Purchase", active: true, stipCount: 1, dataFieldCount: 1 });
    expect(s.template.slots.map((slot) => [slot.displayName, slot.accessMethod])).toEqual([
      ["BORROWER 1", "EMAIL"],
      ["BORROWER 2", "EMAIL"],
    ]);
    expect(s.template.documents).toMatchObject([
      {
        name: "Closing Disclosure",
        sourceTemplateId: s.disclosure.id,
        sourceTemplateName: "Closing Disclosure",
        sourceTemplateVersion: 1,
        latestVersion: 1,
      },
    ]);
    const builder = await ok(call<Package>(s.admin, "GET", s.t.package(s.template.packageId)), 200, "builder");
    expect(builder.templateKind).toBe("PACKAGE_TEMPLATE");
    // a newer version of the document template is offered, the template keeps the one it holds
    const { document, borrower2 } = s.built;
    await ok(
      call(
        s.admin,
        "POST",
        s.t.documentTags(s.disclosure.packageId, document.id),
        tagAt(borrower2.id, "INITIALS", 720),
      ),
      201,
      "change the document template",
    );
    const changed = await ok(
      call<{ version: number }>(s.admin, "GET", s.t.documentTemplate(s.disclosure.id)),
      200,
      "dt",
    );
    await ok(call(s.admin, "POST", s.t.publish(s.disclosure.id), { version: changed.version }), 200, "publish v2");
    const offered = await ok(call<PackageTemplate>(s.admin, "GET", s.t.packageTemplate(s.template.id)), 200, "get");
    expect(offered.documents).toMatchObject([{ sourceTemplateVersion: 1, latestVersion: 2 }]);
    // a member who only manages packages sees the usable templates, nothing more
    const member = s.officer.client;
    expect((await call(member, "GET", s.t.packageTemplates)).status).toBe(403);
    expect((await call(member, "GET", s.t.packageTemplate(s.template.id))).status).toBe(403);
    expect((await call(member, "GET", s.t.package(s.template.packageId))).status).toBe(404);
    const usable = await ok(call<PackageTemplateList>(member, "GET", s.t.usablePackageTemplates), 200, "usable");
    expect(usable.records.map((row) => row.id)).toEqual([s.template.id]);
    const listed = await ok(call<PackageTemplateList>(s.admin, "GET", s.t.packageTemplates), 200, "all");
    expect(listed.records.map((row) => row.id)).toEqual([s.template.id]);
  });

  it("starts an ordinary package with everything filled in and the people given, which the sender can change and send", async () => {
    const s = await builtTemplate();
    const member = s.officer.client;
    const created = await ok(
      call<Package>(member, "POST", s.t.packageFromTemplate(s.template.id), {
        people,
        customFields: [{ customFieldId: s.loanNumber.id, value: "LN-2026-001" }],
      }),
      201,
      "new package from template",
    );
    expect(created).toMatchObject({
      name: "Purchase",
      status: "STARTED",
      templateKind: null,
      fromPackageTemplateId: s.template.id,
      canManage: true,
      signingOrder: "PARTICIPANT",
      expirationType: "RELATIVE",
      scheduledExpiryDays: 10,
    });
    expect(created.packageGroups.map((group) => group.groupId)).toEqual([s.officer.group.id]);
    const row = await db().package.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ emailSubject: "Your closing documents", scheduledExpiryTime: "17:00" });
    const participants = await ok(
      call<{ records: Participant[] }>(member, "GET", s.t.participants(created.id)),
      200,
      "people",
    );
    expect(participants.records.map((p) => [p.roleNumber, p.givenName, p.familyName, p.email])).toEqual([
      [1, "Ada", "Okafor", "ada.template@example.com"],
      [2, "Ben", "Okafor", "ben.template@example.com"],
    ]);
    const documents = await db().document.findMany({ where: { packageId: created.id }, include: { tags: true } });
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ sourceTemplateId: s.disclosure.id, sourceTemplateVersion: 1 });
    expect(documents[0]!.tags).toHaveLength(5);
    const ada = participants.records[0]!;
    expect(
      await db().stip.findMany({ where: { packageId: created.id }, select: { name: true, participantId: true } }),
    ).toEqual([{ name: "Pay stub", participantId: ada.id }]);
    expect(
      await db().dataCollectionField.findMany({
        where: { packageId: created.id },
        select: { label: true, participantId: true },
      }),
    ).toEqual([{ label: "Employer", participantId: ada.id }]);
    const value = await db().packageCustomField.findFirstOrThrow({ where: { packageId: created.id } });
    expect(value.value).toBe("LN-2026-001");
    // the template keeps its own value and has no people
    expect((await db().packageCustomField.findFirstOrThrow({ where: { packageId: s.template.packageId } })).value).toBe(
      "TEMPLATE-000",
    );
    expect(await db().participant.count({ where: { packageId: s.template.packageId, email: { not: null } } })).toBe(0);
    expect(await packageAuditTypes(db(), created.id)).toEqual(["package.created"]);
    const event = await db().auditEvent.findFirstOrThrow({ where: { streamId: created.id, type: "package.created" } });
    expect(event.data).toMatchObject({ fromTemplate: "Purchase", fromTemplateId: s.template.id });

    // an ordinary package: renamed, then sent, and the invitations go out
    const renamed = await ok(
      call<Package>(member, "PATCH", s.t.package(created.id), { version: created.version, name: "Okafor purchase" }),
      200,
      "rename",
    );
    const sent = await call<Package>(member, "POST", s.t.send(created.id), { version: renamed.version });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe("AVAILABLE_TO_SIGNERS");
    const mail = await poll("invitation to Ada", () =>
      db().mailMessage.findFirst({ where: { to: "ada.template@example.com" } }),
    );
    expect(mail.subject).toContain("Your closing documents");
  });

  it("keeps each slot's language: the template shows it and a package from the template starts with it", async () => {
    const s = await builtTemplate();
    const slots = await ok(
      call<{ records: Participant[] }>(s.admin, "GET", s.t.participants(s.template.packageId)),
      200,
      "slots",
    );
    const borrower2 = slots.records.find((slot) => slot.roleNumber === 2)!;
    const participantPath = s.t.at(routes.updateParticipant, {
      packageId: s.template.packageId,
      participantId: borrower2.id,
    });
    await ok(call(s.admin, "PATCH", participantPath, { version: borrower2.version, language: "vi" }), 200, "language");
    const template = await ok(call<PackageTemplate>(s.admin, "GET", s.t.packageTemplate(s.template.id)), 200, "read");
    expect(template.slots.map((slot) => [slot.displayName, slot.language])).toEqual([
      ["BORROWER 1", "en"],
      ["BORROWER 2", "vi"],
    ]);

    const created = await ok(
      call<Package>(s.officer.client, "POST", s.t.packageFromTemplate(s.template.id), { people }),
      201,
      "new package from template",
    );
    const participants = await ok(
      call<{ records: Participant[] }>(s.officer.client, "GET", s.t.participants(created.id)),
      200,
      "people",
    );
    expect(participants.records.map((p) => [p.givenName, p.language])).toEqual([
      ["Ada", "en"],
      ["Ben", "vi"],
    ]);
  });

  it("names every missing, unknown or contactless person on its field", async () => {
    const s = await builtTemplate();
    const member = s.officer.client;
    const missing = await call(member, "POST", s.t.packageFromTemplate(s.template.id), { people: [people[0]] });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { path: "people", message: TEMPLATE_MESSAGES.personRequired({ type: "BORROWER", roleNumber: 2 }) },
    ]);
    const unknown = await call(member, "POST", s.t.packageFromTemplate(s.template.id), {
      people: [
        ...people,
        { type: "Borrower", roleNumber: 3, givenName: "Cy", familyName: "O", email: "c@example.com" },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { path: "people.2.type", message: TEMPLATE_MESSAGES.unknownSlot({ type: "Borrower", roleNumber: 3 }) },
    ]);
    const noContact = await call(member, "POST", s.t.packageFromTemplate(s.template.id), {
      people: [
        { ...people[0], email: null },
        { ...people[1], accessMethod: "SMS" },
      ],
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body.details).toEqual([
      { path: "people.0.email", message: PARTICIPANT_MESSAGES.emailRequired },
      { path: "people.1.phoneNumber", message: PARTICIPANT_MESSAGES.phoneRequired },
    ]);
    const badValue = await call(member, "POST", s.t.packageFromTemplate(s.template.id), {
      people,
      customFields: [{ customFieldId: randomUUID(), value: "x" }],
    });
    expect(badValue.status).toBe(404);
    expect(await db().package.count({ where: { fromPackageTemplateId: s.template.id } })).toBe(0);
  });

  it("refuses a template that is inactive or not shared with a group in which the caller manages packages", async () => {
    const s = await builtTemplate();
    const outsider = await memberOfNewGroup(s.org, app.url, OFFICER);
    const notShared = await call(outsider.client, "POST", s.t.packageFromTemplate(s.template.id), { people });
    expect(notShared.status).toBe(403);
    expect(notShared.body.message).toBe(TEMPLATE_MESSAGES.notShared);
    const otherGroup = await call(s.officer.client, "POST", s.t.packageFromTemplate(s.template.id), {
      people,
      groupIds: [outsider.group.id],
    });
    expect(otherGroup.status).toBe(403);
    const listed = await ok(
      call<PackageTemplateList>(outsider.client, "GET", s.t.usablePackageTemplates),
      200,
      "usable",
    );
    expect(listed.records).toEqual([]);

    await ok(
      call(s.admin, "POST", s.t.deactivatePackageTemplate(s.template.id), { version: s.template.version }),
      200,
      "deactivate",
    );
    const inactive = await call(s.officer.client, "POST", s.t.packageFromTemplate(s.template.id), { people });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(TEMPLATE_MESSAGES.inactive);
    expect(await db().package.count({ where: { fromPackageTemplateId: s.template.id } })).toBe(0);
  });

  it("runs the caller's hook inside the package's transaction: a failing hook leaves no package and no file", async () => {
    const s = await builtTemplate();
    const actor: UserActor = {
      kind: "user",
      userId: s.officer.user.id,
      organizationId: s.org.organizationId,
      tokenId: randomUUID(),
      supportUser: false,
      partial: false,
      credentialsExpired: false,
      ip: null,
      userAgent: null,
    };
    const input = { organizationId: s.org.organizationId, templateId: s.template.id, people, customFields: [] };
    const blobsBefore = await db().document.count();
    await expect(
      createPackageFromTemplate(actor, input, app.server.deps, {
        inTransaction: async (tx, packageId) => {
          expect(await tx.package.count({ where: { id: packageId } })).toBe(1);
          throw new Error("row not marked");
        },
      }),
    ).rejects.toThrow("row not marked");
    expect(await db().package.count({ where: { fromPackageTemplateId: s.template.id } })).toBe(0);
    expect(await db().document.count()).toBe(blobsBefore);

    let marked: string | null = null;
    const created = await createPackageFromTemplate(actor, input, app.server.deps, {
      inTransaction: async (_tx, packageId) => {
        marked = packageId;
      },
    });
    expect(marked).toBe(created.id);
  });

  it("saves a whole package as a template (slots, no people) and deletes a template with its builder package", async () => {
    const s = await builtTemplate();
    const member = s.officer.client;
    const pkg = await ok(call<Package>(member, "POST", s.t.packageFromTemplate(s.template.id), { people }), 201, "new");
    const saved = await ok(
      call<PackageTemplate>(s.admin, "POST", s.t.packageTemplateFromPackage, {
        packageId: pkg.id,
        name: "Saved purchase",
      }),
      201,
      "from package",
    );
    expect(saved).toMatchObject({ stipCount: 1, dataFieldCount: 1, active: false });
    expect(saved.slots.map((slot) => slot.displayName)).toEqual(["BORROWER 1", "BORROWER 2"]);
    expect(await db().participant.count({ where: { packageId: saved.packageId, email: { not: null } } })).toBe(0);
    // what the template holds reads back as the package it was saved from, without its people and files' places
    const comparable = async (packageId: string) => {
      const blueprint = await readPackageBlueprint(db(), app.server.deps.fieldCipher, s.org.organizationId, packageId);
      return {
        ...blueprint,
        name: "",
        documents: blueprint.documents.map((document) => ({ ...document, file: { ...document.file, ref: "" } })),
      };
    };
    const fromPackage = await comparable(pkg.id);
    expect(fromPackage.documents[0]!.tags).toHaveLength(5);
    expect(fromPackage.stips).toHaveLength(1);
    expect(await comparable(saved.packageId)).toEqual(fromPackage);

    const removed = await call(s.admin, "DELETE", `${s.t.packageTemplate(saved.id)}?version=${saved.version}`);
    expect(removed.status).toBe(204);
    expect(await db().package.count({ where: { id: saved.packageId } })).toBe(0);
    expect(await db().package.count({ where: { id: pkg.id } })).toBe(1);
  });
});
