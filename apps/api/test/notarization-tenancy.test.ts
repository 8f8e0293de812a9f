import { randomUUID } from "node:crypto";
import { fillPath, notarizationRoutes, type RouteDef, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 34 §4: the notarization routes answer 404 for another organization's ids (organization,
// package, notary profile), and a package route for a package not shared with the caller. The walk
// covers every entry of notarizationRoutes, so a route added later is walked too.

type Tenant = PackageOrg & { packageId: string; profileId: string };

let app: TestApp;
let own: Tenant;
let foreign: Tenant;

async function tenant(): Promise<Tenant> {
  const db = app.server.db;
  const p = await packageOrg(db, app.url);
  const pkg = await createPackage(p.admin, p.paths, { name: "Tenant notarized package" });
  const profile = await db.notaryProfile.create({
    data: {
      organizationId: p.org.organizationId,
      userId: p.org.admin.id,
      notaryName: "Tenant Notary",
      commissionNumber: "T-1",
      commissionState: "VA",
      commissionExpiresOn: new Date("2099-12-31T00:00:00Z"),
      sealPng: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      sealSha256: "0".repeat(64),
      p12Ciphertext: "tenant",
      passwordCiphertext: "tenant",
      certificateSubject: "CN=Tenant Notary",
      certificateFingerprint: "0".repeat(64),
      certificateNotAfter: new Date("2099-12-31T00:00:00Z"),
    },
  });
  return { ...p, packageId: pkg.id, profileId: profile.id };
}

/** A body each route accepts in shape, so that only the ids decide the answer. */
const SAMPLE_BODIES: Partial<Record<keyof typeof notarizationRoutes, object>> = {
  createNotaryProfile: {
    notaryName: "N",
    commissionNumber: "1",
    commissionState: "VA",
    commissionExpiresOn: "2099-01-01",
    sealImage: "iVBORw0KGgo=",
    certificateP12: "AAAA",
    certificatePassword: "x",
  },
  updateNotaryProfile: { version: 1, notaryName: "N" },
  createNotarialAct: { documentId: randomUUID(), actType: "JURAT", participantIds: [randomUUID()] },
};

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  own = await tenant();
  foreign = await tenant();
});
afterAll(() => app?.close());

const all = Object.entries(notarizationRoutes) as [keyof typeof notarizationRoutes, RouteDef][];
const call = (
  client: HttpClient,
  id: keyof typeof notarizationRoutes,
  route: RouteDef,
  params: Record<string, string>,
) =>
  client.request(route.method, fillPath(routeUrl(route), params), SAMPLE_BODIES[id] ? { json: SAMPLE_BODIES[id] } : {});

describe("tenancy across the notarization routes", () => {
  it.each(all)("%s: another organization in the path answers 404", async (id, route) => {
    const reply = await call(own.admin, id, route, {
      orgId: foreign.org.organizationId,
      packageId: foreign.packageId,
      profileId: foreign.profileId,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(all.filter(([, route]) => route.path.includes(":packageId") || route.path.includes(":profileId")))(
    "%s: our organization with another organization's package or profile answers 404",
    async (id, route) => {
      const reply = await call(own.admin, id, route, {
        orgId: own.org.organizationId,
        packageId: foreign.packageId,
        profileId: foreign.profileId,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    },
  );

  it.each(all.filter(([, route]) => route.path.includes(":packageId")))(
    "%s: a package not shared with the caller's groups answers 404",
    async (id, route) => {
      const outsider = await memberOfNewGroup(own.org, app.url, OFFICER);
      const reply = await call(outsider.client, id, route, { orgId: own.org.organizationId, packageId: own.packageId });
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    },
  );

  it("answers our own ids (the walk's ids are real)", async () => {
    const params = { orgId: own.org.organizationId, packageId: own.packageId, profileId: own.profileId };
    expect((await call(own.admin, "getNotaryProfile", notarizationRoutes.getNotaryProfile, params)).status).toBe(200);
    expect((await call(own.admin, "listNotarialActs", notarizationRoutes.listNotarialActs, params)).status).toBe(200);
    expect((await call(own.admin, "listNotaryJournal", notarizationRoutes.listNotaryJournal, params)).status).toBe(200);
  });
});
