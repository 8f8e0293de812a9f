import { HEADERS } from "@signet/contract";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV, organizationWithAdmin, signedIn } from "./support/access-fixtures.ts";
import { type ApiProcess, spawnApiProcess } from "./support/api-process.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage, packagePaths } from "./support/package-fixtures.ts";

// Issue 29 §1: requests that stopped the whole API (or answered 500) for every organization. The API
// runs as a process of its own here, so a request that ends it is seen as it ends, and each case
// checks after its answer that the same process still answers /ready.

let database: TestDatabase;
let api: ApiProcess;
let admin: HttpClient;
let orgId: string;
let packageId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const org = await organizationWithAdmin(database.db);
  orgId = org.organizationId;
  api = await spawnApiProcess({ ...ACCESS_TEST_ENV, DATABASE_URL: database.url });
  admin = await signedIn(api.url, org.admin.email);
  packageId = (await createPackage(admin, packagePaths(orgId), { name: "Cut short" })).id;
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await database?.drop();
});

/** The same process still runs and answers: a case that ended it fails here, naming what it printed. */
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(api.alive(), `the API process exited:\n${api.output().slice(-3000)}`).toBe(true);
  expect(await api.ready()).toBe(200);
});

function headers(type: string) {
  return {
    cookie: [...admin.jar].map(([key, value]) => `${key}=${value}`).join("; "),
    [HEADERS.csrf]: admin.jar.get(admin.csrfCookie) ?? "",
    "content-type": type,
  };
}

async function send(path: string, type: string, body: Buffer | string) {
  const response = await fetch(`${api.url}${path}`, {
    method: "POST",
    headers: headers(type),
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : { message: text } };
}

const BOUNDARY = "----signetcut";
/** A file part under a name the route does not read, then the body cut off mid-file: no closing boundary. */
const cutShortUnexpectedPart = (name: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.alloc(64 * 1024, 0x41),
  ]);

describe("a multipart body cut short in a part the route skips", () => {
  const routes = () => [
    `/api/v4/organizations/${orgId}/packages/${packageId}/documents`,
    `/api/v1/organizations/${orgId}/configuration/import/dry-run`,
    `/api/v1/organizations/${orgId}/configuration/import`,
  ];
  for (const name of ["unexpected", "other"]) {
    it(`answers 400 and the API keeps running (part '${name}')`, async () => {
      for (const path of routes()) {
        const reply = await send(path, `multipart/form-data; boundary=${BOUNDARY}`, cutShortUnexpectedPart(name));
        expect(reply.status, path).toBe(400);
        expect(api.alive(), `${path} ended the API:\n${api.output().slice(-3000)}`).toBe(true);
      }
    });
  }
});

describe("JSON nested deeper than any route reads", () => {
  it("answers 400 naming the limit, on a signed-in route and on the unauthenticated sign-in", async () => {
    const deep = `${"[".repeat(2_000)}${"]".repeat(2_000)}`;
    const nested = `{"name":${deep}}`;
    const signedInRoute = await send(`/api/v9/organizations/${orgId}/packages`, "application/json", nested);
    expect(signedInRoute.status).toBe(400);
    expect(signedInRoute.body.message).toMatch(/nest/i);
    const open = await fetch(`${api.url}/api/v1/password-reset-requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"email":${deep}}`,
    });
    expect(open.status).toBe(400);
  });
});

describe("invalid UTF-8 in a JSON body", () => {
  it("is refused with 400, never stored as U+FFFD", async () => {
    const body = Buffer.concat([Buffer.from('{"name":"Bad '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('"}')]);
    const reply = await send(`/api/v9/organizations/${orgId}/packages`, "application/json", body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/UTF-8/);
    const stored = await database.db.package.count({ where: { organizationId: orgId, name: { contains: "\uFFFD" } } });
    expect(stored).toBe(0);
  });
});

describe("an action with nothing to say", () => {
  it("needs no body: suspending a webhook endpoint, and all of them, with an empty request", async () => {
    const created = await admin.request<{ endpoint: { id: string } }>(
      "POST",
      `/api/v1/organizations/${orgId}/webhooks`,
      {
        json: { url: "https://hooks.example.com/signet", eventTypes: ["package.completed"] },
      },
    );
    expect(created.status).toBe(201);
    // no content type, no body: what `curl -X POST` sends
    const { "content-type": _none, ...signedIn } = headers("");
    const bare = (path: string) => fetch(`${api.url}${path}`, { method: "POST", headers: signedIn });
    const one = await bare(`/api/v1/organizations/${orgId}/webhooks/${created.body.endpoint.id}/suspend`);
    expect(one.status, await one.clone().text()).toBe(200);
    expect((await one.json()).suspended).toBe(true);
    const all = await bare(`/api/v1/organizations/${orgId}/webhooks/suspend-all`);
    expect(all.status, await all.clone().text()).toBe(200);
  });
});
