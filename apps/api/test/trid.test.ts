import { fillPath, type Package, routes, routeUrl, TRID_MESSAGES, type WorkspacePackage } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { createPackage, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §1: TRID fields set through PATCH package, the legal dates computed in the Package view
// (DOMAIN.md §5 fixtures), refused for an organization without TRID, the TRID settings (default
// expiration days, lender calendar) and the workspace's at-risk flag.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());

async function tridOrg(enabled = true) {
  const org = await packageOrg(app.server.db, app.url);
  await app.server.db.organization.update({
    where: { id: org.org.organizationId },
    data: { enabledTrid: enabled },
  });
  return org;
}

type Org = Awaited<ReturnType<typeof tridOrg>>;

async function patch(org: Org, pkg: Package, body: object) {
  return org.admin.request<Package & { message?: string; errors?: { path: string }[] }>(
    "PATCH",
    org.paths.package(pkg.id),
    { json: { version: pkg.version, ...body } },
  );
}

describe("TRID packages", () => {
  it("fixture 1: a Loan Estimate mailed on its due date — received Fri 01-09, earliest consummation Wed 01-14", async () => {
    const org = await tridOrg();
    const pkg = await createPackage(org.admin, org.paths, { name: "LE" });
    expect(pkg.trid).toMatchObject({ tridPackageType: null, tridExpirationDays: 10 });
    const reply = await patch(org, pkg, {
      tridPackageType: "LOAN_ESTIMATE",
      tridMilestoneApplication: "2025-12-31",
      tridDeliveryMethod: "MAIL",
      tridSentAt: "2026-01-06",
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.trid).toMatchObject({
      tridPackageType: "LOAN_ESTIMATE",
      tridMilestoneApplication: "2025-12-31",
      tridSentAt: "2026-01-06",
      tridExpirationDate: "2026-01-21",
      dates: { loanEstimateDue: "2026-01-06", deemedReceived: "2026-01-09", earliestConsummation: "2026-01-14" },
    });
    // read back through GET too
    const read = await org.admin.request<Package>("GET", org.paths.package(pkg.id));
    expect(read.body.trid.dates.earliestConsummation).toBe("2026-01-14");
  });

  it("fixture 2: a Closing Disclosure e-mailed Wed 07-01 is received Mon 07-06; in person Thu 07-02 closes Tue 07-07", async () => {
    const org = await tridOrg();
    const pkg = await createPackage(org.admin, org.paths, { name: "CD" });
    const emailed = await patch(org, pkg, {
      tridPackageType: "CLOSING_DISCLOSURE",
      tridDeliveryMethod: "ELECTRONIC",
      tridSentAt: "2026-07-01",
      tridMilestoneConsummation: "2026-07-09",
    });
    expect(emailed.status, JSON.stringify(emailed.body)).toBe(200);
    expect(emailed.body.trid.dates).toMatchObject({
      deemedReceived: "2026-07-06",
      earliestConsummation: "2026-07-09",
      consummationTooEarly: false,
    });
    const inPerson = await patch(org, emailed.body, { tridDeliveryMethod: "IN_PERSON", tridSentAt: "2026-07-02" });
    expect(inPerson.body.trid.dates).toMatchObject({
      deemedReceived: "2026-07-02",
      earliestConsummation: "2026-07-07",
    });
    // clearing a milestone
    const cleared = await patch(org, inPerson.body, { tridMilestoneConsummation: null });
    expect(cleared.body.trid.tridMilestoneConsummation).toBeNull();
  });

  it("refuses TRID fields with a 400 when the organization does not have TRID, and bad dates", async () => {
    const off = await tridOrg(false);
    const pkg = await createPackage(off.admin, off.paths, {});
    const refused = await patch(off, pkg, { tridPackageType: "LOAN_ESTIMATE" });
    expect([refused.status, refused.body.message]).toEqual([400, TRID_MESSAGES.notEnabled]);
    // the other fields still save
    expect((await patch(off, pkg, { name: "Plain" })).status).toBe(200);

    const on = await tridOrg();
    const other = await createPackage(on.admin, on.paths, {});
    for (const bad of ["2026-02-30", "2026-7-1", "07/01/2026", "2026-07-01T00:00:00Z"]) {
      const reply = await patch(on, other, { tridMilestoneApplication: bad });
      expect(reply.status, bad).toBe(400);
    }
    expect((await patch(on, other, { tridExpirationDays: 0 })).status).toBe(400);
    expect((await patch(on, other, { tridDeliveryMethod: "FAX" })).status).toBe(400);
  });

  it("uses the TRID settings: default expiration days and a lender open on Saturdays", async () => {
    const org = await tridOrg();
    const orgId = org.org.organizationId;
    const settingsPath = fillPath(routeUrl(routes.updateSettingMetaData), { orgId });
    const saved = await org.admin.request("PUT", settingsPath, {
      json: [
        { settingName: "trid_default_expiration_days", value: "11", version: 0 },
        { settingName: "trid_lender_open_saturday", value: "true", version: 0 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pkg = await createPackage(org.admin, org.paths, {});
    const reply = await patch(org, pkg, { tridPackageType: "LOAN_ESTIMATE", tridSentAt: "2026-11-06" });
    expect(reply.body.trid.tridExpirationDays).toBe(11);
    // 11 general business days, Saturdays counted, Veterans Day skipped
    expect(reply.body.trid.tridExpirationDate).toBe("2026-11-20");
  });

  it("flags a TRID package whose delivery deadline has passed in the workspace", async () => {
    const org = await tridOrg();
    const late = await createPackage(org.admin, org.paths, { name: "Late CD" });
    await patch(org, late, {
      tridPackageType: "CLOSING_DISCLOSURE",
      tridDeliveryMethod: "MAIL",
      tridMilestoneConsummation: "2020-07-09",
    });
    const fine = await createPackage(org.admin, org.paths, { name: "Fine CD" });
    await patch(org, fine, {
      tridPackageType: "CLOSING_DISCLOSURE",
      tridDeliveryMethod: "MAIL",
      tridMilestoneConsummation: "2099-07-09",
    });
    const list = await org.admin.request<{ records: WorkspacePackage[] }>("GET", org.paths.workspace);
    expect(list.status).toBe(200);
    const byName = new Map(list.body.records.map((record) => [record.name, record]));
    expect(byName.get("Late CD")?.tridRisk).toContain("2020-07-01");
    expect(byName.get("Fine CD")?.tridRisk).toBeNull();
  });
});
