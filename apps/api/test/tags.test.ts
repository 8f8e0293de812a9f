import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConditionalRule,
  DOCUMENT_MESSAGES,
  type Document,
  type DocumentParticipantList,
  type DocumentTags,
  PACKAGE_MESSAGES,
  type Package,
  type Participant,
  TAG_MESSAGES,
  type Tag,
  type TagList,
} from "@signet/contract";
import { signatureTagProblems, verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import type { HttpClient } from "./support/http-client.ts";
import { addParticipant, createPackage, packageAuditTypes, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §3–4: tags on E-Sign documents, conditional rules, document-participants and the send
// check, against real PDFs made by other tools (A4 pages: 595 × 842 points).

const dataDir = mkdtempSync(join(tmpdir(), "signet-tags-"));
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV, DATA_DIR: dataDir });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const db = () => app.server.db;

type Reply<T> = { status: number; body: T & { message: string; code: string; details?: { path: string }[] } };

function paths(organizationId: string, packageId: string) {
  const v4 = `/api/v4/organizations/${organizationId}/packages/${packageId}`;
  const v6 = `/api/v6/organizations/${organizationId}/packages/${packageId}`;
  return {
    documents: `${v4}/documents`,
    document: (id: string) => `${v4}/documents/${id}`,
    documentParticipants: `${v4}/document-participants`,
    documentTags: (id: string) => `${v6}/executable-documents/${id}/tags`,
    tags: `${v6}/tags`,
    tag: (id: string) => `${v6}/tags/${id}`,
    rules: `${v6}/conditional-rules`,
    rule: (id: string) => `${v6}/conditional-rules/${id}`,
    send: `/api/v9/organizations/${organizationId}/packages/${packageId}/send`,
  };
}

const call = <T>(client: HttpClient, method: string, path: string, json?: object) =>
  client.request<T>(method, path, json === undefined ? {} : { json }) as Promise<Reply<T>>;

async function uploaded(client: HttpClient, path: string, file: string, name: string, executionType = "E_SIGN") {
  const reply = await upload(client, path, fixturePdf(file), { fileName: file, properties: { name, executionType } });
  if (reply.status !== 201) throw new Error(`upload ${file}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as Document;
}

/** A package with a borrower and a co-borrower, and two uploaded documents (one of four pages). */
async function prepared() {
  const context = await packageOrg(db(), app.url);
  const pkg: Package = await createPackage(context.admin, context.paths, { name: "Okafor purchase" });
  const p = paths(context.org.organizationId, pkg.id);
  const borrower: Participant = await addParticipant(context.admin, context.paths, pkg.id, {
    type: "Borrower",
    givenName: "Ada",
    familyName: "Okafor",
    email: "ada@example.com",
  });
  const coBorrower: Participant = await addParticipant(context.admin, context.paths, pkg.id, {
    type: "Co-Borrower",
    givenName: "Ben",
    familyName: "Okafor",
    email: "ben@example.com",
  });
  const note = await uploaded(context.admin, p.documents, "pdflatex-4-pages.pdf", "Note");
  const disclosure = await uploaded(context.admin, p.documents, "libreoffice-form.pdf", "Disclosure");
  return { ...context, pkg, p, borrower, coBorrower, note, disclosure };
}

const signature = (participantId: string, extra: object = {}) => ({
  participantId,
  type: "SIGNATURE",
  page: 1,
  x: 72,
  y: 700,
  width: 160,
  height: 36,
  ...extra,
});

const documentVersion = async (id: string) =>
  (await db().document.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;

describe("tags on E-Sign documents", () => {
  it("stores the displayed page sizes of an upload", async () => {
    const s = await prepared();
    const row = await db().document.findUniqueOrThrow({ where: { id: s.note.id } });
    expect(row.pageSizes).toHaveLength(4);
    expect((row.pageSizes as { width: number }[])[0]?.width).toBeCloseTo(595.276, 2);
  });

  it("places a tag for a participant, lists it by document and package, moves and deletes it", async () => {
    const s = await prepared();
    const created = await call<Tag>(
      s.admin,
      "POST",
      s.p.documentTags(s.note.id),
      signature(s.borrower.id, { page: 4 }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ page: 4, type: "SIGNATURE", required: true, participantId: s.borrower.id });

    const byDocument = await call<TagList>(s.admin, "GET", s.p.documentTags(s.note.id));
    expect(byDocument.body.records.map((tag) => tag.id)).toEqual([created.body.id]);
    const byPackage = await call<TagList>(s.admin, "GET", s.p.tags);
    expect(byPackage.body.count).toBe(1);

    const moved = await call<Tag>(s.admin, "PATCH", s.p.tag(created.body.id), {
      version: created.body.version,
      x: 300,
      required: false,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ x: 300, y: 700, required: false, version: created.body.version + 1 });
    const stale = await call(s.admin, "PATCH", s.p.tag(created.body.id), { version: created.body.version, x: 1 });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);

    const gone = await call(s.admin, "DELETE", `${s.p.tag(created.body.id)}?version=${moved.body.version}`);
    expect(gone.status).toBe(204);
    expect((await call<TagList>(s.admin, "GET", s.p.tags)).body.count).toBe(0);
    expect(await packageAuditTypes(db(), s.pkg.id)).toEqual(
      expect.arrayContaining(["tag.created", "tag.updated", "tag.deleted"]),
    );
    expect((await verifyAuditChain(db(), "package", s.pkg.id)).valid).toBe(true);
  });

  it("refuses a tag under 9×9, off the document's pages, outside the page, or with incomplete settings", async () => {
    const s = await prepared();
    const refused = async (tag: object, message: string) => {
      const reply = await call(s.admin, "POST", s.p.documentTags(s.note.id), tag);
      expect([reply.status, reply.body.message], JSON.stringify(tag)).toEqual([400, message]);
    };
    await refused(signature(s.borrower.id, { width: 8.9 }), TAG_MESSAGES.tooSmall);
    await refused(signature(s.borrower.id, { height: 5 }), TAG_MESSAGES.tooSmall);
    await refused(signature(s.borrower.id, { page: 5 }), TAG_MESSAGES.pageOutOfRange);
    await refused(signature(s.borrower.id, { x: 500 }), TAG_MESSAGES.outsidePage);
    await refused(signature(s.borrower.id, { y: 830 }), TAG_MESSAGES.outsidePage);
    await refused({ ...signature(s.borrower.id), type: "DROPDOWN" }, TAG_MESSAGES.optionsRequired);
    await refused({ ...signature(s.borrower.id), type: "DROPDOWN", options: ["A", "A"] }, TAG_MESSAGES.optionsUnique);
    await refused({ ...signature(s.borrower.id), type: "RADIO", groupName: "term" }, TAG_MESSAGES.radioNeedsGroup);
    await refused({ ...signature(s.borrower.id), type: "CUSTOM_FIELD" }, TAG_MESSAGES.customFieldRequired);
    const unknownField = await call(s.admin, "POST", s.p.documentTags(s.note.id), {
      ...signature(s.borrower.id),
      type: "CUSTOM_FIELD",
      customFieldId: crypto.randomUUID(),
    });
    expect([unknownField.status, unknownField.body.message]).toEqual([404, TAG_MESSAGES.customFieldNotFound]);
    const stranger = await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(crypto.randomUUID()));
    expect([stranger.status, stranger.body.message]).toEqual([400, TAG_MESSAGES.participantNotInPackage]);
    expect(await db().tag.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });

  it("answers spec §8's 'Organization/package/document/tag not found' for a missing document or tag", async () => {
    const s = await prepared();
    const missingDocument = crypto.randomUUID();
    for (const reply of [
      await call(s.admin, "POST", s.p.documentTags(missingDocument), signature(s.borrower.id)),
      await call(s.admin, "GET", s.p.documentTags(missingDocument)),
    ]) {
      expect([reply.status, reply.body.message]).toEqual([404, TAG_MESSAGES.tagNotFound]);
    }
    expect(TAG_MESSAGES.tagNotFound).toBe("Organization/package/document/tag not found");
  });

  it("keeps a radio group to one participant with distinct values", async () => {
    const s = await prepared();
    const radio = (participantId: string, optionValue: string, x: number) =>
      signature(participantId, { type: "RADIO", groupName: "term", optionValue, x, width: 14, height: 14 });
    expect((await call(s.admin, "POST", s.p.documentTags(s.note.id), radio(s.borrower.id, "15", 72))).status).toBe(201);
    const twice = await call(s.admin, "POST", s.p.documentTags(s.note.id), radio(s.borrower.id, "15", 120));
    expect([twice.status, twice.body.message]).toEqual([400, TAG_MESSAGES.radioValueUnique]);
    const other = await call(s.admin, "POST", s.p.documentTags(s.note.id), radio(s.coBorrower.id, "30", 120));
    expect([other.status, other.body.message]).toEqual([400, TAG_MESSAGES.radioGroupOneParticipant]);
    expect((await call(s.admin, "POST", s.p.documentTags(s.note.id), radio(s.borrower.id, "30", 120))).status).toBe(
      201,
    );
  });

  it("refuses tags on a View Only document and for a participant who signs on paper", async () => {
    const s = await prepared();
    const viewOnly = await uploaded(s.admin, s.p.documents, "minimal-document.pdf", "Privacy notice", "VIEW_ONLY");
    const onViewOnly = await call(s.admin, "POST", s.p.documentTags(viewOnly.id), signature(s.borrower.id));
    expect([onViewOnly.status, onViewOnly.body.message]).toEqual([400, TAG_MESSAGES.notESignDocument]);

    const paper = await call(s.admin, "PUT", s.p.documentParticipants, {
      documentId: s.note.id,
      participantId: s.coBorrower.id,
      executionType: "Paper",
    });
    expect(paper.status, JSON.stringify(paper.body)).toBe(200);
    expect(paper.body).toMatchObject({ executionType: "PAPER", inherited: false, tagCount: 0 });
    const onPaper = await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.coBorrower.id));
    expect([onPaper.status, onPaper.body.message]).toEqual([400, TAG_MESSAGES.participantNotESign]);
  });

  it("saves a document's whole set: keeps tags by id, creates new ones, deletes the rest with their rules", async () => {
    const s = await prepared();
    const first = (await call<Tag>(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.borrower.id))).body;
    const second = (
      await call<Tag>(s.admin, "POST", s.p.documentTags(s.note.id), {
        ...signature(s.borrower.id, { type: "CHECKBOX", y: 100, width: 14, height: 14 }),
      })
    ).body;
    const rule = await call<ConditionalRule>(s.admin, "POST", s.p.rules, {
      sourceTagId: second.id,
      targetTagId: first.id,
      action: "REQUIRE",
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);

    const version = await documentVersion(s.note.id);
    const saved = await call<DocumentTags>(s.admin, "PUT", s.p.documentTags(s.note.id), {
      version,
      tags: [
        { ...signature(s.borrower.id), id: first.id, x: 80 },
        signature(s.coBorrower.id, { page: 2 }),
        { ...signature(s.coBorrower.id), type: "DATE_SIGNED", page: 2, y: 760, height: 20 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.documentVersion).toBe(version + 1);
    expect(saved.body.records.map((tag) => [tag.page, tag.type, tag.participantId])).toEqual([
      [1, "SIGNATURE", s.borrower.id],
      [2, "SIGNATURE", s.coBorrower.id],
      [2, "DATE_SIGNED", s.coBorrower.id],
    ]);
    expect(saved.body.records[0]).toMatchObject({ id: first.id, x: 80 });
    expect(await db().tag.count({ where: { id: second.id } })).toBe(0);
    expect(await db().conditionalRule.count({ where: { packageId: s.pkg.id } })).toBe(0);

    const stale = await call(s.admin, "PUT", s.p.documentTags(s.note.id), { version, tags: [] });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);

    // one bad tag: nothing of the request is applied
    const bad = await call(s.admin, "PUT", s.p.documentTags(s.note.id), {
      version: version + 1,
      tags: [signature(s.borrower.id), signature(s.borrower.id, { width: 3 })],
    });
    expect([bad.status, bad.body.details?.[0]?.path]).toEqual([400, "tags.1.width"]);
    expect(await db().tag.count({ where: { documentId: s.note.id } })).toBe(3);
  });

  it("refuses rules that loop or repeat; EQUALS needs a value", async () => {
    const s = await prepared();
    const make = async (y: number) =>
      (await call<Tag>(s.admin, "POST", s.p.documentTags(s.note.id), { ...signature(s.borrower.id), type: "TEXT", y }))
        .body;
    const [a, b, c] = [await make(100), await make(200), await make(300)];
    const rule = (sourceTagId: string, targetTagId: string, extra: object = {}) =>
      call<ConditionalRule>(s.admin, "POST", s.p.rules, { sourceTagId, targetTagId, ...extra });
    expect((await rule(a.id, b.id)).status).toBe(201);
    expect((await rule(b.id, c.id)).status).toBe(201);
    const loop = await rule(c.id, a.id);
    expect([loop.status, loop.body.message]).toEqual([400, TAG_MESSAGES.ruleCycle]);
    const again = await rule(a.id, b.id);
    expect([again.status, again.body.message]).toEqual([409, TAG_MESSAGES.ruleAlreadyExists]);
    const noValue = await rule(a.id, c.id, { condition: "EQUALS" });
    expect(noValue.status).toBe(400);
    const equals = await rule(a.id, c.id, { condition: "EQUALS", value: "yes", action: "REQUIRE" });
    expect(equals.body).toMatchObject({ condition: "EQUALS", value: "yes", action: "REQUIRE" });
    const listed = await call<{ count: number }>(s.admin, "GET", s.p.rules);
    expect(listed.body.count).toBe(3);
    expect((await call(s.admin, "DELETE", s.p.rule(equals.body.id))).status).toBe(204);
    const missing = await call(s.admin, "DELETE", s.p.rule(equals.body.id));
    expect([missing.status, missing.body.message]).toEqual([404, TAG_MESSAGES.ruleNotFound]);
  });

  it("removing a participant deletes its tags", async () => {
    const s = await prepared();
    await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.coBorrower.id));
    const removed = await s.admin.request(
      "DELETE",
      `${s.paths.participant(s.pkg.id, s.coBorrower.id)}?version=${s.coBorrower.version}`,
    );
    expect(removed.status).toBe(204);
    expect(await db().tag.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });

  it("refuses every tag change once the package was sent", async () => {
    const s = await prepared();
    const tag = (await call<Tag>(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.borrower.id))).body;
    await db().package.update({ where: { id: s.pkg.id }, data: { status: "AVAILABLE_TO_SIGNERS" } });
    const changes: [string, string, object | undefined][] = [
      ["POST", s.p.documentTags(s.note.id), signature(s.borrower.id)],
      ["PATCH", s.p.tag(tag.id), { version: tag.version, x: 10 }],
      ["DELETE", `${s.p.tag(tag.id)}?version=${tag.version}`, undefined],
      ["PUT", s.p.documentTags(s.note.id), { version: await documentVersion(s.note.id), tags: [] }],
      ["POST", s.p.rules, { sourceTagId: tag.id, targetTagId: tag.id }],
      ["PUT", s.p.documentParticipants, { documentId: s.note.id, participantId: s.borrower.id, executionType: null }],
    ];
    for (const [method, path, json] of changes) {
      const reply = await call(s.admin, method, path, json);
      if (path === s.p.rules) expect(reply.status).toBe(400);
      else expect([reply.status, reply.body.message], `${method} ${path}`).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    }
    expect(await db().tag.count({ where: { packageId: s.pkg.id } })).toBe(1);
  });
});

describe("leaving E-Sign deletes tags only after confirmation", () => {
  it("for a document's execution type", async () => {
    const s = await prepared();
    await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.borrower.id));
    await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.coBorrower.id, { y: 600 }));
    const version = await documentVersion(s.note.id);
    const unconfirmed = await call(s.admin, "PATCH", s.p.document(s.note.id), { version, executionType: "View Only" });
    expect([unconfirmed.status, unconfirmed.body.code, unconfirmed.body.message]).toEqual([
      409,
      "CONFIRMATION_REQUIRED",
      DOCUMENT_MESSAGES.clearTagsConfirm,
    ]);
    expect(unconfirmed.body.details).toEqual([{ path: "confirmTagRemoval", message: "2 tags would be deleted." }]);
    expect(await db().tag.count({ where: { documentId: s.note.id } })).toBe(2);

    const confirmed = await call<Document>(s.admin, "PATCH", s.p.document(s.note.id), {
      version,
      executionType: "PAPER",
      confirmTagRemoval: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.executionType).toBe("PAPER");
    expect(await db().tag.count({ where: { documentId: s.note.id } })).toBe(0);

    // nothing to delete: no confirmation needed
    const back = await call<Document>(s.admin, "PATCH", s.p.document(s.note.id), {
      version: confirmed.body.version,
      executionType: "E_SIGN",
    });
    const away = await call(s.admin, "PATCH", s.p.document(s.note.id), {
      version: back.body.version,
      executionType: "VIEW_ONLY",
    });
    expect(away.status).toBe(200);
  });

  it("for one participant on one document (document-participants)", async () => {
    const s = await prepared();
    await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.borrower.id));
    await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.coBorrower.id, { y: 600 }));
    const change = { documentId: s.note.id, participantId: s.borrower.id, executionType: "VIEW_ONLY" };
    const unconfirmed = await call(s.admin, "PUT", s.p.documentParticipants, change);
    expect([unconfirmed.status, unconfirmed.body.code]).toEqual([409, "CONFIRMATION_REQUIRED"]);
    expect(unconfirmed.body.details).toEqual([{ path: "confirmTagRemoval", message: "1 tag would be deleted." }]);

    const confirmed = await call(s.admin, "PUT", s.p.documentParticipants, { ...change, confirmTagRemoval: true });
    expect(confirmed.status).toBe(200);
    const list = await call<DocumentParticipantList>(s.admin, "GET", s.p.documentParticipants);
    expect(list.body.count).toBe(4);
    expect(
      list.body.records.map((entry) => [entry.documentId, entry.participantId, entry.executionType, entry.inherited]),
    ).toEqual([
      [s.note.id, s.borrower.id, "VIEW_ONLY", false],
      [s.note.id, s.coBorrower.id, "E_SIGN", true],
      [s.disclosure.id, s.borrower.id, "E_SIGN", true],
      [s.disclosure.id, s.coBorrower.id, "E_SIGN", true],
    ]);
    expect(list.body.records[1]?.tagCount).toBe(1);

    const reset = await call(s.admin, "PUT", s.p.documentParticipants, { ...change, executionType: null });
    expect(reset.body).toMatchObject({ executionType: "E_SIGN", inherited: true });
    const invalid = await call(s.admin, "PUT", s.p.documentParticipants, { ...change, executionType: "Fax" });
    expect(invalid.status).toBe(400);
  });
});

describe("send needs a signature tag for every signer", () => {
  it("names each e-signer without one; a viewer needs none", async () => {
    const s = await prepared();
    const problems = () => db().$transaction((tx) => signatureTagProblems(tx, s.pkg.id));
    expect((await problems()).map((problem) => problem.message)).toEqual([
      `BORROWER 1 ${TAG_MESSAGES.signatureTagMissing}`,
      `CO-BORROWER 1 ${TAG_MESSAGES.signatureTagMissing}`,
    ]);
    // an initials tag is not a signature
    await call(s.admin, "POST", s.p.documentTags(s.note.id), { ...signature(s.borrower.id), type: "INITIALS" });
    await call(s.admin, "POST", s.p.documentTags(s.disclosure.id), signature(s.borrower.id));
    for (const document of [s.note, s.disclosure]) {
      await call(s.admin, "PUT", s.p.documentParticipants, {
        documentId: document.id,
        participantId: s.coBorrower.id,
        executionType: "VIEW_ONLY",
      });
    }
    expect(await problems()).toEqual([]);

    const version = (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).version;
    const sent = await call<Package>(s.admin, "POST", s.p.send, { version });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe("AVAILABLE_TO_SIGNERS");
  });

  it("refuses to send while a signer lacks one", async () => {
    const s = await prepared();
    await call(s.admin, "POST", s.p.documentTags(s.note.id), signature(s.borrower.id));
    const version = (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).version;
    const refused = await call<Package>(s.admin, "POST", s.p.send, { version });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { path: `participants.${s.coBorrower.id}`, message: `CO-BORROWER 1 ${TAG_MESSAGES.signatureTagMissing}` },
    ]);
  });
});
