import { existsSync } from "node:fs";
import { join } from "node:path";
import { HEADERS, MAIL_HEADER_TEXT_MESSAGE, MESSAGES, SIGNING_ROOM_HEADER, type SigningUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf, upload } from "./support/document-upload.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createPackage } from "./support/package-fixtures.ts";
import { type SignablePackage, SigningClient, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { cookieHeader } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 10 §1 and §5, case by case: the inputs that answered 500 (NUL, lone surrogates, broken
// multipart bodies), the JSON documentProperties part, header injection through mail fields, what a
// rate limit says, and the folder a refused upload left behind.

let app: TestApp;
let s: SignablePackage;
let participant: SigningClient;
const db = () => app.server.db;

beforeAll(async () => {
  app = await startTestApp({ ...ACCESS_TEST_ENV });
  s = await signablePackage(app, db(), {
    signers: [{ givenName: "Ada", email: "ada@example.com", accessMethod: "API" }],
  });
  await sendPackage(s, db());
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(s.signers[0]!.id), { json: {} });
  participant = new SigningClient(app.server.signingRoom!.url);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  expect((await participant.request("POST", "/api/v1/signing/sessions", { json: { token } })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

interface ErrorReply {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

async function raw(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; body: ErrorReply }> {
  // a copy in its own ArrayBuffer: the body type fetch declares (with the DOM types some libraries pull in)
  const payload = typeof body === "string" || body === undefined ? body : new Uint8Array(body);
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : { code: "", message: text } };
}

const adminHeaders = (client: HttpClient, extra: Record<string, string> = {}) => ({
  cookie: cookieHeader(client),
  [HEADERS.csrf]: client.jar.get(client.csrfCookie) ?? "",
  ...extra,
});

const paths = () => ({
  packages: `/api/v9/organizations/${s.org.organizationId}/packages`,
  workspace: `/api/v9/organizations/${s.org.organizationId}/workspace-packages`,
  participants: `${s.api.package}/participants`,
  customConsents: `/api/v1/organizations/${s.org.organizationId}/custom-consents`,
  sealCertificate: `/api/v1/organizations/${s.org.organizationId}/seal-certificate`,
  settings: `/api/v1/organizations/${s.org.organizationId}/settings/signing-room`,
});

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL in a sign-in form field with 400 naming the field (it was a 500, unauthenticated)", async () => {
    const reply = await raw(
      app.url,
      "POST",
      "/cas/oauth/token",
      { "content-type": "application/x-www-form-urlencoded" },
      "grant_type=password&client_id=signet-web&username=a%00b&password=x",
    );
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe("BAD_REQUEST");
    expect(reply.body.message).toBe("body.username must not contain NUL characters.");
    expect(reply.body.details).toEqual([{ path: "body.username", message: "must not contain NUL characters" }]);
  });

  it("refuses a NUL in a JSON body and stores nothing", async () => {
    const before = await db().package.count();
    const reply = await s.admin.request<ErrorReply>("POST", paths().packages, { json: { name: "Loan\u0000file" } });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: "body.name", message: "must not contain NUL characters" }]);
    expect(await db().package.count()).toBe(before);
  });

  it("refuses a lone surrogate in a JSON string (the audit insert refused it) and stores nothing", async () => {
    const before = await db().participant.count();
    const reply = await s.admin.request<ErrorReply>("POST", paths().participants, {
      json: { type: "Borrower", givenName: "x\uD800y", familyName: "Doe", accessMethod: "API" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details?.[0]).toEqual({
      path: "body.givenName",
      message: "must be valid Unicode text (it holds a lone surrogate)",
    });
    expect(await db().participant.count()).toBe(before);
  });

  it("refuses a NUL in a search query", async () => {
    const reply = await s.admin.request<ErrorReply>("GET", `${paths().workspace}?text=Okafor%00`);
    expect(reply.status).toBe(400);
    expect(reply.body.details?.[0]?.path).toBe("query.text");
  });

  it("refuses a NUL in the signing room's JSON", async () => {
    const reply = await participant.request<ErrorReply>("PUT", "/api/v1/signing/language", {
      json: { language: "en\u0000" },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details?.[0]?.path).toBe("body.language");
  });
});

const BOUNDARY = "----signet-test";
const filePart = (name: string, fileName: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;
const multipart = (...parts: string[]) => Buffer.from(`${parts.join("")}--${BOUNDARY}--\r\n`);
const PDF = fixturePdf("minimal-document.pdf").toString("latin1");

/** The three broken bodies found by the fuzz: no boundary, another boundary, cut short. */
const brokenBodies = (field: string) => [
  { name: "no boundary", type: "multipart/form-data", body: multipart(filePart(field, "a.pdf", "%PDF-1.4")) },
  {
    name: "another boundary",
    type: "multipart/form-data; boundary=another",
    body: multipart(filePart(field, "a.pdf", "%PDF-1.4")),
  },
  {
    name: "cut short",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(filePart(field, "a.pdf", PDF)).subarray(0, 400),
  },
];

describe("broken multipart bodies answer 400 on every upload route, storing nothing", () => {
  let draftDocuments = "";
  beforeAll(async () => {
    const draft = await createPackage(s.admin, { packages: paths().packages } as never, { name: "Draft" });
    draftDocuments = `/api/v4/organizations/${s.org.organizationId}/packages/${draft.id}/documents`;
  });
  const uploads = (): {
    route: string;
    base: string;
    path: string;
    field: string;
    auth: Record<string, string>;
    method?: string;
  }[] => [
    { route: "document upload", base: app.url, path: draftDocuments, field: "contents", auth: adminHeaders(s.admin) },
    {
      route: "custom consent",
      base: app.url,
      path: paths().customConsents,
      field: "file",
      auth: adminHeaders(s.admin),
    },
    {
      route: "seal certificate",
      base: app.url,
      path: paths().sealCertificate,
      field: "file",
      auth: adminHeaders(s.admin),
      method: "PUT",
    },
    {
      route: "signer upload",
      base: app.server.signingRoom!.url,
      path: `/api/v1/signing/stips/${crypto.randomUUID()}/uploads`,
      field: "file",
      auth: { cookie: cookieHeader(participant), [SIGNING_ROOM_HEADER]: "1" },
    },
    {
      route: "seal verification",
      base: app.server.signingRoom!.url,
      path: "/api/v1/seal-verifications",
      field: "file",
      auth: { [SIGNING_ROOM_HEADER]: "1" },
    },
  ];

  it("answers 400 with a message, never 500", async () => {
    const documents = await db().document.count();
    const consents = await db().consentDocument.count();
    for (const target of uploads()) {
      for (const broken of brokenBodies(target.field)) {
        const reply = await raw(
          target.base,
          target.method ?? "POST",
          target.path,
          { ...target.auth, "content-type": broken.type },
          broken.body,
        );
        expect(reply.status, `${target.route}, ${broken.name}`).toBe(400);
        expect(reply.body.code, `${target.route}, ${broken.name}`).toBe("BAD_REQUEST");
        expect(reply.body.message.length).toBeGreaterThan(10);
      }
    }
    expect(await db().document.count()).toBe(documents);
    expect(await db().consentDocument.count()).toBe(consents);
  });

  it("names the body when the multipart framing is broken", async () => {
    const [noBoundary] = brokenBodies("contents");
    const reply = await raw(
      app.url,
      "POST",
      draftDocuments,
      { ...adminHeaders(s.admin), "content-type": noBoundary!.type },
      noBoundary!.body,
    );
    expect(reply.body.message).toMatch(/^The request body is not valid multipart\/form-data/);
    expect(reply.body.details).toEqual([
      { path: "body", message: "The request body is not valid multipart/form-data" },
    ]);
  });

  it("refuses a NUL in an uploaded file's name, naming the part", async () => {
    const pkg = await createPackage(s.admin, { packages: paths().packages } as never, { name: "NUL file name" });
    const reply = await raw(
      app.url,
      "POST",
      `/api/v4/organizations/${s.org.organizationId}/packages/${pkg.id}/documents`,
      { ...adminHeaders(s.admin), "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      multipart(filePart("contents", "note\u0000.pdf", PDF)),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: "contents.filename", message: "must not contain NUL characters" }]);
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
  });
});

describe("documentProperties sent as application/json", () => {
  it("is read as JSON, not as '[object Object]'", async () => {
    const pkg = await createPackage(s.admin, { packages: paths().packages } as never, { name: "JSON part" });
    const properties = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentProperties"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name: "Closing disclosure", executionType: "VIEW_ONLY" })}\r\n`;
    const response = await fetch(
      `${app.url}/api/v4/organizations/${s.org.organizationId}/packages/${pkg.id}/documents`,
      {
        method: "POST",
        headers: { ...adminHeaders(s.admin), "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
        body: Buffer.concat([
          Buffer.from(properties),
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="contents"; filename="cd.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          fixturePdf("minimal-document.pdf"),
          Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
        ]),
      },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "Closing disclosure", executionType: "VIEW_ONLY" });
  });

  it("refuses a lone surrogate inside the JSON part", async () => {
    const pkg = await createPackage(s.admin, { packages: paths().packages } as never, { name: "JSON surrogate" });
    const reply = await raw(
      app.url,
      "POST",
      `/api/v4/organizations/${s.org.organizationId}/packages/${pkg.id}/documents`,
      { ...adminHeaders(s.admin), "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      multipart(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="documentProperties"\r\nContent-Type: application/json\r\n\r\n{"name":"x\\ud800"}\r\n`,
        filePart("contents", "a.pdf", PDF),
      ),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.details?.[0]?.path).toBe("documentProperties.name");
    expect(await db().document.count({ where: { packageId: pkg.id } })).toBe(0);
  });
});

describe("a refused upload leaves nothing in the blob store", () => {
  it("leaves no empty folder for the package", async () => {
    const pkg = await createPackage(s.admin, { packages: paths().packages } as never, { name: "Refused upload" });
    const reply = await upload(
      s.admin,
      `/api/v4/organizations/${s.org.organizationId}/packages/${pkg.id}/documents`,
      Buffer.from("MZ this is not a document at all"),
      { fileName: "setup.pdf", contentType: "application/pdf" },
    );
    expect(reply.status).toBe(415);
    const folder = join(app.server.dataDir, "blobs", "documents", s.org.organizationId, pkg.id);
    expect(existsSync(folder)).toBe(false);
  });
});

describe("nothing that becomes a mail header takes a line break", () => {
  it.each([
    ["package name", () => ({ method: "POST", path: paths().packages, json: { name: "Loan\r\nBcc: x@example.com" } })],
    [
      "email subject",
      () => ({
        method: "PATCH",
        path: s.api.package,
        json: { version: 1, emailSubject: "Sign\r\nBcc: x@example.com" },
      }),
    ],
    [
      "sender name",
      () => ({ method: "PATCH", path: paths().settings, json: { email_from_text: "Bank\nBcc: x@example.com" } }),
    ],
    [
      "organization name",
      () => ({
        method: "PATCH",
        path: `/api/v1/organizations/${s.org.organizationId}`,
        json: { version: 1, name: "Demo\rLending" },
      }),
    ],
  ])("refuses CR/LF in the %s", async (_field, request) => {
    const { method, path, json } = request();
    const reply = await s.admin.request<ErrorReply>(method, path, { json });
    expect(reply.status).toBe(400);
    expect(reply.body.details?.map((detail) => detail.message)).toContain(MAIL_HEADER_TEXT_MESSAGE);
  });
});

describe("a rate limit says what it limited", () => {
  it("the public seal verification speaks of verifications, not sign-ins", async () => {
    let last: { status: number; body: ErrorReply } | null = null;
    for (let i = 0; i < 31; i++) {
      last = await raw(
        app.server.signingRoom!.url,
        "POST",
        "/api/v1/seal-verifications",
        { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, [SIGNING_ROOM_HEADER]: "1" },
        multipart(filePart("file", "a.pdf", "%PDF-1.4 not sealed")),
      );
    }
    expect(last!.status).toBe(429);
    expect(last!.body).toMatchObject({ code: "RATE_LIMITED", message: MESSAGES.tooManySealVerifications });
    expect(last!.body.message).not.toMatch(/sign-in/);
  });
});
