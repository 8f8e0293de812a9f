import { WEBHOOK_URL_MESSAGES as M, type WebhookEndpointWithSecret } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { type PackageOrg, packageOrg } from "./support/package-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// An installation that names no host in OUTBOUND_ALLOWED_HOSTS: endpoints must be public HTTPS URLs (SSRF).

let app: TestApp;
let p: PackageOrg;
const hooks = () => `/api/v1/organizations/${p.org.organizationId}/webhooks`;

beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
  p = await packageOrg(app.server.db, app.url);
});
afterAll(() => app?.close());

describe("webhook URLs on an installation that does not allow private addresses", () => {
  it.each([
    ["http://hooks.example.com/signet", M.https],
    ["https://user:secret@hooks.example.com/signet", M.credentials],
    ["https://127.0.0.1/hooks", M.privateHost],
    ["https://localhost:8443/hooks", M.privateHost],
    ["https://[::1]/hooks", M.privateHost],
    ["https://10.0.0.7/hooks", M.privateHost],
    ["https://169.254.169.254/latest/meta-data", M.privateHost],
    ["https://[fd12:3456::1]/hooks", M.privateHost],
    ["https://[::ffff:192.168.1.1]/hooks", M.privateHost],
    ["not a url", M.invalid],
  ])("refuses %s with a clear 400", async (url, message) => {
    const reply = await p.admin.request("POST", hooks(), { json: { url, eventTypes: ["package.sent"] } });
    expect([reply.status, reply.body.message]).toEqual([400, message]);
    expect(await app.server.db.webhookEndpoint.count({ where: { url } })).toBe(0);
  });

  it("accepts a public HTTPS URL, and refuses a private one on update", async () => {
    const created = await p.admin.request<WebhookEndpointWithSecret>("POST", hooks(), {
      json: { url: "https://hooks.example.com/signet", eventTypes: ["package.sent"] },
    });
    expect(created.status).toBe(201);
    const { id, version } = created.body.endpoint;
    const moved = await p.admin.request("PATCH", `${hooks()}/${id}`, {
      json: { version, url: "https://192.168.0.10/" },
    });
    expect([moved.status, moved.body.message]).toEqual([400, M.privateHost]);
    const row = await app.server.db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect([row.url, row.version]).toEqual(["https://hooks.example.com/signet", 1]);
  });
});
