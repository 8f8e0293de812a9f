import { avSessionRoutes, fillPath, type RouteDef, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 16 §2: the sender's A/V session routes answer 404 for another organization's ids and for a
// package the caller cannot see. The walk covers every entry of avSessionRoutes, so a route added
// later is walked too (each route here takes only ids, so none needs a sample body).

type Tenant = PackageOrg & { packageId: string; sessionId: string };

let app: TestApp;
let own: Tenant;
let foreign: Tenant;

/** An A/V package with a completed session and a stored recording, as the signing room leaves them. */
async function tenant(): Promise<Tenant> {
  const db = app.server.db;
  const p = await packageOrg(db, app.url);
  const pkg = await createPackage(p.admin, p.paths, { name: "Tenant A/V package" });
  const organizationId = p.org.organizationId;
  await db.package.update({ where: { id: pkg.id }, data: { avEsign: true } });
  const session = await db.avSession.create({
    data: {
      organizationId,
      packageId: pkg.id,
      hostParticipantId: pkg.id,
      status: "COMPLETED",
      startedAt: new Date(),
      endedAt: new Date(),
    },
  });
  const key = `av-recordings/${organizationId}/${session.id}/recording.webm`;
  const stored = await app.server.deps.storage.put(
    key,
    (async function* () {
      yield Buffer.from("tenant recording");
    })(),
  );
  await db.avRecording.create({
    data: {
      organizationId,
      packageId: pkg.id,
      sessionId: session.id,
      blobKey: key,
      sha256: stored.sha256,
      bytes: BigInt(stored.size),
      durationSeconds: 1,
      chunkCount: 1,
      retainUntil: new Date("2036-01-01T00:00:00Z"),
    },
  });
  return { ...p, packageId: pkg.id, sessionId: session.id };
}

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  own = await tenant();
  foreign = await tenant();
});
afterAll(() => app?.close());

const all = Object.entries(avSessionRoutes) as [string, RouteDef][];
const call = (client: HttpClient, route: RouteDef, params: Record<string, string>) =>
  client.request(route.method, fillPath(routeUrl(route), params));

describe("tenancy across the A/V session routes", () => {
  it("scopes every route to an organization and a package", () => {
    for (const [id, route] of all) {
      expect(route.path, id).toContain(":orgId");
      expect(route.path, id).toContain(":packageId");
    }
  });

  it.each(all)("%s: another organization in the path answers 404", async (_id, route) => {
    const reply = await call(own.admin, route, {
      orgId: foreign.org.organizationId,
      packageId: foreign.packageId,
      sessionId: foreign.sessionId,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(all)("%s: our organization with another organization's package answers 404", async (_id, route) => {
    const reply = await call(own.admin, route, {
      orgId: own.org.organizationId,
      packageId: foreign.packageId,
      sessionId: foreign.sessionId,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(all)("%s: our package with another organization's session answers 404", async (_id, route) => {
    const reply = await call(own.admin, route, {
      orgId: own.org.organizationId,
      packageId: own.packageId,
      sessionId: foreign.sessionId,
    });
    // the list takes no session id: it answers our own package
    expect(reply.status, JSON.stringify(reply.body)).toBe(route.path.includes(":sessionId") ? 404 : 200);
  });

  it.each(all)("%s: a package not shared with the caller's groups answers 404", async (_id, route) => {
    const outsider = await memberOfNewGroup(own.org, app.url, OFFICER);
    const reply = await call(outsider.client, route, {
      orgId: own.org.organizationId,
      packageId: own.packageId,
      sessionId: own.sessionId,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it("answers our own package and recording (the walk's ids are real)", async () => {
    const params = { orgId: own.org.organizationId, packageId: own.packageId, sessionId: own.sessionId };
    expect((await call(own.admin, avSessionRoutes.listAvSessions, params)).status).toBe(200);
    expect((await call(own.admin, avSessionRoutes.downloadAvRecording, params)).status).toBe(200);
  });
});
