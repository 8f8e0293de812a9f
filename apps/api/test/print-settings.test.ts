import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import {
  type BusinessReturnEnvelope,
  type Carrier,
  fillPath,
  PRINT_SETTINGS_MESSAGES,
  type PrintConnectionTest,
  type PrintFulfillmentSettings,
  type PrintOptions,
  printSettingsRoutes,
  type ReturnAddress,
  type RouteDef,
  routeUrl,
} from "@signet/contract";
import { loadPrintSetup } from "@signet/core";
import { createTestDatabase, givePrintSetup, type TestDatabase } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { organizationAuditTypes, signedIn } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, memberOfNewGroup, OFFICER, type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import type { ErrorBody } from "./support/signing-room-helpers.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 16 §4 (settings half): the print vendor connection with its test against a real HTTP server
// on loopback, return addresses, business return envelopes and carriers with one default each, who
// may read and change them, and the tenancy walk over every route.

const SECRET = "print-vendor-secret-7f3a9c";
const logLines: string[] = [];
let database: TestDatabase;
let server: StartedServer;
let vendor: Server;
let vendorUrl: string;
let p: PackageOrg;

beforeAll(async () => {
  // a stand-in vendor that knows one client: GET /health answers 200 for it, 401 for anyone else
  vendor = createServer((request, response) => {
    const expected = `Basic ${Buffer.from(`print-client:${SECRET}`).toString("base64")}`;
    if (request.url !== "/health") return void response.writeHead(404).end();
    response.writeHead(request.headers.authorization === expected ? 200 : 401, { "content-type": "application/json" });
    response.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  await database.db.$disconnect();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startServer(
    {
      DATABASE_URL: database.url,
      // the reference services listen on loopback: allowed by name, as an operator would
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      LOGIN_RATE_LIMIT_MAX: "100000",
    },
    { logLevel: "debug", logDestination: destination },
  );
  p = await packageOrg(server.db, server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => vendor?.close(resolve));
});

const base = (orgId = p.org.organizationId) => `/api/v1/organizations/${orgId}`;
const HOME = {
  name: "Closing Department",
  company: "Acme Lending",
  line1: "100 Main Street",
  line2: "Suite 200",
  city: "Springfield",
  state: "il",
  postalCode: "62704-1234",
};

describe("the vendor connection", () => {
  it("starts off with the WK provider, saves the secret encrypted and never returns or logs it", async () => {
    const fresh = await p.admin.get<PrintFulfillmentSettings>(`${base()}/print-fulfillment`);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ enabled: false, providerCode: "WK", version: 0, hasClientSecret: false });

    const needsVendor = await p.admin.request<ErrorBody>("PUT", `${base()}/print-fulfillment`, {
      json: { version: 0, enabled: true },
    });
    expect([needsVendor.status, needsVendor.body.message]).toEqual([400, PRINT_SETTINGS_MESSAGES.enableNeedsVendor]);
    const badUrl = await p.admin.request<ErrorBody>("PUT", `${base()}/print-fulfillment`, {
      json: { version: 0, vendorUrl: "ftp://print.example" },
    });
    expect(badUrl.status).toBe(400);

    const saved = await p.admin.request<PrintFulfillmentSettings>("PUT", `${base()}/print-fulfillment`, {
      json: { version: 0, enabled: true, vendorUrl, clientId: "print-client", clientSecret: SECRET },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      vendorUrl,
      clientId: "print-client",
      hasClientSecret: true,
      version: 1,
    });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    const row = await server.db.printFulfillmentSettings.findUniqueOrThrow({
      where: { organizationId: p.org.organizationId },
    });
    expect(row.clientSecretEncrypted).not.toContain(SECRET);

    const stale = await p.admin.request<ErrorBody>("PUT", `${base()}/print-fulfillment`, {
      json: { version: 0, enabled: false },
    });
    expect(stale.status).toBe(409);

    const tested = await p.admin.request<PrintConnectionTest>("POST", `${base()}/print-fulfillment/test-connection`);
    expect([tested.status, tested.body.ok, tested.body.message]).toEqual([
      200,
      true,
      PRINT_SETTINGS_MESSAGES.connectionOk,
    ]);
    const afterTest = await p.admin.get<PrintFulfillmentSettings>(`${base()}/print-fulfillment`);
    expect(afterTest.body).toMatchObject({ lastTestOk: true, lastTestMessage: PRINT_SETTINGS_MESSAGES.connectionOk });

    // a wrong secret: the test says so in words; the change made the last result stale first
    const wrong = await p.admin.request<PrintFulfillmentSettings>("PUT", `${base()}/print-fulfillment`, {
      json: { version: afterTest.body.version, clientSecret: "not-the-secret" },
    });
    expect([wrong.body.lastTestOk, wrong.body.enabled]).toEqual([null, true]);
    const refused = await p.admin.request<PrintConnectionTest>("POST", `${base()}/print-fulfillment/test-connection`);
    expect(refused.body).toMatchObject({
      ok: false,
      message: "The print vendor refused the client ID or client secret.",
    });

    // leaving the secret out keeps the stored one
    const fixed = await p.admin.request<PrintFulfillmentSettings>("PUT", `${base()}/print-fulfillment`, {
      json: { version: wrong.body.version, clientSecret: SECRET },
    });
    const renamed = await p.admin.request<PrintFulfillmentSettings>("PUT", `${base()}/print-fulfillment`, {
      json: { version: fixed.body.version, clientId: "print-client" },
    });
    expect(renamed.body.hasClientSecret).toBe(true);
    const again = await p.admin.request<PrintConnectionTest>("POST", `${base()}/print-fulfillment/test-connection`);
    expect(again.body.ok).toBe(true);

    const setup = await loadPrintSetup(server.db, p.org.organizationId, server.deps);
    expect(setup?.provider).toEqual({ code: "WK", url: vendorUrl, clientId: "print-client", clientSecret: SECRET });

    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(SECRET);
    expect(logLines.join("\n")).not.toContain("not-the-secret");
    const audit = await organizationAuditTypes(server.db, p.org.organizationId);
    expect(audit.filter((event) => event.type === "print-fulfillment.updated")).toHaveLength(4);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it("says in words when the vendor cannot be reached or is not a vendor", async () => {
    const other = await packageOrg(server.db, server.url);
    const none = await other.admin.get<PrintOptions>(`${base(other.org.organizationId)}/print-options`);
    expect(none.body).toEqual({ enabled: false, providerCode: "WK", returnAddresses: [], carriers: [] });
    const missing = await other.admin.request<PrintConnectionTest>(
      "POST",
      `${base(other.org.organizationId)}/print-fulfillment/test-connection`,
    );
    expect(missing.body).toMatchObject({ ok: false, message: PRINT_SETTINGS_MESSAGES.vendorMissing });
    const put = (json: object) =>
      other.admin.request<PrintFulfillmentSettings>("PUT", `${base(other.org.organizationId)}/print-fulfillment`, {
        json,
      });
    const saved = await put({ version: 0, vendorUrl: "http://127.0.0.1:9", clientId: "a", clientSecret: "b" });
    const test = () =>
      other.admin.request<PrintConnectionTest>(
        "POST",
        `${base(other.org.organizationId)}/print-fulfillment/test-connection`,
      );
    expect((await test()).body.message).toBe("Not reachable: the print vendor did not answer at this address.");
    await put({ version: saved.body.version, vendorUrl: `${vendorUrl}/somewhere-else` });
    expect((await test()).body.message).toMatch(/not a print vendor/);
  });
});

describe("return addresses, envelopes and carriers", () => {
  it("checks US addresses, keeps one default and refuses deleting what is in use or the default", async () => {
    const path = `${base()}/return-addresses`;
    const invalid = await p.admin.request<ErrorBody & { details: { path: string; message: string }[] }>("POST", path, {
      json: { ...HOME, state: "ZZ", postalCode: "1234", line1: "x".repeat(41) },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual(
      expect.arrayContaining([
        { path: "state", message: "Enter a two-letter US state code, e.g. CA" },
        { path: "postalCode", message: "Enter a 5-digit ZIP code or ZIP+4, e.g. 94105 or 94105-1234" },
        { path: "line1", message: "Address line 1 must be at most 40 characters to fit the envelope window" },
      ]),
    );

    const first = await p.admin.request<ReturnAddress>("POST", path, { json: HOME });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ state: "IL", isDefault: true, country: "US", version: 1 });
    expect(first.body.windowLines).toEqual([
      "Closing Department",
      "Acme Lending",
      "100 Main Street",
      "Suite 200",
      "Springfield IL 62704-1234",
    ]);
    const second = await p.admin.request<ReturnAddress>("POST", path, {
      json: { ...HOME, company: "", line2: "", name: "Post-closing", isDefault: true },
    });
    expect(second.body).toMatchObject({ isDefault: true, company: null, line2: null });
    const listed = await p.admin.get<{ records: ReturnAddress[] }>(path);
    expect(listed.body.records.map((record) => [record.name, record.isDefault])).toEqual([
      ["Post-closing", true],
      ["Closing Department", false],
    ]);
    const undefault = await p.admin.request<ErrorBody>("PUT", `${path}/${second.body.id}`, {
      json: { ...HOME, name: "Post-closing", isDefault: false, version: 1 },
    });
    expect([undefault.status, undefault.body.message]).toEqual([409, PRINT_SETTINGS_MESSAGES.keepDefault]);
    const conflict = await p.admin.request<ErrorBody>("PUT", `${path}/${first.body.id}`, {
      json: { ...HOME, version: 7 },
    });
    expect(conflict.status).toBe(409);

    const envelopes = `${base()}/business-return-envelopes`;
    const badEnvelope = await p.admin.request<ErrorBody>("POST", envelopes, {
      json: {
        name: "Returns",
        permitNumber: "12A",
        postalFacility: "Springfield IL",
        returnAddressId: first.body.id,
        imb: "12",
      },
    });
    expect(badEnvelope.status).toBe(400);
    const envelope = await p.admin.request<BusinessReturnEnvelope>("POST", envelopes, {
      json: {
        name: "Returns",
        permitNumber: "12345",
        postalFacility: "Springfield IL",
        returnAddressId: first.body.id,
        imb: "00040123456200000001",
      },
    });
    expect(envelope.status).toBe(201);
    expect(envelope.body.isDefault).toBe(true);
    expect(envelope.body.windowLines.slice(0, 2)).toEqual([
      "BUSINESS REPLY MAIL",
      "FIRST-CLASS MAIL PERMIT NO. 12345 SPRINGFIELD IL",
    ]);
    const inUse = await p.admin.request<ErrorBody>("DELETE", `${path}/${first.body.id}?version=1`);
    expect([inUse.status, inUse.body.message]).toEqual([409, PRINT_SETTINGS_MESSAGES.returnAddressInUse]);
    const isDefault = await p.admin.request<ErrorBody>("DELETE", `${path}/${second.body.id}?version=1`);
    expect([isDefault.status, isDefault.body.message]).toEqual([409, PRINT_SETTINGS_MESSAGES.lastDefault]);
    // print fulfillment is on: the last envelope stays
    const lastEnvelope = await p.admin.request<ErrorBody>("DELETE", `${envelopes}/${envelope.body.id}?version=1`);
    expect([lastEnvelope.status, lastEnvelope.body.message]).toEqual([409, PRINT_SETTINGS_MESSAGES.neededWhileOn]);

    const carriers = `${base()}/carriers`;
    const usps = await p.admin.request<Carrier>("POST", carriers, {
      json: { code: "usps", name: "United States Postal Service", service: "First-Class" },
    });
    expect(usps.body).toMatchObject({ code: "USPS", use: "BOTH", enabled: true, isDefault: true });
    const duplicate = await p.admin.request<ErrorBody>("POST", carriers, {
      json: { code: "USPS", name: "USPS", service: "First-Class" },
    });
    expect([duplicate.status, duplicate.body.message]).toEqual([409, PRINT_SETTINGS_MESSAGES.carrierTaken]);
    const fedex = await p.admin.request<Carrier>("POST", carriers, {
      json: { code: "FEDEX", name: "FedEx", service: "Priority Overnight", use: "OUTBOUND" },
    });
    expect(fedex.body.isDefault).toBe(false);
    const disabledDefault = await p.admin.request<ErrorBody>("PUT", `${carriers}/${usps.body.id}`, {
      json: { code: "USPS", name: "USPS", service: "First-Class", isDefault: true, enabled: false, version: 1 },
    });
    expect(disabledDefault.status).toBe(400);
    const madeDefault = await p.admin.request<Carrier>("PUT", `${carriers}/${fedex.body.id}`, {
      json: {
        code: "FEDEX",
        name: "FedEx",
        service: "Priority Overnight",
        use: "OUTBOUND",
        isDefault: true,
        version: 1,
      },
    });
    expect(madeDefault.body).toMatchObject({ isDefault: true, version: 2 });
    expect((await p.admin.request("DELETE", `${carriers}/${usps.body.id}?version=2`)).status).toBe(409);
    expect((await p.admin.request("DELETE", `${carriers}/${usps.body.id}?version=1`)).status).toBe(204);

    const setup = await loadPrintSetup(server.db, p.org.organizationId, server.deps);
    expect(setup).toMatchObject({
      enabled: true,
      returnAddress: { name: "Post-closing", company: null, state: "IL" },
      businessReturnEnvelope: {
        permitNumber: "12345",
        imb: "00040123456200000001",
        address: { name: "Closing Department" },
      },
      carriers: [{ code: "FEDEX", service: "Priority Overnight", use: "OUTBOUND", isDefault: true }],
    });
    const settings = await p.admin.get<PrintFulfillmentSettings>(`${base()}/print-fulfillment`);
    expect(settings.body).toMatchObject({
      defaultReturnAddressId: second.body.id,
      defaultBusinessReturnEnvelopeId: envelope.body.id,
      defaultCarrierId: fedex.body.id,
    });
  });

  it("gives tests a complete setup through givePrintSetup", async () => {
    const other = await packageOrg(server.db, server.url);
    await givePrintSetup(
      server.db,
      other.org.organizationId,
      { url: vendorUrl, clientId: "c", clientSecret: "s" },
      server.deps,
    );
    const setup = await loadPrintSetup(server.db, other.org.organizationId, server.deps);
    expect(setup).toMatchObject({
      enabled: true,
      provider: { code: "WK", url: vendorUrl, clientId: "c", clientSecret: "s" },
      returnAddress: { city: "Springfield" },
      businessReturnEnvelope: { permitNumber: "12345" },
      carriers: [{ code: "USPS", service: "First-Class", isDefault: true }],
    });
    expect(await loadPrintSetup(server.db, crypto.randomUUID(), server.deps)).toBeNull();
  });
});

describe("a package's print switch", () => {
  it("turns on only in an organization whose print fulfillment is on", async () => {
    const other = await packageOrg(server.db, server.url);
    const pkg = await createPackage(other.admin, other.paths);
    const turnOn = (version: number) =>
      other.admin.request<ErrorBody & { version: number }>("PATCH", other.paths.package(pkg.id), {
        json: { version, enablePrintFulfillment: true },
      });
    const refused = await turnOn(pkg.version);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PRINT_SETTINGS_MESSAGES.notEnabled);
    // turning it off is always allowed
    const off = await other.admin.request("PATCH", other.paths.package(pkg.id), {
      json: { version: pkg.version, enablePrintFulfillment: false },
    });
    expect(off.status).toBe(200);
    await givePrintSetup(
      server.db,
      other.org.organizationId,
      { url: vendorUrl, clientId: "c", clientSecret: "s" },
      server.deps,
    );
    const accepted = await turnOn((off.body as { version: number }).version);
    expect(accepted.status).toBe(200);
  });
});

describe("who may read and change them", () => {
  it("lets a member with package permissions read the print options but nothing else", async () => {
    const officer = await memberOfNewGroup(p.org, server.url, OFFICER);
    const options = await officer.client.get<PrintOptions>(`${base()}/print-options`);
    expect(options.status).toBe(200);
    expect(options.body.enabled).toBe(true);
    expect(options.body.providerCode).toBe("WK");
    expect(options.body.carriers[0]).toMatchObject({ label: "FEDEX Priority Overnight", isDefault: true });
    expect(JSON.stringify(options.body)).not.toContain(vendorUrl);
    for (const path of ["print-fulfillment", "return-addresses", "business-return-envelopes", "carriers"])
      expect((await officer.client.get(`${base()}/${path}`)).status, path).toBe(403);
    expect((await officer.client.request("PUT", `${base()}/print-fulfillment`, { json: { version: 1 } })).status).toBe(
      403,
    );
    expect((await officer.client.request("POST", `${base()}/return-addresses`, { json: HOME })).status).toBe(403);
    expect((await officer.client.request("POST", `${base()}/print-fulfillment/test-connection`)).status).toBe(403);
  });

  it("lets a settings viewer read but not change", async () => {
    const viewer = await memberOfNewGroup(p.org, server.url, ["VIEW_ADMIN_SETTINGS"]);
    expect((await viewer.client.get(`${base()}/print-fulfillment`)).status).toBe(200);
    expect((await viewer.client.get(`${base()}/carriers`)).status).toBe(200);
    expect(
      (
        await viewer.client.request("POST", `${base()}/carriers`, {
          json: { code: "UPS", name: "UPS", service: "Ground" },
        })
      ).status,
    ).toBe(403);
  });
});

// every route, another organization's ids: 404 (a route added later fails until it has a sample)
const SAMPLES: Record<string, { body?: unknown; query?: Record<string, string> }> = {
  getPrintFulfillment: {},
  updatePrintFulfillment: { body: { version: 1, enabled: false } },
  testPrintConnection: {},
  getPrintOptions: {},
  listReturnAddresses: {},
  createReturnAddress: { body: { ...HOME } },
  updateReturnAddress: { body: { ...HOME, version: 1 } },
  deleteReturnAddress: { query: { version: "1" } },
  listBusinessReturnEnvelopes: {},
  createBusinessReturnEnvelope: {
    body: {
      name: "Spy",
      permitNumber: "1",
      postalFacility: "X",
      returnAddressId: "00000000-0000-4000-8000-000000000000",
    },
  },
  updateBusinessReturnEnvelope: {
    body: {
      name: "Spy",
      permitNumber: "1",
      postalFacility: "X",
      returnAddressId: "00000000-0000-4000-8000-000000000000",
      version: 1,
    },
  },
  deleteBusinessReturnEnvelope: { query: { version: "1" } },
  listCarriers: {},
  createCarrier: { body: { code: "UPS", name: "UPS", service: "Ground" } },
  updateCarrier: { body: { code: "UPS", name: "UPS", service: "Ground", version: 1 } },
  deleteCarrier: { query: { version: "1" } },
};

describe("tenancy across the print settings routes", () => {
  const all = Object.entries(printSettingsRoutes) as [string, RouteDef][];
  let foreign: PackageOrg & { returnAddressId: string; envelopeId: string; carrierId: string };
  let spy: HttpClient;

  beforeAll(async () => {
    const other = await packageOrg(server.db, server.url);
    await givePrintSetup(
      server.db,
      other.org.organizationId,
      { url: vendorUrl, clientId: "c", clientSecret: "s" },
      server.deps,
    );
    const where = { where: { organizationId: other.org.organizationId } };
    foreign = {
      ...other,
      returnAddressId: (await server.db.returnAddress.findFirstOrThrow(where)).id,
      envelopeId: (await server.db.businessReturnEnvelope.findFirstOrThrow(where)).id,
      carrierId: (await server.db.printCarrier.findFirstOrThrow(where)).id,
    };
    spy = await signedIn(server.url, p.org.admin.email);
  });

  const ids = () => ({
    returnAddressId: foreign.returnAddressId,
    envelopeId: foreign.envelopeId,
    carrierId: foreign.carrierId,
  });
  const call = (route: RouteDef, params: Record<string, string>, id: string) => {
    const sample = SAMPLES[id]!;
    const query = sample.query ? `?${new URLSearchParams(sample.query)}` : "";
    return spy.request(
      route.method,
      fillPath(routeUrl(route), params) + query,
      sample.body === undefined ? {} : { json: sample.body },
    );
  };

  it("has a sample for every route, each scoped to an organization", () => {
    expect(all.map(([id]) => id).filter((id) => !SAMPLES[id])).toEqual([]);
    for (const [id, route] of all) expect(route.path, id).toContain(":orgId");
  });

  it.each(all)("%s: another organization in the path answers 404", async (id, route) => {
    const reply = await call(route, { ...ids(), orgId: foreign.org.organizationId }, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  });

  it.each(all.filter(([, route]) => /:(returnAddressId|envelopeId|carrierId)/.test(route.path)))(
    "%s: our organization with another organization's item answers 404",
    async (id, route) => {
      const reply = await call(route, { ...ids(), orgId: p.org.organizationId }, id);
      expect(reply.status, JSON.stringify(reply.body)).toBe(404);
    },
  );

  it("left the other organization's settings as they were", async () => {
    const setup = await loadPrintSetup(server.db, foreign.org.organizationId, server.deps);
    expect(setup).toMatchObject({
      enabled: true,
      carriers: [{ code: "USPS" }],
      returnAddress: { city: "Springfield" },
    });
    const row = await server.db.printCarrier.findUniqueOrThrow({ where: { id: foreign.carrierId } });
    expect(row.version).toBe(1);
  });
});
