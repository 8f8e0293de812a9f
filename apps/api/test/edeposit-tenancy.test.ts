import { eDepositRoutes, fillPath, type RouteDef, routeUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 15: every eVault and eDeposit route answers 404 for another organization's ids, and the
// package routes also for a package the caller cannot see. The table walks every route of
// eDepositRoutes, so a route added later fails the coverage test until it has a sample here.

const SAMPLES: Record<string, { body?: unknown; query?: Record<string, string> }> = {
  listEVaults: {},
  listEVaultOptions: {},
  createEVault: { body: { name: "Spy", url: "https://vault.example.com", clientId: "a", clientSecret: "b" } },
  getEVault: {},
  updateEVault: { body: { version: 1, name: "Renamed" } },
  deleteEVault: { query: { version: "1" } },
  getEVaultConfigInfo: {},
  testEVaultConnection: {},
  getEDeposit: {},
  updateEDepositConfig: {
    body: {
      version: 1,
      enabled: false,
      vaultId: null,
      financialAssetDocId: null,
      financialAssetDocType: null,
      supplementalDocType: null,
      transactionType: null,
    },
  },
  retryEDeposit: {},
  cancelEDeposit: {},
  confirmEDeposit: {},
  downloadEDeposit: {},
};

let app: TestApp;
let own: PackageOrg & { packageId: string; evaultId: string };
let foreign: PackageOrg & { packageId: string; evaultId: string };

async function tenant(): Promise<PackageOrg & { packageId: string; evaultId: string }> {
  const p = await packageOrg(app.server.db, app.url);
  const pkg = await createPackage(p.admin, p.paths, { name: "Tenant package" });
  const vault = await app.server.db.eVault.create({
    data: {
      organizationId: p.org.organizationId,
      name: "Tenant vault",
      nameKey: "tenant vault",
      url: "http://127.0.0.1:9",
      clientId: "tenant",
      clientSecretEncrypted: app.server.deps.fieldCipher.encrypt("tenant-secret"),
    },
  });
  return { ...p, packageId: pkg.id, evaultId: vault.id };
}

beforeAll(async () => {
  app = await startTestApp({
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
    ...ACCESS_TEST_ENV,
  });
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

const all = Object.entries(eDepositRoutes) as [string, RouteDef][];
const onVaults = all.filter(([, route]) => route.path.includes(":evaultId"));
const onPackages = all.filter(([, route]) => route.path.includes(":packageId"));

describe("tenancy across the eVault and eDeposit routes", () => {
  it("has a sample for every route, each scoped to an organization", () => {
    expect(all.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of all) expect(route.path, id).toContain(":orgId");
  });

  it.each(all)("%s: another organization in the path answers 404", async (id, route) => {
    const params = { orgId: foreign.org.organizationId, evaultId: foreign.evaultId, packageId: foreign.packageId };
    const reply = await call(own.admin, route, params, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each([...onVaults, ...onPackages])(
    "%s: our organization with another organization's vault or package answers 404",
    async (id, route) => {
      const params = { orgId: own.org.organizationId, evaultId: foreign.evaultId, packageId: foreign.packageId };
      const reply = await call(own.admin, route, params, id);
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    },
  );

  it.each(onPackages)("%s: a package not shared with the caller's groups answers 404", async (id, route) => {
    const outsider = await memberOfNewGroup(own.org, app.url, OFFICER);
    const params = { orgId: own.org.organizationId, packageId: own.packageId };
    const reply = await call(outsider.client, route, params, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it("answers our own vault and package (the walk's ids are real) and left the other organization's as they were", async () => {
    const vault = await call(
      own.admin,
      eDepositRoutes.getEVault,
      { orgId: own.org.organizationId, evaultId: own.evaultId },
      "getEVault",
    );
    expect(vault.status).toBe(200);
    const deposit = await call(
      own.admin,
      eDepositRoutes.getEDeposit,
      { orgId: own.org.organizationId, packageId: own.packageId },
      "getEDeposit",
    );
    expect(deposit.status).toBe(200);
    const theirs = await app.server.db.eVault.findUniqueOrThrow({ where: { id: foreign.evaultId } });
    expect([theirs.version, theirs.name]).toEqual([1, "Tenant vault"]);
    expect(await app.server.db.packageEDeposit.count({ where: { packageId: foreign.packageId } })).toBe(0);
  });
});
