import {
  DATA_COLLECTION_MESSAGES,
  type DataCollectionField,
  type DataCollectionGroup,
  dataCollectionRoutes,
  fillPath,
  PACKAGE_MESSAGES,
  type RouteDef,
  routeUrl,
  type Stip,
} from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  packageAuditTypes,
  packageOrg,
  VIEWER,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §5: data-collection groups and fields, and signer uploads (stips), on an unsent package.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

type Reply<T> = { status: number; body: T & { message: string; details?: { path: string }[] } };
const call = <T>(client: HttpClient, method: string, path: string, json?: object) =>
  client.request<T>(method, path, json === undefined ? {} : { json }) as Promise<Reply<T>>;

async function setup() {
  const context = await packageOrg(db(), app.url);
  const pkg = await createPackage(context.admin, context.paths, { name: "Okafor purchase" });
  const borrower = await addParticipant(context.admin, context.paths, pkg.id, { type: "Borrower", email: "b@x.io" });
  const base = { orgId: context.org.organizationId, packageId: pkg.id };
  const path = (route: RouteDef, extra: Record<string, string> = {}) =>
    fillPath(routeUrl(route), { ...base, ...extra });
  return { ...context, pkg, borrower, path };
}

describe("data-collection groups and fields", () => {
  it("creates in order, changes at the version, and deletes a group with its fields", async () => {
    const s = await setup();
    const groups = s.path(dataCollectionRoutes.listDataCollectionGroups);
    const income = await call<DataCollectionGroup>(s.admin, "POST", groups, { name: "Income" });
    const assets = await call<DataCollectionGroup>(s.admin, "POST", groups, { name: "Assets", description: "Banks" });
    expect([income.status, income.body.orderSequence, assets.body.orderSequence]).toEqual([201, 1, 2]);

    const fields = s.path(dataCollectionRoutes.listDataCollectionFields);
    const field = (body: object) => call<DataCollectionField>(s.admin, "POST", fields, body);
    const employer = await field({ groupId: income.body.id, participantId: s.borrower.id, label: "Employer" });
    const kind = await field({
      groupId: income.body.id,
      participantId: s.borrower.id,
      label: "Kind",
      type: "SELECT",
      options: ["Salary", "Self-employed"],
      required: true,
    });
    expect([employer.status, employer.body.orderSequence, kind.body.orderSequence]).toEqual([201, 1, 2]);
    expect(kind.body).toMatchObject({ type: "SELECT", options: ["Salary", "Self-employed"], required: true });
    const noOptions = await field({
      groupId: income.body.id,
      participantId: s.borrower.id,
      label: "X",
      type: "SELECT",
    });
    expect([noOptions.status, noOptions.body.message]).toEqual([400, DATA_COLLECTION_MESSAGES.optionsRequired]);

    const one = s.path(dataCollectionRoutes.getDataCollectionField, { fieldId: employer.body.id });
    const moved = await call<DataCollectionField>(s.admin, "PATCH", one, { version: 1, groupId: assets.body.id });
    expect(moved.body).toMatchObject({ groupId: assets.body.id, orderSequence: 1, version: 2 });
    const stale = await call(s.admin, "PATCH", one, { version: 1, label: "Late" });
    expect([stale.status, stale.body.message]).toEqual([409, PACKAGE_MESSAGES.versionNotMatched]);

    const renamed = await call<DataCollectionGroup>(
      s.admin,
      "PATCH",
      s.path(dataCollectionRoutes.getDataCollectionGroup, { groupId: income.body.id }),
      { version: 1, name: "Employment" },
    );
    expect(renamed.body).toMatchObject({ name: "Employment", version: 2 });
    const staleDelete = await call(
      s.admin,
      "DELETE",
      `${s.path(dataCollectionRoutes.deleteDataCollectionGroup, { groupId: income.body.id })}?version=1`,
    );
    expect(staleDelete.status).toBe(409);
    const deleted = await call(
      s.admin,
      "DELETE",
      `${s.path(dataCollectionRoutes.deleteDataCollectionGroup, { groupId: income.body.id })}?version=2`,
    );
    expect(deleted.status).toBe(204);
    const left = await call<{ records: DataCollectionField[] }>(s.admin, "GET", fields);
    expect(left.body.records.map((record) => record.label)).toEqual(["Employer"]);

    expect(await packageAuditTypes(db(), s.pkg.id)).toEqual(
      expect.arrayContaining([
        "data-collection-group.created",
        "data-collection-field.created",
        "data-collection-field.updated",
        "data-collection-group.updated",
        "data-collection-group.deleted",
      ]),
    );
    expect((await verifyAuditChain(db(), "package", s.pkg.id)).valid).toBe(true);
  });
});

describe("mapping an answer to a custom field", () => {
  it("takes an active PACKAGE field of the organization and refuses a DOCUMENT or archived one", async () => {
    const s = await setup();
    const orgId = s.org.organizationId;
    const define = async (body: object) =>
      (await call<{ id: string }>(s.admin, "POST", `/api/v1/organizations/${orgId}/custom-fields`, body)).body.id;
    const income = await define({ customFieldId: "income", name: "Income" });
    const docCode = await define({ customFieldId: "docCode", name: "Doc code", scope: "DOCUMENT" });
    const group = await call<DataCollectionGroup>(
      s.admin,
      "POST",
      s.path(dataCollectionRoutes.listDataCollectionGroups),
      {
        name: "Income",
      },
    );
    const fields = s.path(dataCollectionRoutes.listDataCollectionFields);
    const field = (customFieldId: string) =>
      call<DataCollectionField>(s.admin, "POST", fields, {
        groupId: group.body.id,
        participantId: s.borrower.id,
        label: "Monthly income",
        type: "NUMBER",
        customFieldId,
      });
    const mapped = await field(income);
    expect([mapped.status, mapped.body.customFieldId]).toEqual([201, income]);
    expect((await field(docCode)).status).toBe(404);
    await call(s.admin, "DELETE", `/api/v1/organizations/${orgId}/custom-fields/${income}?version=1`);
    expect((await field(income)).status).toBe(404);
  });
});

describe("stips", () => {
  it("asks a participant for files, changes and deletes at the version", async () => {
    const s = await setup();
    const stips = s.path(dataCollectionRoutes.listStips);
    const payStub = await call<Stip>(s.admin, "POST", stips, { participantId: s.borrower.id, name: "Pay stub" });
    const w2 = await call<Stip>(s.admin, "POST", stips, {
      participantId: s.borrower.id,
      name: "W-2",
      description: "Last two years",
      required: false,
    });
    expect(payStub.body).toMatchObject({ required: true, orderSequence: 1, version: 1 });
    expect(w2.body).toMatchObject({ required: false, orderSequence: 2, description: "Last two years" });
    const one = s.path(dataCollectionRoutes.getStip, { stipId: payStub.body.id });
    const changed = await call<Stip>(s.admin, "PATCH", one, { version: 1, required: false });
    expect(changed.body).toMatchObject({ required: false, version: 2 });
    expect((await call(s.admin, "PATCH", one, { version: 1, name: "x" })).status).toBe(409);
    expect((await call(s.admin, "DELETE", `${one}?version=2`)).status).toBe(204);
    const gone = await call(s.admin, "GET", one);
    expect([gone.status, gone.body.message]).toEqual([404, DATA_COLLECTION_MESSAGES.stipNotFound]);
    const listed = await call<{ records: Stip[] }>(s.admin, "GET", stips);
    expect(listed.body.records.map((stip) => stip.name)).toEqual(["W-2"]);
    expect(await packageAuditTypes(db(), s.pkg.id)).toEqual(
      expect.arrayContaining(["stip.created", "stip.updated", "stip.deleted"]),
    );
  });
});

describe("rules shared by every package write", () => {
  it("refuses writes once the package was sent and to members who may only view", async () => {
    const s = await setup();
    const stips = s.path(dataCollectionRoutes.listStips);
    const groups = s.path(dataCollectionRoutes.listDataCollectionGroups);
    const viewer = await memberOfNewGroup(s.org, app.url, VIEWER);
    await db().packageGroup.create({
      data: { packageId: s.pkg.id, groupId: viewer.group.id, organizationId: s.org.organizationId },
    });
    expect((await call(viewer.client, "GET", stips)).status).toBe(200);
    expect((await call(viewer.client, "POST", stips, { participantId: s.borrower.id, name: "x" })).status).toBe(403);

    await db().package.update({ where: { id: s.pkg.id }, data: { status: "AVAILABLE_TO_SIGNERS" } });
    const stip = await call(s.admin, "POST", stips, { participantId: s.borrower.id, name: "Pay stub" });
    expect([stip.status, stip.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    const group = await call(s.admin, "POST", groups, { name: "Income" });
    expect([group.status, group.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
    expect(await db().stip.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });
});
