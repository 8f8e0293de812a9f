import { fillPath, PACKAGE_ACTION_MESSAGES, routes, routeUrl, type SendCheck } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  packageOrg,
  withSignableDocument,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §6 step 4: the review shows everything that stops the send, from the same checks as the send.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const checkPath = (orgId: string, packageId: string) => fillPath(routeUrl(routes.getSendCheck), { orgId, packageId });

describe("GET send-check", () => {
  it("lists what is missing, then answers ready once the package can be sent", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const pkg = await createPackage(org.admin, org.paths, { name: "Refinance" });
    const path = checkPath(org.org.organizationId, pkg.id);

    const empty = await org.admin.request<SendCheck>("GET", path);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      ready: false,
      problems: [
        { path: "documents", message: PACKAGE_ACTION_MESSAGES.noDocuments },
        { path: "participants", message: PACKAGE_ACTION_MESSAGES.noParticipants },
      ],
      warnings: [],
    });

    await addParticipant(org.admin, org.paths, pkg.id, {
      type: "Borrower",
      givenName: "Ann",
      familyName: "Lee",
      email: "ann@example.com",
    });
    await withSignableDocument(app.server.db, org.org.organizationId, pkg.id);
    const ready = await org.admin.request<SendCheck>("GET", path);
    expect(ready.body).toEqual({ ready: true, problems: [], warnings: [] });
    // checking changes nothing
    const row = await app.server.db.package.findUniqueOrThrow({ where: { id: pkg.id } });
    expect(row.status).toBe("STARTED");
  });

  it("needs VIEW_DOCUMENTS_PACKAGES", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const pkg = await createPackage(org.admin, org.paths, { name: "Purchase" });
    const outsider = await memberOfNewGroup(org.org, app.url, ["VIEW_ADMIN_SETTINGS"]);
    const reply = await outsider.client.request("GET", checkPath(org.org.organizationId, pkg.id));
    expect(reply.status).toBe(403);
  });
});
