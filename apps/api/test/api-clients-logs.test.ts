import { Writable } from "node:stream";
import type { ApiClientWithSecret, ApiUser, NewApiClientSecret } from "@signet/contract";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { ACCESS_TEST_ENV, organizationWithAdmin } from "./support/access-fixtures.ts";
import { HttpClient } from "./support/http-client.ts";
import { signedIn } from "./support/signed-in.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 12 §1: client secrets are shown once and then never again — in particular never in the
// server's logs, whichever way a client sends them (form fields, HTTP Basic, a wrong one).

const lines: string[] = [];
let database: TestDatabase;
let server: StartedServer;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.$disconnect();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  server = await startServer(
    {
      ...ACCESS_TEST_ENV,
      DATABASE_URL: database.url,
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "0",
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
    },
    // debug: the most the API ever writes about a request
    { logLevel: "debug", logDestination: destination },
  );
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe("client secrets in the logs", () => {
  it("never appear, in any way a client can send them", async () => {
    const org = await organizationWithAdmin(server.db);
    const admin = await signedIn(server.url, org.admin.email);
    const base = `/api/v1/organizations/${org.organizationId}`;
    const apiUser = await admin.request<ApiUser>("POST", `${base}/api-users`, { json: { name: "Logged system" } });
    const created = await admin.request<ApiClientWithSecret>(
      "POST",
      `${base}/api-users/${apiUser.body.id}/api-clients`,
      {
        json: { name: "Production" },
      },
    );
    expect(created.status).toBe(201);
    const { clientId } = created.body.client;
    const first = created.body.secret.value;
    const second = await admin.request<NewApiClientSecret>(
      "POST",
      `${base}/api-users/${apiUser.body.id}/api-clients/${created.body.client.id}/secrets`,
      { json: {} },
    );
    expect(second.status).toBe(201);

    const anonymous = new HttpClient(server.url);
    const form = await anonymous.request("POST", "/cas/oauth/token", {
      form: { grant_type: "client_credentials", client_id: clientId, client_secret: first },
    });
    expect(form.status).toBe(200);
    const basic = Buffer.from(`${clientId}:${second.body.value}`).toString("base64");
    const viaBasic = await anonymous.request("POST", "/cas/oauth/token", {
      form: { grant_type: "client_credentials" },
      headers: { authorization: `Basic ${basic}` },
    });
    expect(viaBasic.status).toBe(200);
    const wrong = await anonymous.request("POST", "/cas/oauth/token", {
      form: { grant_type: "client_credentials", client_id: clientId, client_secret: `${first}-typo` },
    });
    expect(wrong.status).toBe(401);
    const bearer = new HttpClient(server.url);
    bearer.bearer = form.body.access_token as string;
    expect((await bearer.get(`${base}/users/me/permissions`)).status).toBe(200);

    // the requests were logged (so the check below looks at real lines) ...
    expect(lines.filter((line) => line.includes("/cas/oauth/token")).length).toBeGreaterThanOrEqual(3);
    // ... and no line holds a secret, a piece of one, the Basic credentials or the bearer token
    const secrets = [first, second.body.value, first.slice(4), basic, bearer.bearer!];
    expect(lines.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });
});
