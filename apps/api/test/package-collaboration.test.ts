import {
  type CollaborationLink,
  type CollaborationView,
  fillPath,
  PACKAGE_ACTION_MESSAGES,
  routes,
  routeUrl,
} from "@signet/contract";
import { signingRoomOrigin, verifyCollaborationToken } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { createPackage, memberOfNewGroup, packageOrg, VIEWER } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 4 §2: a signed, expiring signing-room link for package collaboration, only when the
// organization (enable_pkg_collaboration) and the package (packageCollaboration) both allow it.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const linkPath = (orgId: string, packageId: string) =>
  fillPath(routeUrl(routes.createCollaboration), { orgId, packageId });

describe("POST collaborations", () => {
  it("refuses until the organization and the package allow it, then answers a signed signing-room link", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const orgId = org.org.organizationId;
    const pkg = await createPackage(org.admin, org.paths, { name: "Shared" });
    const path = linkPath(orgId, pkg.id);

    const offForOrg = await org.admin.request<{ message: string }>("POST", path);
    expect([offForOrg.status, offForOrg.body.message]).toEqual([
      409,
      PACKAGE_ACTION_MESSAGES.collaborationDisabledForOrganization,
    ]);

    const settingsPath = fillPath(routeUrl(routes.updatePackageSettings), { orgId });
    expect((await org.admin.request("PATCH", settingsPath, { json: { enable_pkg_collaboration: true } })).status).toBe(
      200,
    );
    const offForPackage = await org.admin.request<{ message: string }>("POST", path);
    expect([offForPackage.status, offForPackage.body.message]).toEqual([
      409,
      PACKAGE_ACTION_MESSAGES.collaborationDisabledForPackage,
    ]);

    await app.server.db.package.update({ where: { id: pkg.id }, data: { packageCollaboration: true } });
    const reply = await org.admin.request<CollaborationLink>("POST", path);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const url = new URL(reply.body.collaborationURL);
    expect(url.origin).toBe(signingRoomOrigin(app.server.config));
    const token = url.searchParams.get("token") ?? "";
    const key = app.server.deps.linkKey as Buffer;
    expect(verifyCollaborationToken(key, token)).toMatchObject({ organizationId: orgId, packageId: pkg.id });
    // tampered or expired tokens are refused
    expect(verifyCollaborationToken(key, `${token}x`)).toBeNull();
    expect(verifyCollaborationToken(key, token, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBeNull();

    const audit = await app.server.db.auditEvent.findFirstOrThrow({
      where: { streamType: "package", streamId: pkg.id, type: "package.collaboration-link-created" },
    });
    expect(JSON.stringify(audit.data)).not.toContain(token);

    // issue 5 §3: the link opens a read-only view of the package on the signing origin
    const signingUrl = app.server.signingRoom!.url;
    const view = await fetch(`${signingUrl}/api/v1/signing/collaboration/${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    const body = (await view.json()) as CollaborationView;
    expect(body.package).toMatchObject({ id: pkg.id, name: "Shared", status: "STARTED" });
    expect(body.participants).toEqual([]);
    expect((await fetch(`${signingUrl}/api/v1/signing/collaboration/${encodeURIComponent(`${token}x`)}`)).status).toBe(
      410,
    );
    // the organization turning collaboration off closes links already given
    expect((await org.admin.request("PATCH", settingsPath, { json: { enable_pkg_collaboration: false } })).status).toBe(
      200,
    );
    expect((await fetch(`${signingUrl}/api/v1/signing/collaboration/${encodeURIComponent(token)}`)).status).toBe(410);
  });

  it("needs MANAGE_DOCUMENTS_PACKAGES", async () => {
    const org = await packageOrg(app.server.db, app.url);
    const pkg = await createPackage(org.admin, org.paths, { name: "Viewed" });
    const viewer = await memberOfNewGroup(org.org, app.url, VIEWER);
    expect((await viewer.client.request("POST", linkPath(org.org.organizationId, pkg.id))).status).toBe(403);
  });
});
