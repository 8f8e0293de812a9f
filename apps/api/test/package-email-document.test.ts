import type { Package } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { createPackage, packageOrg, withSignableDocument } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Spec §3 email template config: the invitation may attach one of the package's own documents.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

describe("invitation attachment", () => {
  it("attaches a document of the package, clears it, and refuses another package's document with 404", async () => {
    const context = await packageOrg(db(), app.url);
    const pkg = await createPackage(context.admin, context.paths, { name: "Attachment" });
    const other = await createPackage(context.admin, context.paths, { name: "Other" });
    const document = await withSignableDocument(db(), context.org.organizationId, pkg.id);
    const foreign = await withSignableDocument(db(), context.org.organizationId, other.id);
    const patch = (version: number, emailDocumentId: string | null) =>
      context.admin.request<Package & { message: string }>("PATCH", context.paths.package(pkg.id), {
        json: { version, emailDocumentId },
      });

    const attached = await patch(pkg.version, document.id);
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.emailTemplate.documentId).toBe(document.id);

    const refused = await patch(attached.body.version, foreign.id);
    expect(refused.status).toBe(404);
    const unchanged = await context.admin.get<Package>(context.paths.package(pkg.id));
    expect(unchanged.body.emailTemplate.documentId).toBe(document.id);

    const cleared = await patch(attached.body.version, null);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.emailTemplate.documentId).toBeNull();
  });
});
