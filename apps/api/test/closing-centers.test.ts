import { Readable } from "node:stream";
import {
  CLOSING_CENTER_MESSAGES,
  type ClosingCenter,
  type ClosingCenterMember,
  type ClosingCenterShare,
  type ClosingCenterShareList,
  fillPath,
  type Package,
  type PackageStatusCounts,
  type RouteDef,
  routes,
  routeUrl,
  type WorkspacePackageList,
} from "@signet/contract";
import { buildUser } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, newUser, signedIn } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import { PASSWORD } from "./support/factories.ts";
import type { HttpClient } from "./support/http-client.ts";
import {
  createPackage,
  memberOfNewGroup,
  OFFICER,
  type PackageOrg,
  packageAuditTypes,
  packageOrg,
  VIEWER,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §3: closing centers, their users and package shares. A closing-center user sees only the
// packages shared with their closing center and does only what each share grants.

let app: TestApp;
let lender: PackageOrg;
let officer: Awaited<ReturnType<typeof memberOfNewGroup>>;

const url = (route: RouteDef, params: Record<string, string>, query?: Record<string, string>) =>
  fillPath(routeUrl(route), params) + (query ? `?${new URLSearchParams(query)}` : "");

async function turnOnClosingCenter(organizationId: string) {
  await app.server.db.organization.update({ where: { id: organizationId }, data: { enabledClosingCenter: true } });
}

async function newCenter(client: HttpClient, orgId: string, body: Record<string, unknown> = {}) {
  const reply = await client.request<ClosingCenter>("POST", url(routes.createClosingCenter, { orgId }), {
    json: { name: `Center ${Math.random().toString(36).slice(2, 8)}`, kind: "TITLE_AGENT", ...body },
  });
  if (reply.status !== 201) throw new Error(`create center: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A person who already has an account in the organization (no role), made a closing-center user. */
async function centerUser(client: HttpClient, orgId: string, closingCenterId: string) {
  const user = await newUser(app.server.db, orgId, "Tia", "Title");
  const reply = await client.request<ClosingCenterMember>(
    "POST",
    url(routes.inviteClosingCenterMember, { orgId, closingCenterId }),
    { json: { email: user.email, givenName: "Tia", familyName: "Title" } },
  );
  if (reply.status !== 201) throw new Error(`invite: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { user, member: reply.body, client: await signedIn(app.url, user.email) };
}

async function share(client: HttpClient, orgId: string, packageId: string, body: Record<string, unknown>) {
  return client.request<ClosingCenterShare>("POST", url(routes.shareWithClosingCenter, { orgId, packageId }), {
    json: body,
  });
}

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  lender = await packageOrg(app.server.db, app.url);
  await turnOnClosingCenter(lender.org.organizationId);
  officer = await memberOfNewGroup(lender.org, app.url, OFFICER);
});
afterAll(() => app?.close());

describe("the Closing Center flag", () => {
  it("answers 409 in plain words while the organization has Closing Center off", async () => {
    const other = await packageOrg(app.server.db, app.url);
    const orgId = other.org.organizationId;
    const list = await other.admin.request("GET", url(routes.listClosingCenters, { orgId }));
    expect(list.status).toBe(409);
    expect(list.body.message).toBe(CLOSING_CENTER_MESSAGES.featureOff);
    const create = await other.admin.request("POST", url(routes.createClosingCenter, { orgId }), {
      json: { name: "Acme Title", kind: "TITLE_AGENT" },
    });
    expect(create.status).toBe(409);
    expect(await app.server.db.closingCenter.count({ where: { organizationId: orgId } })).toBe(0);
    const pkg = await createPackage(other.admin, other.paths, { name: "Flag off" });
    const shares = await other.admin.request(
      "GET",
      url(routes.listPackageClosingCenters, { orgId, packageId: pkg.id }),
    );
    expect(shares.status).toBe(409);
  });
});

describe("closing centers", () => {
  const orgId = () => lender.org.organizationId;

  it("creates, reads, changes at a version and deletes a closing center, with audit events", async () => {
    const created = await lender.admin.request<ClosingCenter>(
      "POST",
      url(routes.createClosingCenter, { orgId: orgId() }),
      {
        json: {
          name: "  Harbor Settlement  ",
          kind: "SETTLEMENT_AGENT",
          contactEmail: "Desk@Harbor.example",
          contactPhone: "(555) 123-4567",
          city: "Portland",
        },
      },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toContain(created.body.id);
    expect(created.body).toMatchObject({
      name: "Harbor Settlement",
      kind: "SETTLEMENT_AGENT",
      contactEmail: "desk@harbor.example",
      contactPhone: "5551234567",
      city: "Portland",
      enabled: true,
      defaultPermissions: ["VIEW_PACKAGE", "DOWNLOAD_DOCUMENTS"],
      memberCount: 0,
      sharedPackageCount: 0,
      version: 1,
    });
    const id = created.body.id;
    const centerUrl = url(routes.getClosingCenter, { orgId: orgId(), closingCenterId: id });

    const duplicate = await lender.admin.request("POST", url(routes.createClosingCenter, { orgId: orgId() }), {
      json: { name: "harbor settlement", kind: "TITLE_AGENT" },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(CLOSING_CENTER_MESSAGES.nameTaken);

    const changed = await lender.admin.request<ClosingCenter>("PUT", centerUrl, {
      json: { version: 1, defaultPermissions: ["EDIT_PARTICIPANTS"], enabled: false },
    });
    expect(changed.status).toBe(200);
    // VIEW_PACKAGE is always granted: a share that cannot be seen grants nothing
    expect(changed.body).toMatchObject({
      version: 2,
      enabled: false,
      defaultPermissions: ["VIEW_PACKAGE", "EDIT_PARTICIPANTS"],
    });
    const stale = await lender.admin.request("PUT", centerUrl, { json: { version: 1, name: "Stale" } });
    expect(stale.status).toBe(409);
    expect((await lender.admin.request<ClosingCenter>("GET", centerUrl)).body.name).toBe("Harbor Settlement");

    const removed = await lender.admin.request("DELETE", `${centerUrl}?version=2`);
    expect(removed.status).toBe(204);
    expect((await lender.admin.request("GET", centerUrl)).status).toBe(404);
    const types = (
      await app.server.db.auditEvent.findMany({
        where: { streamType: "organization", streamId: orgId(), type: { startsWith: "closing-center." } },
        orderBy: { sequence: "asc" },
      })
    ).map((event) => event.type);
    expect(types).toEqual(["closing-center.created", "closing-center.disabled", "closing-center.deleted"]);
  });

  it.each([
    [{ name: "", kind: "TITLE_AGENT" }, "name"],
    [{ name: "No kind" }, "kind"],
    [{ name: "Bad kind", kind: "NOTARY" }, "kind"],
    [{ name: "Bad email", kind: "TITLE_AGENT", contactEmail: "not-an-email" }, "contactEmail"],
    [{ name: "Bad phone", kind: "TITLE_AGENT", contactPhone: "12" }, "contactPhone"],
    [{ name: "Bad grant", kind: "TITLE_AGENT", defaultPermissions: ["DELETE_PACKAGE"] }, "defaultPermissions"],
  ])("refuses %j (400 naming %s)", async (body, field) => {
    const reply = await lender.admin.request("POST", url(routes.createClosingCenter, { orgId: orgId() }), {
      json: body,
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain(field);
  });

  it("lets senders read closing centers (to share) but only settings admins change them", async () => {
    const center = await newCenter(lender.admin, orgId());
    expect((await officer.client.request("GET", url(routes.listClosingCenters, { orgId: orgId() }))).status).toBe(200);
    const create = await officer.client.request("POST", url(routes.createClosingCenter, { orgId: orgId() }), {
      json: { name: "Officer's own", kind: "TITLE_AGENT" },
    });
    expect(create.status).toBe(403);
    const change = await officer.client.request(
      "PUT",
      url(routes.updateClosingCenter, { orgId: orgId(), closingCenterId: center.id }),
      { json: { version: 1, name: "Renamed" } },
    );
    expect(change.status).toBe(403);
    const invite = await officer.client.request(
      "POST",
      url(routes.inviteClosingCenterMember, { orgId: orgId(), closingCenterId: center.id }),
      { json: { email: "someone@title.example", givenName: "Some", familyName: "One" } },
    );
    expect(invite.status).toBe(403);
  });
});

describe("closing-center users", () => {
  const orgId = () => lender.org.organizationId;

  it("invites a new address like any user, with no group and no role, and lists it as invited", async () => {
    const center = await newCenter(lender.admin, orgId());
    const reply = await lender.admin.request<ClosingCenterMember>(
      "POST",
      url(routes.inviteClosingCenterMember, { orgId: orgId(), closingCenterId: center.id }),
      { json: { email: "New.Closer@Title.example", givenName: "Nia", familyName: "Closer" } },
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ email: "new.closer@title.example", status: "INVITED", userId: null });
    const invitation = await app.server.db.userInvitation.findFirstOrThrow({
      where: { organizationId: orgId(), email: "new.closer@title.example" },
    });
    expect(invitation).toMatchObject({ status: "PENDING", groupId: null, roleIds: [] });
    const list = await lender.admin.request<{ records: ClosingCenterMember[] }>(
      "GET",
      url(routes.listClosingCenterMembers, { orgId: orgId(), closingCenterId: center.id }),
    );
    expect(list.body.records.map((member) => member.email)).toEqual(["new.closer@title.example"]);

    // the account the accepted invitation creates (as verifying it does) acts as the member at once
    await buildUser(app.server.db, {
      email: "new.closer@title.example",
      givenName: "Nia",
      familyName: "Closer",
      homeOrganizationId: orgId(),
      password: PASSWORD,
    });
    const joined = await lender.admin.request<{ records: ClosingCenterMember[] }>(
      "GET",
      url(routes.listClosingCenterMembers, { orgId: orgId(), closingCenterId: center.id }),
    );
    expect(joined.body.records[0]).toMatchObject({ status: "ACTIVE", userId: expect.any(String) });
    const nia = await signedIn(app.url, "new.closer@title.example");
    const permissions = await nia.request<{ closingCenter: { id: string } | null }>(
      "GET",
      url(routes.myPermissions, { orgId: orgId() }),
    );
    expect(permissions.body.closingCenter?.id).toBe(center.id);
  });

  it("adds a person with an account at once, and refuses members with roles and people of another center", async () => {
    const center = await newCenter(lender.admin, orgId());
    const other = await newCenter(lender.admin, orgId());
    const { member, user } = await centerUser(lender.admin, orgId(), center.id);
    expect(member).toMatchObject({ status: "ACTIVE", userId: user.id, enabled: true });

    const invite = (closingCenterId: string, email: string) =>
      lender.admin.request("POST", url(routes.inviteClosingCenterMember, { orgId: orgId(), closingCenterId }), {
        json: { email, givenName: "A", familyName: "B" },
      });
    const again = await invite(center.id, user.email);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CLOSING_CENTER_MESSAGES.userAlreadyExists);
    const elsewhere = await invite(other.id, user.email);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(CLOSING_CENTER_MESSAGES.memberOfOtherCenter);
    const officerInvite = await invite(center.id, officer.user.email);
    expect(officerInvite.status).toBe(409);
    expect(officerInvite.body.message).toBe(CLOSING_CENTER_MESSAGES.memberOfOrganization);
  });
});

describe("what a closing-center user sees and does", () => {
  const orgId = () => lender.org.organizationId;
  let center: ClosingCenter;
  let closer: Awaited<ReturnType<typeof centerUser>>;
  let shared: Package;
  let hidden: Package;
  let documentId: string;

  beforeAll(async () => {
    center = await newCenter(lender.admin, orgId(), { name: "Evergreen Title" });
    closer = await centerUser(lender.admin, orgId(), center.id);
    shared = await createPackage(officer.client, lender.paths, {
      name: "Okafor closing",
      groupIds: [officer.group.id],
    });
    hidden = await createPackage(officer.client, lender.paths, {
      name: "Okafor refinance",
      groupIds: [officer.group.id],
    });
    const uploaded = await upload(
      officer.client,
      url(routes.uploadDocument, { orgId: orgId(), packageId: shared.id }),
      fixturePdf("minimal-document.pdf"),
      { fileName: "Closing disclosure.pdf" },
    );
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
    documentId = (uploaded.body as { id: string }).id;
    const reply = await share(officer.client, orgId(), shared.id, { closingCenterId: center.id });
    if (reply.status !== 201) throw new Error(`share: ${reply.status} ${JSON.stringify(reply.body)}`);
  });

  const shareUrl = () =>
    url(routes.updateClosingCenterShare, { orgId: orgId(), packageId: shared.id, closingCenterId: center.id });
  async function grant(permissions: string[]) {
    const current = await officer.client.request<ClosingCenterShareList>(
      "GET",
      url(routes.listPackageClosingCenters, { orgId: orgId(), packageId: shared.id }),
    );
    const version = current.body.records.find((row) => row.closingCenterId === center.id)?.version;
    const reply = await officer.client.request<ClosingCenterShare>("PUT", shareUrl(), {
      json: { version, permissions },
    });
    expect(reply.status).toBe(200);
    return reply.body;
  }

  it("shares by the closing center's defaults, once, with the package's audit event", async () => {
    const list = await officer.client.request<ClosingCenterShareList>(
      "GET",
      url(routes.listPackageClosingCenters, { orgId: orgId(), packageId: shared.id }),
    );
    expect(list.body.records).toEqual([
      expect.objectContaining({
        closingCenterName: "Evergreen Title",
        permissions: ["VIEW_PACKAGE", "DOWNLOAD_DOCUMENTS"],
        sharedBy: expect.stringContaining("Test"),
      }),
    ]);
    expect(list.body.viewerClosingCenterId).toBeNull();
    const again = await share(officer.client, orgId(), shared.id, { closingCenterId: center.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: CLOSING_CENTER_MESSAGES.alreadyShared });
    expect(await packageAuditTypes(app.server.db, shared.id)).toContain("package.closing-center-shared");
  });

  it("refuses sharing to a viewer (403), to a sender outside the package's groups (404) and to a disabled center (409)", async () => {
    const outsider = await memberOfNewGroup(lender.org, app.url, OFFICER);
    // the outsider's own group does not hold the package: not visible at all
    expect((await share(outsider.client, orgId(), hidden.id, { closingCenterId: center.id })).status).toBe(404);
    const groupViewer = await memberOfNewGroup(lender.org, app.url, VIEWER);
    await app.server.db.packageGroup.create({
      data: { packageId: hidden.id, groupId: groupViewer.group.id, organizationId: orgId() },
    });
    expect((await share(groupViewer.client, orgId(), hidden.id, { closingCenterId: center.id })).status).toBe(403);
    const off = await newCenter(lender.admin, orgId(), { enabled: false });
    const disabled = await share(officer.client, orgId(), hidden.id, { closingCenterId: off.id });
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({ message: CLOSING_CENTER_MESSAGES.disabled });
    expect(await app.server.db.closingCenterShare.count({ where: { packageId: hidden.id } })).toBe(0);
  });

  it("lists, searches and counts only the shared package; the other is 404 like another organization's", async () => {
    const workspace = await closer.client.request<WorkspacePackageList>(
      "GET",
      url(routes.listWorkspacePackages, { orgId: orgId() }),
    );
    expect(workspace.status).toBe(200);
    expect(workspace.body.records.map((row) => row.id)).toEqual([shared.id]);
    const search = await closer.client.request<WorkspacePackageList>(
      "GET",
      url(routes.listWorkspacePackages, { orgId: orgId() }, { text: "refinance" }),
    );
    expect(search.body.count).toBe(0);
    const counts = await closer.client.request<PackageStatusCounts>(
      "GET",
      url(routes.packageStatusCounts, { orgId: orgId() }),
    );
    expect(Object.values(counts.body).reduce((sum, n) => sum + n, 0)).toBe(1);
    const pkg = (packageId: string) =>
      closer.client.request("GET", url(routes.getPackage, { orgId: orgId(), packageId }));
    expect((await pkg(shared.id)).status).toBe(200);
    expect((await pkg(hidden.id)).status).toBe(404);
    const docs = await closer.client.request<{ records: { id: string }[] }>(
      "GET",
      url(routes.listDocuments, { orgId: orgId(), packageId: shared.id }),
    );
    expect(docs.body.records.map((row) => row.id)).toEqual([documentId]);
    expect(
      (await closer.client.request("GET", url(routes.listDocuments, { orgId: orgId(), packageId: hidden.id }))).status,
    ).toBe(404);
    const permissions = await closer.client.request<{ closingCenter: unknown; permissions: number }>(
      "GET",
      url(routes.myPermissions, { orgId: orgId() }),
    );
    expect(permissions.body).toMatchObject({
      permissions: 0,
      closingCenter: { id: center.id, name: "Evergreen Title", kind: "TITLE_AGENT" },
    });
    const mine = await closer.client.request<ClosingCenterShareList>(
      "GET",
      url(routes.listPackageClosingCenters, { orgId: orgId(), packageId: shared.id }),
    );
    expect(mine.body).toMatchObject({ count: 1, viewerClosingCenterId: center.id });
  });

  it("is refused the administration API", async () => {
    for (const [route, params] of [
      [routes.listClosingCenters, { orgId: orgId() }],
      [routes.listClosingCenterMembers, { orgId: orgId(), closingCenterId: center.id }],
      [routes.listGroups, { orgId: orgId() }],
      [routes.listRoles, { orgId: orgId() }],
    ] as const) {
      const reply = await closer.client.request("GET", url(route, params));
      expect(reply.status, route.path).toBe(403);
    }
    const create = await closer.client.request("POST", lender.paths.packages, { json: { name: "Closer's own" } });
    expect(create.status).toBe(403);
    const unshare = await closer.client.request("DELETE", `${shareUrl()}?version=1`);
    expect(unshare.status).toBe(403);
  });

  it("downloads a document only with DOWNLOAD_DOCUMENTS", async () => {
    const download = () =>
      closer.client.request("GET", url(routes.downloadDocument, { orgId: orgId(), packageId: shared.id, documentId }));
    expect((await download()).status).toBe(200);
    await grant(["VIEW_PACKAGE"]);
    const refused = await download();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: CLOSING_CENTER_MESSAGES.notGranted });
  });

  it("edits participants only with EDIT_PARTICIPANTS", async () => {
    const add = () =>
      closer.client.request("POST", lender.paths.participants(shared.id), {
        json: { type: "Borrower", email: "ada@example.com" },
      });
    await grant(["VIEW_PACKAGE", "DOWNLOAD_DOCUMENTS"]);
    expect((await add()).status).toBe(403);
    await grant(["VIEW_PACKAGE", "EDIT_PARTICIPANTS"]);
    expect((await add()).status).toBe(201);
  });

  it("uploads documents only with UPLOAD_DOCUMENTS", async () => {
    const send = () =>
      upload(
        closer.client,
        url(routes.uploadDocument, { orgId: orgId(), packageId: shared.id }),
        fixturePdf("minimal-document.pdf"),
        { fileName: `Title commitment ${Math.random()}.pdf` },
      );
    await grant(["VIEW_PACKAGE"]);
    expect((await send()).status).toBe(403);
    await grant(["VIEW_PACKAGE", "UPLOAD_DOCUMENTS"]);
    expect((await send()).status).toBe(201);
  });

  it("sends reminders only with SEND_REMINDERS and marks paper executed only with MANAGE_PAPER", async () => {
    const remind = () =>
      closer.client.request("POST", url(routes.sendInvitationReminders, { orgId: orgId(), packageId: shared.id }), {
        json: {},
      });
    const version = async () =>
      (await officer.client.request<Package>("GET", url(routes.getPackage, { orgId: orgId(), packageId: shared.id })))
        .body.version;
    const finish = async () =>
      closer.client.request("POST", url(routes.finishPackage, { orgId: orgId(), packageId: shared.id }), {
        json: { version: await version() },
      });
    await grant(["VIEW_PACKAGE"]);
    expect((await remind()).status).toBe(403);
    expect((await finish()).status).toBe(403);
    await grant(["VIEW_PACKAGE", "SEND_REMINDERS", "MANAGE_PAPER"]);
    // granted: the request reaches the package's own rules (a draft has nothing to finish)
    expect((await remind()).status).not.toBe(403);
    const finished = await finish();
    expect(finished.status).toBe(409);
  });

  it("downloads a mailing's print set only with DOWNLOAD_DOCUMENTS and attaches a scan only with MANAGE_PAPER", async () => {
    // a mailing as the print-and-mail flow leaves it once the set was made (the flow is tested in print-mail)
    const printSet = fixturePdf("minimal-document.pdf");
    const blobKey = `print-sets/${orgId()}/${crypto.randomUUID()}.pdf`;
    const stored = await app.server.deps.storage.put(blobKey, Readable.from([printSet]));
    const mailing = await app.server.db.mailing.create({
      data: {
        organizationId: orgId(),
        packageId: shared.id,
        reason: "PAPER_DOCUMENTS",
        recipientName: "Ada Okafor",
        recipientAddress: {
          name: "Ada Okafor",
          line1: "1 Main St",
          city: "Springfield",
          state: "IL",
          postalCode: "62701",
        },
        printSetBlobKey: blobKey,
        printSetSha256: stored.sha256,
      },
    });
    const params = { orgId: orgId(), packageId: shared.id, mailingId: mailing.id };
    const download = () => closer.client.request("GET", url(routes.downloadPrintSet, params));
    const scan = () =>
      upload(closer.client, url(routes.uploadMailingScan, params), fixturePdf("minimal-document.pdf"), {
        fileName: "Signed closing disclosure.pdf",
      });
    await grant(["VIEW_PACKAGE"]);
    const refused = await download();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: CLOSING_CENTER_MESSAGES.notGranted });
    expect((await scan()).status).toBe(403);
    await grant(["VIEW_PACKAGE", "DOWNLOAD_DOCUMENTS", "MANAGE_PAPER"]);
    expect((await download()).status).toBe(200);
    expect((await scan()).status).toBe(201);
  });

  it("loses the package the moment the share is revoked, and sees nothing while disabled", async () => {
    // an endpoint that takes the closing-center events hears of the revoke and of the share again
    await app.server.db.webhookEndpoint.create({
      data: {
        organizationId: orgId(),
        url: "https://hooks.example.com/closing-centers",
        eventTypes: ["package.closing_center_shared", "package.closing_center_unshared"],
        secretEncrypted: app.server.deps.fieldCipher.encrypt("whsec_Y2xvc2luZy1jZW50ZXItd2ViaG9vay1zZWNyZXQ="),
      },
    });
    const current = await grant(["VIEW_PACKAGE"]);
    const revoked = await officer.client.request("DELETE", `${shareUrl()}?version=${current.version}`);
    expect(revoked.status).toBe(204);
    expect(
      (await closer.client.request("GET", url(routes.getPackage, { orgId: orgId(), packageId: shared.id }))).status,
    ).toBe(404);
    const empty = await closer.client.request<WorkspacePackageList>(
      "GET",
      url(routes.listWorkspacePackages, { orgId: orgId() }),
    );
    expect(empty.body.count).toBe(0);

    const reshared = await share(officer.client, orgId(), shared.id, { closingCenterId: center.id });
    expect(reshared.status).toBe(201);
    expect(
      (await closer.client.request("GET", url(routes.getPackage, { orgId: orgId(), packageId: shared.id }))).status,
    ).toBe(200);

    const disabled = await lender.admin.request<ClosingCenterMember>(
      "PATCH",
      url(routes.updateClosingCenterMember, { orgId: orgId(), closingCenterId: center.id, memberId: closer.member.id }),
      { json: { version: closer.member.version, enabled: false } },
    );
    expect(disabled.body.status).toBe("DISABLED");
    expect(
      (await closer.client.request("GET", url(routes.getPackage, { orgId: orgId(), packageId: shared.id }))).status,
    ).toBe(404);
    const none = await closer.client.request<WorkspacePackageList>(
      "GET",
      url(routes.listWorkspacePackages, { orgId: orgId() }),
    );
    expect(none.body.count).toBe(0);
    expect(await packageAuditTypes(app.server.db, shared.id)).toEqual(
      expect.arrayContaining(["package.closing-center-unshared", "package.closing-center-share-changed"]),
    );
    const events = await app.server.db.webhookEvent.findMany({
      where: { organizationId: orgId(), type: { startsWith: "package.closing_center" } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => event.type)).toEqual([
      "package.closing_center_unshared",
      "package.closing_center_shared",
    ]);
    expect(events[0]?.payload).toMatchObject({ data: { organizationId: orgId(), packageId: shared.id } });
  });
});
