import { type RecentContactList, routes } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  addParticipant,
  createPackage,
  memberOfNewGroup,
  OFFICER,
  packageOrg,
  VIEWER,
} from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 33 §3: the people of earlier packages, offered when a sender adds participants.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

const db = () => app.server.db;
const url = (organizationId: string, text?: string) =>
  `/api/v1/organizations/${organizationId}/recent-contacts${text === undefined ? "" : `?text=${encodeURIComponent(text)}`}`;
const names = (list: RecentContactList) => list.records.map((contact) => `${contact.givenName} ${contact.familyName}`);

describe("GET recent-contacts", () => {
  it("lists each person of the organization's packages once, most recently added first, with what they were last", async () => {
    expect(routes.listRecentContacts.path).toBe("/organizations/:orgId/recent-contacts");
    const { org, admin, paths } = await packageOrg(db(), app.url);
    const disclosures = await createPackage(admin, paths, { name: "Rivera: initial disclosures" });
    await addParticipant(admin, paths, disclosures.id, {
      type: "Borrower",
      givenName: "Maria",
      familyName: "Rivera",
      email: "maria@example.com",
    });
    await addParticipant(admin, paths, disclosures.id, {
      type: "Viewer",
      role: "VIEWER",
      givenName: "Sam",
      familyName: "Title",
      email: "sam@title.example.com",
    });
    await addParticipant(admin, paths, disclosures.id, { type: "Loan Officer", accessMethod: "API" });
    const closing = await createPackage(admin, paths, { name: "Rivera: closing" });
    await addParticipant(admin, paths, closing.id, {
      type: "Co-Borrower",
      givenName: "Maria",
      familyName: "Rivera",
      email: "maria@example.com",
      phoneNumber: "312-555-0100",
    });

    const all = await admin.request<RecentContactList>("GET", url(org.organizationId));
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    // nobody without an email (the API participant), and Maria once, as she was added last
    expect(names(all.body)).toEqual(["Maria Rivera", "Sam Title"]);
    expect(all.body.records[0]).toMatchObject({
      type: "Co-Borrower",
      role: "SIGNER",
      email: "maria@example.com",
      phoneNumber: "3125550100",
      accessMethod: "EMAIL",
    });
    expect(all.body.records[1]).toMatchObject({ type: "Viewer", role: "VIEWER", email: "sam@title.example.com" });

    const found = await admin.request<RecentContactList>("GET", url(org.organizationId, "TITLE.example"));
    expect(names(found.body)).toEqual(["Sam Title"]);
    const byName = await admin.request<RecentContactList>("GET", url(org.organizationId, "riv"));
    expect(names(byName.body)).toEqual(["Maria Rivera"]);
  });

  it("offers nobody from another organization, nor from packages the caller cannot see", async () => {
    const own = await packageOrg(db(), app.url);
    const other = await packageOrg(db(), app.url);
    const theirs = await createPackage(other.admin, other.paths);
    await addParticipant(other.admin, other.paths, theirs.id, {
      type: "Borrower",
      givenName: "Eve",
      familyName: "Elsewhere",
      email: "eve@example.com",
    });
    const ours = await createPackage(own.admin, own.paths);
    await addParticipant(own.admin, own.paths, ours.id, {
      type: "Borrower",
      givenName: "Olga",
      familyName: "Own",
      email: "olga@example.com",
    });

    const mine = await own.admin.request<RecentContactList>("GET", url(own.org.organizationId, "eve"));
    expect(names(mine.body)).toEqual([]);
    const foreign = await own.admin.request("GET", url(other.org.organizationId));
    expect(foreign.status).toBe(404);

    // an officer of another group sees none of the admin's packages, so none of their people
    const officer = await memberOfNewGroup(own.org, app.url, OFFICER);
    const officers = await officer.client.request<RecentContactList>("GET", url(own.org.organizationId));
    expect(officers.status, JSON.stringify(officers.body)).toBe(200);
    expect(names(officers.body)).toEqual([]);
    const everyone = await own.admin.request<RecentContactList>("GET", url(own.org.organizationId));
    expect(names(everyone.body)).toEqual(["Olga Own"]);
  });

  it("is refused to someone who may not build packages", async () => {
    const { org } = await packageOrg(db(), app.url);
    const reader = await memberOfNewGroup(org, app.url, VIEWER);
    const reply = await reader.client.request("GET", url(org.organizationId));
    expect(reply.status, JSON.stringify(reply.body)).toBe(403);
  });
});
