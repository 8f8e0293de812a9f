import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import {
  EDEPOSIT_MESSAGES,
  EVAULT_URL_MESSAGES,
  ISSUER_URL_MESSAGES,
  PRINT_VENDOR_URL_MESSAGES,
  WEBHOOK_URL_MESSAGES,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { freePort } from "./support/free-port.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import type { ErrorBody } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 30 §2: every address an administrator types meets one outbound rule. Two installations:
// one that names no host (every attack refused), one whose operator allowed 127.0.0.1 (an internal
// service), where a connection test must still not tell a closed port from an open one.

const org = (p: PackageOrg) => `/api/v1/organizations/${p.org.organizationId}`;

describe("an installation that allows no private host", () => {
  let app: TestApp;
  let p: PackageOrg;
  beforeAll(async () => {
    app = await startTestApp(ACCESS_TEST_ENV);
    p = await packageOrg(app.server.db, app.url);
  });
  afterAll(() => app?.close());

  it.each([
    ["http://127.0.0.1:8020", EVAULT_URL_MESSAGES.https],
    ["https://127.0.0.1:8020", EVAULT_URL_MESSAGES.privateHost],
    ["https://[::1]:8020", EVAULT_URL_MESSAGES.privateHost],
    ["https://169.254.169.254", EVAULT_URL_MESSAGES.privateHost],
    ["https://[fe80::1]", EVAULT_URL_MESSAGES.privateHost],
  ])("refuses the eVault address %s", async (url, message) => {
    const reply = await p.admin.request<ErrorBody>("POST", `${org(p)}/evaults`, {
      json: { name: `Vault ${url}`, url, clientId: "c", clientSecret: "s" },
    });
    expect([reply.status, reply.body.message]).toEqual([400, message]);
    expect(await app.server.db.eVault.count({ where: { url } })).toBe(0);
  });

  it.each([
    ["http://127.0.0.1:8021", PRINT_VENDOR_URL_MESSAGES.https],
    ["https://localhost:8021", PRINT_VENDOR_URL_MESSAGES.privateHost],
    ["https://169.254.169.254/latest/meta-data", PRINT_VENDOR_URL_MESSAGES.privateHost],
  ])("refuses the print vendor address %s", async (vendorUrl, message) => {
    const reply = await p.admin.request<ErrorBody>("PUT", `${org(p)}/print-fulfillment`, {
      json: { version: 0, vendorUrl, clientId: "c", clientSecret: "s" },
    });
    expect([reply.status, reply.body.message]).toEqual([400, message]);
  });

  it.each([
    ["http://login.example.com", ISSUER_URL_MESSAGES.https],
    ["http://127.0.0.1:8443", ISSUER_URL_MESSAGES.https],
    ["https://127.0.0.1:8443", ISSUER_URL_MESSAGES.privateHost],
    ["https://[::ffff:10.0.0.1]", ISSUER_URL_MESSAGES.privateHost],
  ])("refuses the OIDC issuer %s", async (issuer, message) => {
    const reply = await p.admin.request<ErrorBody>("POST", `${org(p)}/oauth-providers`, {
      json: { name: `SSO ${issuer}`, issuer, clientId: "c", clientSecret: "s" },
    });
    expect([reply.status, reply.body.message]).toEqual([400, message]);
  });

  it.each(["https://[2002:7f00:1::]/hook", "https://[2002:a9fe:a9fe::]/hook", "https://[64:ff9b::7f00:1]/hook"])(
    "refuses the webhook address %s (an IPv4 address inside IPv6)",
    async (url) => {
      const reply = await p.admin.request<ErrorBody>("POST", `${org(p)}/webhooks`, {
        json: { url, eventTypes: ["package.sent"] },
      });
      expect([reply.status, reply.body.message]).toEqual([400, WEBHOOK_URL_MESSAGES.privateHost]);
    },
  );
});

describe("an installation whose operator allowed 127.0.0.1 by name", () => {
  let app: TestApp;
  let p: PackageOrg;
  let silent: Server;
  beforeAll(async () => {
    app = await startTestApp({ ...ACCESS_TEST_ENV, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1" });
    p = await packageOrg(app.server.db, app.url);
    // a port that accepts connections and then closes them without a word: open, but no service
    silent = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => silent?.close(() => resolve()));
    await app?.close();
  });

  it("accepts the allowed host over plain HTTP, and still refuses another private host", async () => {
    const allowed = await p.admin.request("POST", `${org(p)}/evaults`, {
      json: { name: "Internal vault", url: "http://127.0.0.1:8020", clientId: "c", clientSecret: "s" },
    });
    expect(allowed.status).toBe(201);
    const other = await p.admin.request<ErrorBody>("POST", `${org(p)}/evaults`, {
      json: { name: "Other vault", url: "http://127.0.0.2:8020", clientId: "c", clientSecret: "s" },
    });
    expect([other.status, other.body.message]).toEqual([400, EVAULT_URL_MESSAGES.https]);
  });

  it("answers a connection test to a closed port and to an open one in the same words", async () => {
    const open = (silent.address() as AddressInfo).port;
    const closed = await freePort();
    const messages: string[] = [];
    for (const port of [open, closed]) {
      const vault = await p.admin.request<{ id: string }>("POST", `${org(p)}/evaults`, {
        json: { name: `Vault ${port}`, url: `http://127.0.0.1:${port}`, clientId: "c", clientSecret: "s" },
      });
      expect(vault.status).toBe(201);
      const test = await p.admin.request<{ ok: boolean; message: string }>(
        "POST",
        `${org(p)}/evaults/${vault.body.id}/test-connection`,
      );
      expect(test.body.ok).toBe(false);
      messages.push(test.body.message);

      const vendor = await p.admin.get<{ version: number }>(`${org(p)}/print-fulfillment`);
      await p.admin.request("PUT", `${org(p)}/print-fulfillment`, {
        json: { version: vendor.body.version, vendorUrl: `http://127.0.0.1:${port}`, clientId: "c", clientSecret: "s" },
      });
      const printTest = await p.admin.request<{ message: string }>(
        "POST",
        `${org(p)}/print-fulfillment/test-connection`,
      );
      messages.push(printTest.body.message);

      const provider = await p.admin.request<{ id: string }>("POST", `${org(p)}/oauth-providers`, {
        json: { name: `SSO ${port}`, issuer: `http://127.0.0.1:${port}`, clientId: "c", clientSecret: "s" },
      });
      expect(provider.status).toBe(201);
      const oidcTest = await p.admin.request<{ checks: { message: string }[] }>(
        "POST",
        `${org(p)}/oauth-providers/${provider.body.id}/connection-tests`,
      );
      messages.push(oidcTest.body.checks[0]!.message.replace(String(port), "PORT"));
    }
    expect(messages.slice(0, 3)).toEqual(messages.slice(3));
    expect(messages.slice(0, 3)).toEqual([
      EDEPOSIT_MESSAGES.notReachable,
      "Not reachable: the print vendor did not answer at this address.",
      "Not reachable: 127.0.0.1:PORT did not answer. Check the address.",
    ]);
    expect(messages.join(" ")).not.toMatch(/ECONN|refused|socket|closed|timed out|within/i);
  });
});
