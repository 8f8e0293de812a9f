import {
  alreadyExistsMessage,
  CUSTOM_FIELD_MESSAGES,
  type CustomField,
  type CustomFieldValue,
  type CustomFieldValueList,
  customFieldRoutes,
  fillPath,
  PACKAGE_MESSAGES,
  type RouteDef,
  routeUrl,
} from "@signet/contract";
import { verifyAuditChain } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  createPackage,
  memberOfNewGroup,
  OFFICER,
  type PackageOrg,
  packageOrg,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §5: organization custom field definitions, package and document values validated by
// them, encrypted values encrypted at rest, and tenancy for every route.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

type Reply<T> = { status: number; body: T & { message: string; code: string; details?: { path: string }[] } };
const url = (route: RouteDef, params: Record<string, string>) => fillPath(routeUrl(route), params);
const call = <T>(client: HttpClient, method: string, path: string, json?: object) =>
  client.request<T>(method, path, json === undefined ? {} : { json }) as Promise<Reply<T>>;

async function define(context: PackageOrg, body: object) {
  const reply = await call<CustomField>(
    context.admin,
    "POST",
    url(customFieldRoutes.createCustomField, { orgId: context.org.organizationId }),
    body,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

async function withPackage() {
  const context = await packageOrg(db(), app.url);
  const pkg = await createPackage(context.admin, context.paths, { name: "Okafor purchase" });
  const orgId = context.org.organizationId;
  const valuePath = (customFieldId: string) =>
    url(customFieldRoutes.setPackageCustomField, { orgId, packageId: pkg.id, customFieldId });
  const listPath = url(customFieldRoutes.listPackageCustomFields, { orgId, packageId: pkg.id });
  return { ...context, pkg, orgId, valuePath, listPath };
}

describe("custom field definitions", () => {
  it("creates, lists, changes and archives; names and keys are unique", async () => {
    const s = await withPackage();
    const loanNumber = await define(s, { customFieldId: "loanNumber", name: "Loan number", required: true });
    expect(loanNumber).toMatchObject({ scope: "PACKAGE", dataType: "TEXT", active: true, archived: false, version: 1 });
    const closing = await define(s, { customFieldId: "closingDate", name: "Closing date", dataType: "DATE" });
    expect(closing.dateFormat).toBe("DATE_MEDIUM");

    const list = url(customFieldRoutes.listCustomFields, { orgId: s.orgId });
    const again = await call(s.admin, "POST", list, { customFieldId: "other", name: "loan NUMBER" });
    expect([again.status, again.body.message]).toEqual([409, alreadyExistsMessage("custom field")]);
    const sameKey = await call(s.admin, "POST", list, { customFieldId: "loanNumber", name: "Other" });
    expect(sameKey.status).toBe(409);
    const noOptions = await call(s.admin, "POST", list, { customFieldId: "kind", name: "Kind", dataType: "SELECT" });
    expect([noOptions.status, noOptions.body.message]).toEqual([400, CUSTOM_FIELD_MESSAGES.optionsRequired]);

    const one = url(customFieldRoutes.getCustomField, { orgId: s.orgId, customFieldId: loanNumber.id });
    const changed = await call<CustomField>(s.admin, "PATCH", one, { version: 1, description: "From the LOS" });
    expect(changed.body).toMatchObject({ description: "From the LOS", version: 2 });
    const stale = await call(s.admin, "PATCH", one, { version: 1, description: "x" });
    expect(stale.status).toBe(409);

    const archived = await call<CustomField>(s.admin, "DELETE", `${one}?version=2`);
    expect(archived.body).toMatchObject({ archived: true, active: false });
    const listed = await call<{ records: CustomField[] }>(s.admin, "GET", list);
    expect(listed.body.records.map((field) => field.customFieldId)).toEqual(["closingDate"]);
    const all = await call<{ records: CustomField[] }>(s.admin, "GET", `${list}?includeArchived=true`);
    expect(all.body.records).toHaveLength(2);
    expect((await verifyAuditChain(db(), "organization", s.orgId)).valid).toBe(true);
  });

  it("lets package members read definitions but only settings managers define them", async () => {
    const s = await withPackage();
    const officer = await memberOfNewGroup(s.org, app.url, OFFICER);
    const list = url(customFieldRoutes.listCustomFields, { orgId: s.orgId });
    expect((await call(officer.client, "GET", list)).status).toBe(200);
    const refused = await call(officer.client, "POST", list, { customFieldId: "x", name: "X" });
    expect(refused.status).toBe(403);
  });
});

describe("package and document values", () => {
  it("validates values by type and range, shows dates in their format, and lists defaults", async () => {
    const s = await withPackage();
    const term = await define(s, {
      customFieldId: "termYears",
      name: "Term (years)",
      dataType: "WHOLE_NUMBER",
      minRangeWholeNumber: 1,
      maxRangeWholeNumber: 40,
      defaultValue: "30",
    });
    const closing = await define(s, {
      customFieldId: "closingDate",
      name: "Closing date",
      dataType: "DATE",
      dateFormat: "DATE_LONG",
    });
    await define(s, { customFieldId: "docCode", name: "Document code", scope: "DOCUMENT" });

    const listed = await call<CustomFieldValueList>(s.admin, "GET", s.listPath);
    expect(listed.body.records.map((value) => [value.key, value.value, value.isSet])).toEqual([
      ["closingDate", null, false],
      ["termYears", "30", false],
    ]);

    const tooLong = await call(s.admin, "PUT", s.valuePath(term.id), { value: "41" });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, CUSTOM_FIELD_MESSAGES.aboveMaximum(40)]);
    const set = await call<CustomFieldValue>(s.admin, "PUT", s.valuePath(term.id), { value: "15" });
    expect(set.body).toMatchObject({ value: "15", isSet: true, version: 1, documentId: null });
    const stored = await db().packageCustomField.findFirstOrThrow({ where: { customFieldId: term.id } });
    expect(set.body.packageCustomFieldId).toBe(stored.id);
    const date = await call<CustomFieldValue>(s.admin, "PUT", s.valuePath(closing.id), { value: "2026-12-04" });
    expect(date.body.displayValue).toBe("December 4, 2026");
    const badDate = await call(s.admin, "PUT", s.valuePath(closing.id), { value: "12/04/2026" });
    expect(badDate.status).toBe(400);

    const stale = await call(s.admin, "PUT", s.valuePath(term.id), { value: "20", version: 5 });
    expect([stale.status, stale.body.message]).toEqual([409, CUSTOM_FIELD_MESSAGES.alreadyCreatedOrVersionNotMatched]);
    const cleared = await call(s.admin, "DELETE", s.valuePath(term.id));
    expect(cleared.status).toBe(204);
    const gone = await call(s.admin, "DELETE", s.valuePath(term.id));
    expect([gone.status, gone.body.message]).toEqual([404, CUSTOM_FIELD_MESSAGES.notFound]);
  });

  it("stores encrypted values encrypted, never in the audit trail, and reads them back", async () => {
    const s = await withPackage();
    const ssn = await define(s, { customFieldId: "borrowerSsn", name: "Borrower SSN", encrypted: true });
    const set = await call<CustomFieldValue>(s.admin, "PUT", s.valuePath(ssn.id), { value: "123-45-6789" });
    expect(set.body).toMatchObject({ value: "123-45-6789", encrypted: true });
    const row = await db().packageCustomField.findFirstOrThrow({ where: { packageId: s.pkg.id } });
    expect(row.value).toBeNull();
    expect(row.valueCiphertext).not.toContain("6789");
    const [raw] = await db().$queryRaw<{ dump: string }[]>`
      SELECT row_to_json(p)::text AS dump FROM "PackageCustomField" p WHERE p."packageId" = ${s.pkg.id}::uuid`;
    expect(raw?.dump).not.toContain("123-45-6789");
    const events = await db().auditEvent.findMany({ where: { streamId: s.pkg.id } });
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain("6789");
    const listed = await call<CustomFieldValueList>(s.admin, "GET", s.listPath);
    expect(listed.body.records[0]?.value).toBe("123-45-6789");
  });

  it("refuses unknown, archived, other-scope and other-organization fields", async () => {
    const s = await withPackage();
    const other = await withPackage();
    const foreign = await define(other, { customFieldId: "foreign", name: "Foreign" });
    const docScope = await define(s, { customFieldId: "docCode", name: "Document code", scope: "DOCUMENT" });
    const old = await define(s, { customFieldId: "old", name: "Old" });
    await call(
      s.admin,
      "DELETE",
      `${url(customFieldRoutes.archiveCustomField, { orgId: s.orgId, customFieldId: old.id })}?version=1`,
    );

    const unknown = await call(s.admin, "PUT", s.valuePath(foreign.id), { value: "x" });
    expect([unknown.status, unknown.body.message]).toEqual([404, CUSTOM_FIELD_MESSAGES.notFound]);
    const wrongScope = await call(s.admin, "PUT", s.valuePath(docScope.id), { value: "x" });
    // spec §8's words, and ours in the detail
    expect([wrongScope.status, wrongScope.body.message]).toEqual([
      400,
      CUSTOM_FIELD_MESSAGES.alreadyCreatedOrTypeNotMatched,
    ]);
    expect(wrongScope.body.details).toEqual([{ path: "customFieldId", message: CUSTOM_FIELD_MESSAGES.wrongScope }]);
    const archived = await call(s.admin, "PUT", s.valuePath(old.id), { value: "x" });
    expect([archived.status, archived.body.message]).toEqual([404, CUSTOM_FIELD_MESSAGES.notFound]);
  });

  it("keeps document values per document and refuses changes once the package was sent", async () => {
    const s = await withPackage();
    const code = await define(s, { customFieldId: "docCode", name: "Document code", scope: "DOCUMENT" });
    const document = await withSignableDocument(db(), s.orgId, s.pkg.id);
    const params = { orgId: s.orgId, packageId: s.pkg.id, documentId: document.id };
    const path = url(customFieldRoutes.setDocumentCustomField, { ...params, customFieldId: code.id });
    const set = await call<CustomFieldValue>(s.admin, "PUT", path, { value: "1003" });
    expect(set.body).toMatchObject({ key: "docCode", value: "1003", documentId: document.id });
    const listed = await call<CustomFieldValueList>(
      s.admin,
      "GET",
      url(customFieldRoutes.listDocumentCustomFields, params),
    );
    expect(listed.body.records.map((value) => value.value)).toEqual(["1003"]);

    await db().package.update({ where: { id: s.pkg.id }, data: { status: "AVAILABLE_TO_SIGNERS" } });
    const frozen = await call(s.admin, "PUT", path, { value: "2000" });
    expect([frozen.status, frozen.body.message]).toEqual([409, PACKAGE_MESSAGES.notEditable]);
  });
});

describe("values of every type", () => {
  it.each([
    ["REAL_NUMBER", { minRangeRealNumber: 0.5, maxRangeRealNumber: 12.5 }, "3.875", "13", "3.875"],
    ["SELECT", { selectOptions: ["FHA", "VA"] }, "VA", "USDA", "VA"],
    ["BOOLEAN", {}, "true", "yes", "true"],
    ["EMAIL", {}, "Ann@Example.com", "ann@", "ann@example.com"],
    ["PHONE", {}, "(555) 123-4567", "555-1234", "5551234567"],
    ["WHOLE_NUMBER", {}, "-4", "4.5", "-4"],
    ["DATE", { dateFormat: "DATE_SHORT" }, "2026-11-23", "2026-13-01", "2026-11-23"],
  ])("%s: accepts a valid value and refuses an invalid one", async (dataType, extra, good, bad, stored) => {
    const s = await withPackage();
    const field = await define(s, { customFieldId: "field", name: "Field", dataType, ...extra });
    const refused = await call(s.admin, "PUT", s.valuePath(field.id), { value: bad });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details?.[0]?.path).toBe("value");
    const set = await call<CustomFieldValue>(s.admin, "PUT", s.valuePath(field.id), { value: good });
    expect([set.status, set.body.value]).toEqual([200, stored]);
    if (dataType === "DATE") expect(set.body.displayValue).toBe("11/23/2026");
    const row = await db().packageCustomField.findFirstOrThrow({ where: { packageId: s.pkg.id } });
    expect(row.value).toBe(stored);
  });

  it("refuses an empty value for a required field and an invalid default", async () => {
    const s = await withPackage();
    const field = await define(s, { customFieldId: "loan", name: "Loan", required: true });
    const empty = await call(s.admin, "PUT", s.valuePath(field.id), { value: " " });
    expect([empty.status, empty.body.message]).toEqual([400, CUSTOM_FIELD_MESSAGES.required]);
    const list = url(customFieldRoutes.listCustomFields, { orgId: s.orgId });
    const badDefault = await call(s.admin, "POST", list, {
      customFieldId: "term",
      name: "Term",
      dataType: "WHOLE_NUMBER",
      maxRangeWholeNumber: 10,
      defaultValue: "30",
    });
    expect([badDefault.status, badDefault.body.details?.[0]?.path]).toEqual([400, "defaultValue"]);
    const badRange = await call(s.admin, "POST", list, {
      customFieldId: "rate",
      name: "Rate",
      dataType: "REAL_NUMBER",
      minRangeRealNumber: 9,
      maxRangeRealNumber: 1,
    });
    expect([badRange.status, badRange.body.message]).toEqual([400, CUSTOM_FIELD_MESSAGES.rangeOrder]);
  });
});

describe("the package's effective custom fields", () => {
  it("lists active PACKAGE fields with the value or default; archived values stay readable elsewhere", async () => {
    const s = await withPackage();
    const term = await define(s, { customFieldId: "term", name: "Term", defaultValue: "30" });
    const old = await define(s, { customFieldId: "old", name: "Old" });
    await define(s, { customFieldId: "inactive", name: "Inactive", active: false });
    await define(s, { customFieldId: "docCode", name: "Doc code", scope: "DOCUMENT" });
    await call(s.admin, "PUT", s.valuePath(old.id), { value: "kept" });
    await call(
      s.admin,
      "DELETE",
      `${url(customFieldRoutes.archiveCustomField, { orgId: s.orgId, customFieldId: old.id })}?version=1`,
    );
    const frozen = await call(s.admin, "PUT", s.valuePath(old.id), { value: "changed" });
    expect([frozen.status, frozen.body.message]).toEqual([409, CUSTOM_FIELD_MESSAGES.archived]);
    const effective = await call<CustomFieldValueList>(
      s.admin,
      "GET",
      url(customFieldRoutes.listPackageEffectiveCustomFields, { orgId: s.orgId, packageId: s.pkg.id }),
    );
    expect(effective.body.records.map((value) => [value.key, value.value, value.isSet])).toEqual([
      ["term", "30", false],
    ]);
    expect(term.id).toBe(effective.body.records[0]?.customFieldId);
    const values = await call<CustomFieldValueList>(s.admin, "GET", s.listPath);
    expect(values.body.records.map((value) => [value.key, value.value])).toEqual([
      ["old", "kept"],
      ["term", "30"],
    ]);
  });
});
