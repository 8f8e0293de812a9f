import {
  type Document,
  type DocumentTemplate,
  type DocumentTemplateList,
  type Package,
  type Participant,
  routes,
  type Tag,
  TEMPLATE_MESSAGES,
  type WorkspacePackageList,
} from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newGroup } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { organizationWithUser, PASSWORD } from "./support/factories.ts";
import { HttpClient } from "./support/http-client.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  OFFICER,
  packageAuditTypes,
  packageOrg,
} from "./support/package-fixtures.ts";
import { call, ok, publishedDocumentTemplate, tagAt, templatePaths } from "./support/template-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §3: document templates are built in the ordinary builder through a hidden builder
// package, published as immutable versions, shared with groups and copied into packages.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

async function setup() {
  const context = await packageOrg(db(), app.url);
  const officer = await memberOfNewGroup(context.org, app.url, OFFICER);
  const paths = templatePaths(context.org.organizationId);
  return { ...context, officer, t: paths };
}

const tagsOf = (documentId: string) =>
  db().tag.findMany({ where: { documentId }, include: { participant: true }, orderBy: { y: "asc" } });

describe("building and publishing a document template", () => {
  it("is built in its builder package (slots without contacts, a real PDF, tags, a rule), published as v1 and activated", async () => {
    const s = await setup();
    const { template, document } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Closing Disclosure",
      groupIds: [s.officer.group.id],
      activate: false,
    });
    expect(template).toMatchObject({
      name: "Closing Disclosure",
      active: false,
      latestVersion: 1,
      draftChanged: false,
      documentName: "Closing Disclosure",
      numPages: 4,
      tagCount: 5,
      groups: [{ groupId: s.officer.group.id, name: s.officer.group.name }],
    });
    expect(template.slots.map((slot) => slot.displayName)).toEqual(["BORROWER 1", "BORROWER 2"]);

    // the version keeps its own copy of the file: the hash of the upload, a different blob
    const version = await db().documentTemplateVersion.findFirstOrThrow({ where: { templateId: template.id } });
    const builderDocument = await db().document.findUniqueOrThrow({ where: { id: document.id } });
    expect(version).toMatchObject({ number: 1, sha256: builderDocument.sha256 });
    expect(version.blobKey).toBe(`templates/${s.org.organizationId}/${template.id}/v1.pdf`);
    expect(version.blobKey).not.toBe(builderDocument.blobKey);

    // publishing again with nothing changed is refused
    const again = await call(s.admin, "POST", s.t.publish(template.id), { version: template.version });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TEMPLATE_MESSAGES.nothingToPublish);

    const active = await ok(
      call<DocumentTemplate>(s.admin, "POST", s.t.activate(template.id), { version: template.version }),
      200,
      "activate",
    );
    expect(active.active).toBe(true);
    const versions = await ok(
      call<{ records: { number: number; tagCount: number }[] }>(s.admin, "GET", s.t.versions(template.id)),
      200,
      "versions",
    );
    expect(versions.records).toMatchObject([{ number: 1, tagCount: 5 }]);

    const audit = await db().auditEvent.findMany({
      where: { streamType: "organization", streamId: s.org.organizationId, type: { startsWith: "document-template." } },
      orderBy: { sequence: "asc" },
    });
    expect(audit.map((event) => event.type)).toEqual([
      "document-template.created",
      "document-template.published",
      "document-template.activated",
    ]);
    expect(await verifyAuditChain(db(), "organization", s.org.organizationId)).toEqual({
      valid: true,
      events: expect.any(Number),
    });
  });

  it("refuses to publish without exactly one document and to activate before a version and without a group", async () => {
    const s = await setup();
    const empty = await ok(
      call<DocumentTemplate>(s.admin, "POST", s.t.documentTemplates, { name: "Empty" }),
      201,
      "create",
    );
    const publish = await call(s.admin, "POST", s.t.publish(empty.id), { version: empty.version });
    expect(publish.status).toBe(409);
    expect(publish.body.message).toBe(TEMPLATE_MESSAGES.oneDocument);
    const activate = await call(s.admin, "POST", s.t.activate(empty.id), { version: empty.version });
    expect(activate.status).toBe(409);
    expect(activate.body.message).toBe(TEMPLATE_MESSAGES.notPublished);

    const { template } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "No group",
      groupIds: [],
      activate: false,
    });
    const noGroup = await call(s.admin, "POST", s.t.activate(template.id), { version: template.version });
    expect(noGroup.status).toBe(409);
    expect(noGroup.body.message).toBe(TEMPLATE_MESSAGES.groupRequired);

    // names are unique per organization, case-insensitively
    const clash = await call(s.admin, "POST", s.t.documentTemplates, { name: "no GROUP" });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(TEMPLATE_MESSAGES.documentTemplateExists);
  });

  it("keeps its builder package out of every listing, unsendable, undeletable and without groups", async () => {
    const s = await setup();
    const { template } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Hidden",
      groupIds: [s.org.adminGroup.id],
    });
    const builder = await ok(call<Package>(s.admin, "GET", s.t.package(template.packageId)), 200, "builder package");
    expect(builder.templateKind).toBe("DOCUMENT_TEMPLATE");
    expect(builder.canManage).toBe(true);

    const workspace = await ok(call<WorkspacePackageList>(s.admin, "GET", s.t.workspace), 200, "workspace");
    expect(workspace.records.map((row) => row.id)).not.toContain(template.packageId);
    const groupPackages = await ok(
      call<{ records: { id: string }[] }>(
        s.admin,
        "GET",
        s.t.at(routes.listGroupPackages, { groupId: s.org.adminGroup.id }),
      ),
      200,
      "group packages",
    );
    expect(groupPackages.records.map((row) => row.id)).not.toContain(template.packageId);

    const send = await call(s.admin, "POST", s.t.send(template.packageId), { version: builder.version });
    expect(send.status).toBe(409);
    expect(send.body.message).toBe(TEMPLATE_MESSAGES.cannotSend);
    const remove = await call(s.admin, "DELETE", `${s.t.package(template.packageId)}?version=${builder.version}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe(TEMPLATE_MESSAGES.cannotDelete);
    const groups = await call(s.admin, "PUT", s.t.packageGroups(template.packageId), {
      version: builder.version,
      groupIds: [s.org.adminGroup.id],
    });
    expect(groups.status).toBe(409);
    expect(groups.body.message).toBe(TEMPLATE_MESSAGES.groupsOnTemplate);
    expect(await db().package.count({ where: { id: template.packageId } })).toBe(1);
  });
});

describe("using a document template in a package", () => {
  it("lets a member who manages packages (and nothing else) list usable templates and add one, but not see or edit templates", async () => {
    const s = await setup();
    const { template, borrower1: slot1 } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Closing Disclosure",
      groupIds: [s.officer.group.id],
      borrower2Language: "ko",
    });
    const member = s.officer.client;
    expect((await call(member, "GET", s.t.documentTemplates)).status).toBe(403);
    expect((await call(member, "GET", s.t.documentTemplate(template.id))).status).toBe(403);
    expect((await call(member, "POST", s.t.documentTemplates, { name: "Mine" })).status).toBe(403);
    expect((await call(member, "POST", s.t.publish(template.id), { version: template.version })).status).toBe(403);
    // the builder package is not theirs to see
    expect((await call(member, "GET", s.t.package(template.packageId))).status).toBe(404);
    expect((await call(member, "GET", s.t.participants(template.packageId))).status).toBe(404);
    expect(
      (await call(member, "POST", s.t.participants(template.packageId), { type: "Borrower", email: "x@example.com" }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          member,
          "PUT",
          s.t.participants(template.packageId).replace(/participants$/, "participants/" + slot1.id),
          { version: 1, givenName: "X" },
        )
      ).status,
    ).toBe(404);

    const usable = await ok(call<DocumentTemplateList>(member, "GET", s.t.usableDocumentTemplates), 200, "usable");
    expect(usable.records.map((row) => row.id)).toEqual([template.id]);

    const pkg = await createPackage(member, s.paths, { name: "Okafor purchase" });
    const ada = await addParticipant(member, s.paths, pkg.id, {
      type: "Borrower",
      givenName: "Ada",
      familyName: "Okafor",
      email: "ada@example.com",
    });
    const added = await ok(
      call<Document>(member, "POST", s.t.fromTemplate(pkg.id), { documentTemplateId: template.id }),
      201,
      "add from template",
    );
    expect(added).toMatchObject({ packageId: pkg.id, name: "Closing Disclosure", numPages: 4 });
    const row = await db().document.findUniqueOrThrow({ where: { id: added.id } });
    expect(row).toMatchObject({ sourceTemplateId: template.id, sourceTemplateVersion: 1 });

    // BORROWER 1's tags land on the package's own BORROWER 1 (in her own language); BORROWER 2 is
    // added without a contact, in the language the template's slot has
    const participants = await ok(
      call<{ records: Participant[] }>(member, "GET", s.t.participants(pkg.id)),
      200,
      "participants",
    );
    expect(participants.records.map((p) => [p.type, p.roleNumber, p.email, p.language])).toEqual([
      ["Borrower", 1, "ada@example.com", "en"],
      ["Borrower", 2, null, "ko"],
    ]);
    const borrower2 = participants.records[1]!;
    const tags = await tagsOf(added.id);
    expect(tags.map((tag) => [tag.type, tag.participantId])).toEqual([
      ["CHECKBOX", ada.id],
      ["TEXT", ada.id],
      ["SIGNATURE", ada.id],
      ["INITIALS", ada.id],
      ["SIGNATURE", borrower2.id],
    ]);
    const rules = await db().conditionalRule.findMany({ where: { packageId: pkg.id } });
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ sourceTagId: tags[0]!.id, targetTagId: tags[1]!.id, action: "SHOW" });
    expect(await packageAuditTypes(db(), pkg.id)).toContain("document.added-from-template");
    // the template is untouched: its draft still has its own two slots and no people
    expect(await db().participant.count({ where: { packageId: template.packageId, email: { not: null } } })).toBe(0);
  });

  it("refuses a template that is inactive, not shared with one of the package's groups, or of another organization", async () => {
    const s = await setup();
    const elsewhere = await newGroup(s.org);
    const { template: shared } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Shared",
      groupIds: [s.officer.group.id],
    });
    const { template: notShared } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Not shared",
      groupIds: [elsewhere.id],
    });
    const member = s.officer.client;
    const pkg = await createPackage(member, s.paths);
    const refused = await call(member, "POST", s.t.fromTemplate(pkg.id), { documentTemplateId: notShared.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEMPLATE_MESSAGES.notShared);
    const usable = await ok(call<DocumentTemplateList>(member, "GET", s.t.usableDocumentTemplates), 200, "usable");
    expect(usable.records.map((row) => row.id)).toEqual([shared.id]);

    await ok(call(s.admin, "POST", s.t.deactivate(shared.id), { version: shared.version }), 200, "deactivate");
    const inactive = await call(member, "POST", s.t.fromTemplate(pkg.id), { documentTemplateId: shared.id });
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(TEMPLATE_MESSAGES.inactive);

    const other = await setup();
    const { template: foreign } = await publishedDocumentTemplate(other.admin, other.t, {
      name: "Foreign",
      groupIds: [other.org.adminGroup.id],
    });
    const unknown = await call(member, "POST", s.t.fromTemplate(pkg.id), { documentTemplateId: foreign.id });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TEMPLATE_MESSAGES.documentTemplateNotFound);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
  });

  it("publishes v2 after a change without altering the package built from v1", async () => {
    const s = await setup();
    const { template, document, borrower2 } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Note",
      groupIds: [s.officer.group.id],
    });
    const member = s.officer.client;
    const first = await createPackage(member, s.paths, { name: "First" });
    const v1 = await ok(
      call<Document>(member, "POST", s.t.fromTemplate(first.id), { documentTemplateId: template.id }),
      201,
      "v1",
    );

    await ok(
      call<Tag>(
        s.admin,
        "POST",
        s.t.documentTags(template.packageId, document.id),
        tagAt(borrower2.id, "INITIALS", 720),
      ),
      201,
      "one more tag",
    );
    const changed = await ok(call<DocumentTemplate>(s.admin, "GET", s.t.documentTemplate(template.id)), 200, "get");
    expect(changed).toMatchObject({ draftChanged: true, latestVersion: 1, tagCount: 6 });
    const v2Template = await ok(
      call<DocumentTemplate>(s.admin, "POST", s.t.publish(template.id), { version: changed.version }),
      200,
      "publish v2",
    );
    expect(v2Template).toMatchObject({ latestVersion: 2, draftChanged: false });

    expect(await db().tag.count({ where: { documentId: v1.id } })).toBe(5);
    expect(await db().document.findUniqueOrThrow({ where: { id: v1.id } })).toMatchObject({ sourceTemplateVersion: 1 });
    const second = await createPackage(member, s.paths, { name: "Second" });
    const v2 = await ok(
      call<Document>(member, "POST", s.t.fromTemplate(second.id), { documentTemplateId: template.id }),
      201,
      "v2",
    );
    expect(await db().tag.count({ where: { documentId: v2.id } })).toBe(6);
    expect(await db().document.findUniqueOrThrow({ where: { id: v2.id } })).toMatchObject({ sourceTemplateVersion: 2 });

    const versions = await ok(
      call<{ records: { number: number }[] }>(s.admin, "GET", s.t.versions(template.id)),
      200,
      "versions",
    );
    expect(versions.records.map((row) => row.number)).toEqual([2, 1]);
  });
});

describe("managing document templates", () => {
  it("saves a document of a package as a template with the slots it names, and deletes a template with its builder package", async () => {
    const s = await setup();
    const pkg = await createPackage(s.admin, s.paths, { name: "Source" });
    const ada = await addParticipant(s.admin, s.paths, pkg.id, {
      type: "Borrower",
      givenName: "Ada",
      email: "a@example.com",
    });
    await addParticipant(s.admin, s.paths, pkg.id, { type: "Borrower", givenName: "Bo", email: "b@example.com" });
    const uploaded = await upload(s.admin, s.t.documents(pkg.id), fixturePdf("minimal-document.pdf"));
    expect(uploaded.status).toBe(201);
    await ok(
      call(s.admin, "POST", s.t.documentTags(pkg.id, uploaded.body.id), tagAt(ada.id, "SIGNATURE", 600)),
      201,
      "tag",
    );

    const saved = await ok(
      call<DocumentTemplate>(s.admin, "POST", s.t.documentTemplateFromPackage, {
        packageId: pkg.id,
        documentId: uploaded.body.id,
        name: "Saved note",
      }),
      201,
      "from package",
    );
    // only the participant the document names, as a slot without its person
    expect(saved.slots.map((slot) => slot.displayName)).toEqual(["BORROWER 1"]);
    expect(saved).toMatchObject({
      tagCount: 1,
      latestVersion: 0,
      draftChanged: true,
      documentName: uploaded.body.name,
    });
    expect(
      await db().participant.findMany({
        where: { packageId: saved.packageId },
        select: { email: true, givenName: true },
      }),
    ).toEqual([{ email: null, givenName: null }]);
    const published = await ok(
      call<DocumentTemplate>(s.admin, "POST", s.t.publish(saved.id), { version: saved.version }),
      200,
      "publish",
    );

    const stale = await call(s.admin, "DELETE", `${s.t.documentTemplate(saved.id)}?version=${saved.version}`);
    expect(stale.status).toBe(409);
    const { blobKey } = await db().documentTemplateVersion.findFirstOrThrow({ where: { templateId: saved.id } });
    await expect(app.server.deps.storage.get(blobKey)).resolves.toBeDefined();
    const removed = await call(s.admin, "DELETE", `${s.t.documentTemplate(saved.id)}?version=${published.version}`);
    expect(removed.status).toBe(204);
    await expect(app.server.deps.storage.get(blobKey)).rejects.toThrow();
    expect(await db().package.count({ where: { id: saved.packageId } })).toBe(0);
    expect(await db().documentTemplateVersion.count({ where: { templateId: saved.id } })).toBe(0);
    expect((await call(s.admin, "GET", s.t.documentTemplate(saved.id))).status).toBe(404);
    // the source package is unchanged
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(1);
  });

  it("renames (the builder package follows) and changes groups only among the organization's groups", async () => {
    const s = await setup();
    const created = await ok(
      call<DocumentTemplate>(s.admin, "POST", s.t.documentTemplates, { name: "Draft" }),
      201,
      "create",
    );
    const other = await setup();
    const foreignGroup = await call(s.admin, "PUT", s.t.documentTemplate(created.id), {
      version: created.version,
      groupIds: [other.org.adminGroup.id],
    });
    expect(foreignGroup.status).toBe(404);
    const renamed = await ok(
      call<DocumentTemplate>(s.admin, "PUT", s.t.documentTemplate(created.id), {
        version: created.version,
        name: "Final",
        description: "The final note",
        groupIds: [s.officer.group.id],
      }),
      200,
      "update",
    );
    expect(renamed).toMatchObject({ name: "Final", description: "The final note", version: created.version + 1 });
    expect(renamed.groups.map((group) => group.groupId)).toEqual([s.officer.group.id]);
    expect((await db().package.findUniqueOrThrow({ where: { id: created.packageId } })).name).toBe("Final");
    const stale = await call(s.admin, "PUT", s.t.documentTemplate(created.id), { version: created.version, name: "X" });
    expect(stale.status).toBe(409);
  });

  it("lets a settings reader see templates and their builder packages but change nothing", async () => {
    const s = await setup();
    const { template } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Read me",
      groupIds: [s.officer.group.id],
    });
    const reader = (await memberOfNewGroup(s.org, app.url, ["VIEW_ADMIN_SETTINGS"])).client;
    const listed = await ok(call<DocumentTemplateList>(reader, "GET", s.t.documentTemplates), 200, "reader lists");
    expect(listed.records.map((row) => row.id)).toEqual([template.id]);
    expect((await call(reader, "GET", s.t.versions(template.id))).status).toBe(200);
    expect((await call(reader, "GET", s.t.package(template.packageId))).status).toBe(200);
    expect((await call(reader, "GET", s.t.participants(template.packageId))).status).toBe(200);
    expect((await call(reader, "POST", s.t.participants(template.packageId), { type: "Borrower" })).status).toBe(403);
    expect((await call(reader, "POST", s.t.documentTemplates, { name: "Mine" })).status).toBe(403);
    expect((await call(reader, "POST", s.t.deactivate(template.id), { version: template.version })).status).toBe(403);
  });

  it("lets a support user manage the templates of any organization", async () => {
    const s = await setup();
    const support = await organizationWithUser(db(), { eoSupport: true });
    const client = new HttpClient(app.url);
    expect((await client.signIn(support.user.email, PASSWORD)).status).toBe(200);
    const created = await ok(
      call<DocumentTemplate>(client, "POST", s.t.documentTemplates, {
        name: "By support",
        groupIds: [s.officer.group.id],
      }),
      201,
      "support creates",
    );
    await ok(
      call(client, "POST", s.t.participants(created.packageId), { type: "Borrower" }),
      201,
      "support adds a slot",
    );
    const listed = await ok(call<DocumentTemplateList>(client, "GET", s.t.documentTemplates), 200, "support lists");
    expect(listed.records.map((row) => row.id)).toEqual([created.id]);
    const adminView = await ok(call<DocumentTemplateList>(s.admin, "GET", s.t.documentTemplates), 200, "admin lists");
    expect(adminView.records[0]?.slots.map((slot) => slot.displayName)).toEqual(["BORROWER 1"]);
  });
});

describe("a file gone from the storage", () => {
  it("answers 409 with what is missing instead of a server error, when publishing and when copying a version", async () => {
    const s = await setup();
    const { template, document, borrower1 } = await publishedDocumentTemplate(s.admin, s.t, {
      name: "Lost file",
      groupIds: [s.officer.group.id],
    });
    // the published version's own copy is gone: adding the template to a package cannot copy it
    const version = await db().documentTemplateVersion.findFirstOrThrow({ where: { templateId: template.id } });
    await app.server.deps.storage.delete(version.blobKey);
    const pkg = await ok(call<{ id: string }>(s.officer.client, "POST", s.t.at(routes.createPackage), {}), 201, "pkg");
    const copy = await call(s.officer.client, "POST", s.t.fromTemplate(pkg.id), { documentTemplateId: template.id });
    expect([copy.status, copy.body.message]).toEqual([
      409,
      expect.stringMatching(/is missing from the document storage/),
    ]);
    // the builder's file is gone: publishing a changed draft cannot copy it
    await ok(
      call(s.admin, "POST", s.t.documentTags(template.packageId, document.id), tagAt(borrower1.id, "DATE_SIGNED", 740)),
      201,
      "change the draft",
    );
    const builderDocument = await db().document.findUniqueOrThrow({ where: { id: document.id } });
    await app.server.deps.storage.delete(builderDocument.blobKey);
    const current = await ok(call<DocumentTemplate>(s.admin, "GET", s.t.documentTemplate(template.id)), 200, "get");
    const publish = await call(s.admin, "POST", s.t.publish(template.id), { version: current.version });
    expect([publish.status, publish.body.message]).toEqual([
      409,
      expect.stringMatching(/is missing from the document storage/),
    ]);
  });
});
