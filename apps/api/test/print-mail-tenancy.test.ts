import { fillPath, printMailRoutes, type RouteDef, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §4: every mailing route answers 404 for another organization's ids, and the package
// routes also for a package the caller cannot see. The table walks every organization route of
// printMailRoutes, so a route added later fails the coverage test until it has a sample here.

const ADDRESS = {
  name: "Pat Borrower",
  line1: "12 Elm Street",
  city: "Dayton",
  state: "OH",
  postalCode: "45402",
};
const SAMPLES: Record<string, { body?: unknown; query?: Record<string, string> }> = {
  listPackageMailings: {},
  createMailing: { body: { participantId: "00000000-0000-4000-8000-000000000000", address: ADDRESS } },
  retryMailing: {},
  downloadPrintSet: {},
  uploadMailingScan: {},
  downloadMailingScan: {},
  mailingReport: {},
  mailingReportCsv: {},
};

interface Tenant extends PackageOrg {
  packageId: string;
  mailingId: string;
  scanId: string;
}

let app: TestApp;
let own: Tenant;
let foreign: Tenant;

async function tenant(): Promise<Tenant> {
  const p = await packageOrg(app.server.db, app.url);
  const pkg = await createPackage(p.admin, p.paths, { name: "Tenant package" });
  const mailing = await app.server.db.mailing.create({
    data: {
      organizationId: p.org.organizationId,
      packageId: pkg.id,
      reason: "PAPER_PARTICIPANT",
      recipientName: "Pat Borrower",
      recipientAddress: { ...ADDRESS, company: null, line2: null, country: "US" },
      status: "SUBMIT_FAILED",
      printSetBlobKey: `print-sets/${p.org.organizationId}/${pkg.id}/x.pdf`,
      scans: {
        create: {
          organizationId: p.org.organizationId,
          fileName: "scan.pdf",
          contentType: "application/pdf",
          blobKey: `mailing-scans/${p.org.organizationId}/x.pdf`,
          sha256: "0".repeat(64),
          sizeBytes: 1,
        },
      },
    },
    include: { scans: true },
  });
  return { ...p, packageId: pkg.id, mailingId: mailing.id, scanId: mailing.scans[0]!.id };
}

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  own = await tenant();
  foreign = await tenant();
});
afterAll(() => app?.close());

function call(client: HttpClient, route: RouteDef, params: Record<string, string>, id: string) {
  const sample = SAMPLES[id]!;
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : "";
  return client.request(
    route.method,
    fillPath(routeUrl(route), params) + query,
    sample.body === undefined ? {} : { json: sample.body },
  );
}

const all = (Object.entries(printMailRoutes) as [string, RouteDef][]).filter(([, route]) => route.auth !== "none");
const onPackages = all.filter(([, route]) => route.path.includes(":packageId"));
const idsOf = (t: Tenant) => ({
  orgId: t.org.organizationId,
  packageId: t.packageId,
  mailingId: t.mailingId,
  scanId: t.scanId,
});

describe("tenancy across the mailing routes", () => {
  it("has a sample for every organization route", () => {
    expect(all.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of all) expect(route.path, id).toContain(":orgId");
  });

  it.each(all)("%s: another organization in the path answers 404", async (id, route) => {
    const reply = await call(own.admin, route, idsOf(foreign), id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(onPackages)("%s: our organization with another organization's package answers 404", async (id, route) => {
    const reply = await call(own.admin, route, { ...idsOf(foreign), orgId: own.org.organizationId }, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(onPackages.filter(([, route]) => route.path.includes(":mailingId")))(
    "%s: our package with another organization's mailing answers 404",
    async (id, route) => {
      const reply = await call(
        own.admin,
        route,
        { ...idsOf(foreign), orgId: own.org.organizationId, packageId: own.packageId },
        id,
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    },
  );

  it.each(onPackages)("%s: a package not shared with the caller's groups answers 404", async (id, route) => {
    const outsider = await memberOfNewGroup(own.org, app.url, OFFICER);
    const reply = await call(outsider.client, route, idsOf(own), id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it("answers our own mailings and left the other organization's as they were", async () => {
    const list = await call(own.admin, printMailRoutes.listPackageMailings, idsOf(own), "listPackageMailings");
    expect(list.status).toBe(200);
    const theirs = await app.server.db.mailing.findUniqueOrThrow({ where: { id: foreign.mailingId } });
    expect([theirs.status, theirs.version]).toEqual(["SUBMIT_FAILED", 1]);
  });
});
