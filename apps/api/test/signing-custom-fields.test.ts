import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { openAndConsent, packageApi, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §2: what participants enter for custom fields — a CUSTOM_FIELD tag or a data-collection
// question mapped to a field — becomes the package's value of that field, checked by its definition
// and encrypted when the field is.

let app: TestApp;
const db = () => app.server.db;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

async function signingUrlToken(s: Awaited<ReturnType<typeof signablePackage>>, participantId: string) {
  const reply = await s.admin.request<{ signingURL: string }>(
    "POST",
    packageApi(s.org.organizationId, s.pkg.id).signingUrl(participantId),
    {
      json: {},
    },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return decodeURIComponent(new URL(reply.body.signingURL).pathname.split("/").pop()!);
}

describe("participants' answers to custom fields", () => {
  it("stores a question's answer and a custom-field tag as the package's values", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ada", email: "ada@example.com" }] });
    const orgId = s.org.organizationId;
    const define = async (body: object) => {
      const reply = await s.admin.request<{ id: string }>("POST", `/api/v1/organizations/${orgId}/custom-fields`, {
        json: body,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id;
    };
    const income = await define({
      customFieldId: "income",
      name: "Monthly income",
      dataType: "WHOLE_NUMBER",
      encrypted: true,
    });
    const employer = await define({ customFieldId: "employer", name: "Employer" });
    const [ada] = s.signers;
    const base = `/api/v9/organizations/${orgId}/packages/${s.pkg.id}`;
    const group = await s.admin.request<{ id: string }>("POST", `${base}/data-collection-groups`, {
      json: { name: "Income" },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const field = await s.admin.request<{ id: string }>("POST", `${base}/data-collection-fields`, {
      json: {
        groupId: group.body.id,
        participantId: ada!.id,
        label: "Monthly income",
        type: "NUMBER",
        required: true,
        customFieldId: income,
      },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const tag = await s.admin.request<{ id: string }>("POST", s.api.documentTags(s.document.id), {
      json: {
        participantId: ada!.id,
        type: "CUSTOM_FIELD",
        customFieldId: employer,
        page: 1,
        x: 72,
        y: 300,
        width: 160,
        height: 20,
      },
    });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    await sendPackage(s, db());

    const { client } = await openAndConsent(app.server.signingRoom!.url, await signingUrlToken(s, ada!.id));
    const wrong = await client.request("PUT", `/api/v1/signing/data-collection/${field.body.id}`, {
      json: { value: "4.5" },
    });
    expect(wrong.status).toBe(400);
    expect(await db().packageCustomField.count({ where: { packageId: s.pkg.id } })).toBe(0);

    const answered = await client.request("PUT", `/api/v1/signing/data-collection/${field.body.id}`, {
      json: { value: "5200" },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const filled = await client.request("PUT", `/api/v1/signing/tags/${tag.body.id}`, { json: { value: "Acme Bank" } });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);

    const stored = await db().packageCustomField.findMany({ where: { packageId: s.pkg.id } });
    const incomeRow = stored.find((row) => row.customFieldId === income)!;
    expect(incomeRow.value).toBeNull();
    expect(app.server.deps.fieldCipher.decrypt(incomeRow.valueCiphertext!)).toBe("5200");
    expect(stored.find((row) => row.customFieldId === employer)?.value).toBe("Acme Bank");
    // the encrypted answer is in no audit event
    const audit = await db().auditEvent.findMany({ where: { streamType: "package", streamId: s.pkg.id } });
    expect(JSON.stringify(audit.map((event) => event.data))).not.toContain("5200");
  });
});
