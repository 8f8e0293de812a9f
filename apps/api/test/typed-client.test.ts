import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ApiClientWithSecret, ApiUser } from "@signet/contract";
import { buildGroup } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSignet,
  createSignetClient,
  routes,
  SignetApiError,
  SignetNotFoundError,
  SignetValidationError,
} from "../../../packages/client/src/index.ts";
import { ACCESS_TEST_ENV, type AccessOrg, newRole, organizationWithAdmin } from "./support/access-fixtures.ts";
import { fixturePdf } from "./support/document-upload.ts";
import type { HttpClient } from "./support/http-client.ts";
import { signedIn } from "./support/signed-in.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 12 §5: the integrators' client, proven against the real API (the README's example runs in
// apps/api/test/sdk-pack-install.test.ts, from the packed and installed package); retries and token renewal are shown through a real HTTP proxy in front of
// the real API that answers chosen statuses before passing requests on.

const FIXTURE = "google-doc-document.pdf";

let app: TestApp;
let smtp: SmtpCapture;
let org: AccessOrg;
let tenant: Tenant;

interface Tenant {
  app: TestApp;
  org: AccessOrg;
  admin: HttpClient;
  group: { id: string };
  roleId: string;
}

/** An organization with an administrator and a group whose role may view and manage packages. */
async function tenantOf(on: TestApp): Promise<Tenant> {
  const organization = await organizationWithAdmin(on.server.db);
  const role = await newRole(organization, ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]);
  const group = await buildGroup(on.server.db, {
    organizationId: organization.organizationId,
    name: `Integrations-${randomUUID().slice(0, 6)}`,
    roleIds: [role.id],
  });
  return {
    app: on,
    org: organization,
    admin: await signedIn(on.url, organization.admin.email),
    group,
    roleId: role.id,
  };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
  tenant = await tenantOf(app);
  org = tenant.org;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** An API user in the packages group, with a client: what an administrator hands an integrator. */
async function integration(of: Tenant = tenant) {
  const base = `/api/v1/organizations/${of.org.organizationId}`;
  const user = await of.admin.request<ApiUser>("POST", `${base}/api-users`, {
    json: { name: "Loan system", groupId: of.group.id, roleIds: [of.roleId] },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const client = await of.admin.request<ApiClientWithSecret>("POST", `${base}/api-users/${user.body.id}/api-clients`, {
    json: { name: "Loan origination" },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  return {
    clientId: client.body.client.clientId,
    clientSecret: client.body.secret.value,
    apiUserId: user.body.id,
  };
}

interface Seen {
  method: string;
  path: string;
  status: number;
  traceId: string | null;
  idempotencyKey: string | null;
  /** the API answered a retry with the first answer under its Idempotency-Key */
  replayed?: boolean;
}

/**
 * A real HTTP server in front of the API: `inject` may answer a request itself (a status and
 * headers); everything else is passed to the API. Every answer is logged.
 */
async function startProxy(
  target: string,
  inject: (method: string, path: string, index: number) => { status: number; headers?: Record<string, string> } | null,
  /** changes the API's JSON answer to a path before it is passed on */
  rewrite?: (path: string, body: Record<string, unknown>) => Record<string, unknown>,
  /** passes the request to the API but answers this status instead of the API's answer (a lost answer) */
  lose?: (method: string, path: string, index: number) => number | null,
) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (request, response) => {
    const method = request.method ?? "GET";
    const path = request.url ?? "/";
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const index = seen.filter((s) => s.method === method && s.path === path).length;
    const injected = inject(method, path, index);
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    if (injected) {
      seen.push({ method, path, status: injected.status, traceId: null, idempotencyKey });
      response.writeHead(injected.status, { "content-type": "application/json", ...injected.headers });
      response.end(
        JSON.stringify({ code: "INJECTED", message: "Injected by the test proxy", status: injected.status }),
      );
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && name !== "host" && name !== "content-length") headers.set(name, value);
    }
    const answer = await fetch(`${target}${path}`, {
      method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : null,
    });
    let bytes = Buffer.from(await answer.arrayBuffer());
    if (rewrite && answer.headers.get("content-type")?.includes("json")) {
      bytes = Buffer.from(JSON.stringify(rewrite(path, JSON.parse(bytes.toString("utf8")))));
    }
    const lost = lose?.(method, path, index) ?? null;
    seen.push({
      method,
      path,
      status: lost ?? answer.status,
      traceId: answer.headers.get("x-trace-id"),
      idempotencyKey,
      replayed: answer.headers.get("idempotent-replayed") === "true",
    });
    if (lost !== null) {
      response.writeHead(lost, { "content-type": "text/plain" });
      response.end("Bad gateway");
      return;
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "transfer-encoding" && name !== "content-length") out[name] = value;
    });
    response.writeHead(answer.status, out);
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const packagesPath = (orgId = org.organizationId) => `/api/v9/organizations/${orgId}/packages`;

describe("the typed client for integrators", () => {
  it("uploads from a stream: the stored document is the file, byte for byte", async () => {
    const client = createSignetClient({ baseUrl: app.url, ...(await integration()) });
    const pkg = await client.call(routes.createPackage, { params: { orgId: org.organizationId }, body: {} });
    const bytes = new Uint8Array(fixturePdf(FIXTURE));
    // several chunks, so the multipart body is produced as the stream is read
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.slice(at, at + 16_384));
        controller.close();
      },
    });
    const document = await client.upload(routes.uploadDocument, {
      params: { orgId: org.organizationId, packageId: pkg.id },
      file: stream,
      fileName: "streamed.pdf",
      fields: { documentProperties: { name: "Streamed" } },
    });
    expect([document.name, document.originalFileName]).toEqual(["Streamed", "streamed.pdf"]);
    expect(document.originalSha256 ?? document.sha256).toBe(sha256(bytes));
    const downloaded = await client.download(routes.downloadDocument, {
      params: { orgId: org.organizationId, packageId: pkg.id, documentId: document.id },
    });
    expect(sha256(downloaded)).toBe(document.sha256);
  });

  it("names every route by resource, fills the default organization and walks every page", async () => {
    const other = await tenantOf(app);
    const signet = createSignet({ baseUrl: app.url, ...(await integration(other)), orgId: other.org.organizationId });
    const created = [];
    for (let index = 0; index < 5; index++) {
      created.push(
        await signet.packages.create({ body: { name: `Paged ${index}` }, idempotencyKey: `paged-${index}` }),
      );
    }
    const read = await signet.packages.get({ params: { packageId: created[0]!.id } });
    expect(read.name).toBe("Paged 0");
    // the organization named in params wins over the default
    const elsewhere = await signet.packages
      .get({ params: { orgId: org.organizationId, packageId: created[0]!.id } })
      .catch((caught: unknown) => caught);
    expect(elsewhere).toBeInstanceOf(SignetApiError);

    const walked: string[] = [];
    for await (const pkg of signet.packages.list.all({
      query: { pageSize: 2, sortBy: "createdAt", sortDirection: "asc" },
    })) {
      walked.push(pkg.name);
    }
    expect(walked).toEqual(["Paged 0", "Paged 1", "Paged 2", "Paged 3", "Paged 4"]);
    // from a later page on, and with the server's default page size (one page)
    const fromSecond = [];
    for await (const pkg of signet.packages.list.all({ query: { pageSize: 2, pageNumber: 2, sortDirection: "asc" } })) {
      fromSecond.push(pkg.name);
    }
    expect(fromSecond).toEqual(["Paged 2", "Paged 3", "Paged 4"]);
    const all = [];
    for await (const pkg of signet.packages.list.all()) all.push(pkg.id);
    expect(all.length).toBe(5);
  });

  it("an error carries the status, code, message and the trace id of the response", async () => {
    const proxy = await startProxy(app.url, () => null);
    try {
      const client = createSignetClient({ baseUrl: proxy.url, ...(await integration()) });
      const missing = randomUUID();
      const error = await client
        .call(routes.getPackage, { params: { orgId: org.organizationId, packageId: missing } })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SignetApiError);
      // the kind of failure is a class a program can catch
      expect(error).toBeInstanceOf(SignetNotFoundError);
      const apiError = error as SignetApiError;
      expect([apiError.status, apiError.code]).toEqual([404, "NOT_FOUND"]);
      expect(apiError.message.length).toBeGreaterThan(0);
      const answered = proxy.seen.find((s) => s.path.endsWith(missing))!;
      expect(answered.traceId).toBeTruthy();
      expect(apiError.traceId).toBe(answered.traceId);

      // a bad request lists the fields
      const bad = (await client
        .call(routes.createPackage, {
          params: { orgId: org.organizationId },
          body: { name: "x".repeat(10_000) },
        })
        .catch((caught: unknown) => caught)) as SignetApiError;
      expect([bad.status, bad.code, bad instanceof SignetValidationError]).toEqual([400, "BAD_REQUEST", true]);
      expect(bad.details.map((detail) => detail.path)).toContain("name");
    } finally {
      await proxy.close();
    }
  });

  it("retries 503 and 429 answers, also of a create, until the API answers; the create happens once", async () => {
    const name = `Retried ${randomUUID()}`;
    const proxy = await startProxy(app.url, (method, path, index) => {
      if (path === "/cas/oauth/token" && index === 0) return { status: 503, headers: { "retry-after": "0" } };
      if (method === "POST" && path === packagesPath() && index < 2) return { status: index === 0 ? 503 : 429 };
      if (method === "GET" && path.startsWith(packagesPath()) && index === 0)
        return { status: 429, headers: { "retry-after": "0" } };
      return null;
    });
    try {
      const client = createSignetClient({ baseUrl: proxy.url, ...(await integration()), retryBaseDelayMs: 5 });
      const created = await client.call(routes.createPackage, {
        params: { orgId: org.organizationId },
        body: { name },
      });
      const read = await client.call(routes.getPackage, {
        params: { orgId: org.organizationId, packageId: created.id },
      });
      expect(read.name).toBe(name);
      expect(proxy.seen.map((s) => `${s.method} ${s.status}`)).toEqual([
        "POST 503",
        "POST 200",
        "POST 503",
        "POST 429",
        "POST 201",
        "GET 429",
        "GET 200",
      ]);
      expect(await app.server.db.package.count({ where: { organizationId: org.organizationId, name } })).toBe(1);
      // the create's attempts share one idempotency key; reads and the token request carry none
      const keys = proxy.seen.map((s) => s.idempotencyKey);
      expect(keys.slice(2, 5).every((key) => key !== null && key === keys[2])).toBe(true);
      expect([keys[0], keys[1], keys[5], keys[6]]).toEqual([null, null, null, null]);
    } finally {
      await proxy.close();
    }
  });

  it("gives up after maxRetries with the last answer as the error", async () => {
    const proxy = await startProxy(app.url, (method, path) =>
      method === "GET" && path.startsWith(packagesPath()) ? { status: 503, headers: { "retry-after": "0" } } : null,
    );
    try {
      const client = createSignetClient({ baseUrl: proxy.url, ...(await integration()), maxRetries: 2 });
      const error = (await client
        .call(routes.listPackages, { params: { orgId: org.organizationId } })
        .catch((caught: unknown) => caught)) as SignetApiError;
      expect([error.status, error.code, error.retryAfterMs]).toEqual([503, "INJECTED", 0]);
      expect(proxy.seen.filter((s) => s.method === "GET").length).toBe(3);
    } finally {
      await proxy.close();
    }
  });

  it("retries a create whose answer was lost (502 after the API acted) under its key: it happens once", async () => {
    const name = `Lost answer ${Date.now()}`;
    const proxy = await startProxy(
      app.url,
      () => null,
      undefined,
      // the API creates the package, the gateway loses its answer the first time
      (method, path, index) => (method === "POST" && path === packagesPath() && index === 0 ? 502 : null),
    );
    try {
      const client = createSignetClient({ baseUrl: proxy.url, ...(await integration()), retryBaseDelayMs: 5 });
      const created = await client.call(routes.createPackage, {
        params: { orgId: org.organizationId },
        body: { name },
      });
      const posts = proxy.seen.filter((s) => s.method === "POST" && s.path === packagesPath());
      expect(posts.map((s) => s.status)).toEqual([502, 201]);
      expect(new Set(posts.map((s) => s.idempotencyKey)).size).toBe(1);
      expect(posts[1]?.replayed).toBe(true);
      const stored = await app.server.db.package.findMany({ where: { organizationId: org.organizationId, name } });
      expect(stored.map((row) => row.id)).toEqual([created.id]);
    } finally {
      await proxy.close();
    }
  });

  it("gives up on a create after maxRetries 502s, and does not wait on a Retry-After beyond its limit", async () => {
    const proxy = await startProxy(app.url, (method, path) => {
      if (method === "POST" && path === packagesPath()) return { status: 502 };
      if (method === "GET" && path.startsWith(packagesPath()))
        return { status: 429, headers: { "retry-after": "3600" } };
      return null;
    });
    try {
      const client = createSignetClient({ baseUrl: proxy.url, ...(await integration()), retryBaseDelayMs: 5 });
      const failed = (await client
        .call(routes.createPackage, { params: { orgId: org.organizationId }, body: {} })
        .catch((caught: unknown) => caught)) as SignetApiError;
      expect(failed.status).toBe(502);
      expect(proxy.seen.filter((s) => s.method === "POST" && s.path === packagesPath()).length).toBe(5);

      const throttled = (await client
        .call(routes.listPackages, { params: { orgId: org.organizationId } })
        .catch((caught: unknown) => caught)) as SignetApiError;
      expect([throttled.status, throttled.retryAfterMs]).toEqual([429, 3_600_000]);
      expect(proxy.seen.filter((s) => s.method === "GET").length).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it("signs in once for many calls, and again once when a token is refused (401)", async () => {
    const proxy = await startProxy(app.url, (method, path, index) =>
      method === "GET" && path.startsWith(`${packagesPath()}?`) && index === 2 ? { status: 401 } : null,
    );
    try {
      const client = createSignetClient({ baseUrl: proxy.url, ...(await integration()) });
      const list = () =>
        client.call(routes.listPackages, { params: { orgId: org.organizationId }, query: { pageSize: 5 } });
      await Promise.all([list(), list()]);
      expect(proxy.seen.filter((s) => s.path === "/cas/oauth/token").length).toBe(1);
      // the third GET is refused once: a new token is fetched and the call repeated
      const page = await list();
      expect(Array.isArray(page.records)).toBe(true);
      expect(proxy.seen.map((s) => `${s.method} ${s.status}`).slice(-3)).toEqual(["GET 401", "POST 200", "GET 200"]);
      expect(proxy.seen.filter((s) => s.path === "/cas/oauth/token").length).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it("waits out the API's real per-client rate limit (429) and then succeeds", async () => {
    // its own app: a limit of 3 calls a second for each client
    const limited = await startTestApp({
      ...ACCESS_TEST_ENV,
      API_CLIENT_RATE_LIMIT_MAX: "3",
      API_CLIENT_RATE_LIMIT_WINDOW_SECONDS: "1",
    });
    const proxy = await startProxy(limited.url, () => null);
    try {
      const there = await tenantOf(limited);
      const { apiUserId: _, ...credentials } = await integration(there);
      const client = createSignetClient({ baseUrl: proxy.url, ...credentials, maxRetries: 8, retryBaseDelayMs: 100 });
      const pages = [];
      for (let i = 0; i < 7; i++) {
        pages.push(await client.call(routes.listPackages, { params: { orgId: there.org.organizationId } }));
      }
      expect(pages).toHaveLength(7);
      const statuses = proxy.seen.filter((s) => s.method === "GET").map((s) => s.status);
      // the limit was really reached, and every throttled call was repeated until answered
      expect(statuses).toContain(429);
      expect(statuses.filter((status) => status === 200)).toHaveLength(7);
      expect(new Set(statuses)).toEqual(new Set([200, 429]));
    } finally {
      await proxy.close();
      await limited.close();
    }
  });

  it("renews a token before it expires: a token that is already due is never sent", async () => {
    // the proxy shortens every token's announced lifetime to nothing, so each call must sign in first
    const proxy = await startProxy(
      app.url,
      () => null,
      (path, body) => (path === "/cas/oauth/token" ? { ...body, expires_in: 0 } : body),
    );
    try {
      const { apiUserId: _, ...credentials } = await integration();
      const client = createSignetClient({ baseUrl: proxy.url, ...credentials });
      for (let i = 0; i < 3; i++) await client.call(routes.listPackages, { params: { orgId: org.organizationId } });
      expect(proxy.seen.map((s) => `${s.method} ${s.status}`)).toEqual([
        "POST 200",
        "GET 200",
        "POST 200",
        "GET 200",
        "POST 200",
        "GET 200",
      ]);
    } finally {
      await proxy.close();
    }
  });

  it("reports wrong credentials as the token endpoint's error", async () => {
    const { clientId } = await integration();
    const client = createSignetClient({ baseUrl: app.url, clientId, clientSecret: "sgs_wrong" });
    const error = (await client
      .call(routes.listPackages, { params: { orgId: org.organizationId } })
      .catch((caught: unknown) => caught)) as SignetApiError;
    expect(error).toBeInstanceOf(SignetApiError);
    expect([error.status, error.code]).toEqual([401, "invalid_client"]);
  });
});

// Compile-time proof that calls are typed from the contract (tsc checks this file; it never runs).
export function typedCallsAreChecked() {
  const client = createSignetClient({ baseUrl: "", clientId: "", clientSecret: "" });
  // @ts-expect-error a package has no field "title"
  void client.call(routes.createPackage, { params: { orgId: "" }, body: { title: "x" } });
  // @ts-expect-error the path needs packageId
  void client.call(routes.getPackage, { params: { orgId: "" } });
  void client.call(routes.getPackage, { params: { orgId: "", packageId: "" } }).then((pkg) => {
    // @ts-expect-error the answer is a parsed Package, whose status is a known word
    const wrong: "DRAFT" = pkg.status;
    return wrong;
  });
}
