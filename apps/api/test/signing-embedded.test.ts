import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type PackageVerification,
  type SealedArtifact,
  SIGNING_ADMIN_MESSAGES,
  type SigningRoom,
  type SigningRoomIdentifier,
  type SigningRoomSettings,
  type SigningUrl,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { packageOrg } from "./support/package-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  packageApi,
  type SignablePackage,
  SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { cookieHeader, type ErrorBody, linkIdOf, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §1, §3: API participants (no message; the integrator asks for a signing URL), embedding
// the signing room only in origins the organization allows (frame-ancestors), and the tenancy of
// the members' signing routes.

// The signing room's page is served from its build (apps/signing-room/dist), which a test run may
// not have (or may see rebuilt meanwhile). The framing rules are the server's, whatever the page:
// a stand-in index.html (SIGNING_ROOM_DIST) makes them checkable in every run.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const dist = mkdtempSync(join(tmpdir(), "signet-room-dist-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Signing room (test stand-in)</title>");
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url, SIGNING_ROOM_DIST: dist });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const BANK = "https://bank.example";

/** Ada signs by API (the integrator's participant, with an email address all the same), Ben by email. */
async function apiPackage(tag: string): Promise<SignablePackage> {
  return signablePackage(app, db(), {
    signers: [
      { givenName: "Ada", accessMethod: "API", email: `ada-${tag}@embedded.example.com` },
      { givenName: "Ben", email: `ben-${tag}@embedded.example.com` },
    ],
  });
}

const signingUrlFor = (s: SignablePackage, participantId: string, body: object = {}) =>
  s.admin.request<SigningUrl & ErrorBody>("POST", s.api.signingUrl(participantId), { json: body });

const tokenOfUrl = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop()!);

/** The signing room's page for a path, as a browser asks for it (optionally with a session cookie). */
async function page(path: string, cookie?: string) {
  const response = await fetch(`${signingUrl()}${path}`, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    frameAncestors: /frame-ancestors ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1],
    xFrameOptions: response.headers.get("x-frame-options"),
  };
}

describe("API participants", () => {
  it("sends no message to an API participant; the integrator finds them among the identifiers", async () => {
    const s = await apiPackage("silent");
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    await sendPackage(s, db());
    // Ben (EMAIL) is invited by email; the outbox was written in the send's transaction
    await invitationTo(smtp, ben.email!);

    const adaRow = await db().participant.findUniqueOrThrow({ where: { id: ada.id } });
    expect(adaRow.signingStatus).toBe("INVITED");
    expect(await db().signingLink.count({ where: { participantId: ada.id } })).toBe(0);
    const invited = (await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "participant.invited");
    expect(invited.map((event) => event.data)).toEqual(
      expect.arrayContaining([
        { participantId: ada.id, channel: "API", linkId: null },
        expect.objectContaining({ participantId: ben.id, channel: "EMAIL" }),
      ]),
    );
    const queued = await db().outboxMessage.findMany({
      where: { jobName: { in: ["signing.invitation", "email.send"] } },
    });
    const adaLinks = new Set((await db().signingLink.findMany({ where: { participantId: ada.id } })).map((l) => l.id));
    expect(queued.filter((message) => adaLinks.has((message.payload as { linkId?: string }).linkId ?? ""))).toEqual([]);
    expect(JSON.stringify(queued.map((message) => message.payload))).not.toContain(ada.email!);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(ada.email!))).toEqual([]);

    const identifiers = await s.admin.get<{ records: SigningRoomIdentifier[]; count: number }>(s.api.identifiers);
    expect(identifiers.status).toBe(200);
    expect(
      identifiers.body.records.map((record) => [record.identifier, record.accessMethod, record.signingStatus]),
    ).toEqual([
      [ada.id, "API", "INVITED"],
      [ben.id, "EMAIL", "INVITED"],
    ]);
    expect(identifiers.body.records[0]).toMatchObject({
      participantUid: ada.id,
      packageUid: s.pkg.id,
      organizationUid: s.org.organizationId,
    });
  });
});

describe("embedded signing", () => {
  it("issues a signing URL for a parent origin only when embedding is on and the origin is allowed", async () => {
    const s = await apiPackage("embed");
    const ada = s.signers[0]!;
    await sendPackage(s, db());
    const linksOfAda = () => db().signingLink.findMany({ where: { participantId: ada.id } });

    const off = await signingUrlFor(s, ada.id, { parentOrigin: BANK });
    expect([off.status, off.body.code, off.body.message]).toEqual([
      409,
      "CONFLICT",
      SIGNING_ADMIN_MESSAGES.embeddedDisabled,
    ]);
    expect(await linksOfAda()).toEqual([]);

    await db().organization.update({ where: { id: s.org.organizationId }, data: { embeddedSrEnabled: true } });
    const unknown = await signingUrlFor(s, ada.id, { parentOrigin: "https://evil.example" });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      400,
      "BAD_REQUEST",
      SIGNING_ADMIN_MESSAGES.originNotAllowed,
    ]);
    expect(unknown.body.message).toBe(
      "This origin is not allowed to embed the signing room. Add it in the signing room settings.",
    );
    expect(unknown.body.details).toEqual([{ path: "parentOrigin", message: SIGNING_ADMIN_MESSAGES.originNotAllowed }]);
    expect(await linksOfAda()).toEqual([]);

    // the product's own web app may always embed it (its public origin)
    const own = new URL(app.server.config.publicUrl).origin;
    const ownUrl = await signingUrlFor(s, ada.id, { parentOrigin: `${own}/embedded-signing-demo` });
    expect(ownUrl.status, JSON.stringify(ownUrl.body)).toBe(201);
    expect(new URL(ownUrl.body.signingURL).origin).toBe(new URL(signingUrl()).origin);
    expect(Date.parse(ownUrl.body.expiresAt)).toBeLessThanOrEqual(Date.now() + 31 * 60_000);

    // an origin the organization allows in its settings
    const settings = await s.admin.request<SigningRoomSettings>(
      "PATCH",
      `/api/v1/organizations/${s.org.organizationId}/settings/signing-room`,
      { json: { embedded_allowed_origins: [`${BANK}/portal/sign`] } },
    );
    expect([settings.status, settings.body.embedded_allowed_origins]).toEqual([200, [BANK]]);
    const bankUrl = await signingUrlFor(s, ada.id, { parentOrigin: BANK });
    expect(bankUrl.status, JSON.stringify(bankUrl.body)).toBe(201);
    const bankToken = tokenOfUrl(bankUrl.body.signingURL);
    const links = await linksOfAda();
    expect(links.map((link) => [link.channel, link.parentOrigin]).sort()).toEqual(
      [
        ["API", BANK],
        ["API", own],
      ].sort(),
    );
    const issued = (await packageAudit(db(), s.pkg.id)).filter(
      (event) => event.type === "participant.signing-url-issued",
    );
    expect(issued.map((event) => (event.data as { parentOrigin: string }).parentOrigin).sort()).toEqual(
      [BANK, own].sort(),
    );

    // the room remembers its parent (the only origin it posts events to)
    const opened = await new SigningClient(signingUrl()).request<SigningRoom>("POST", "/api/v1/signing/sessions", {
      json: { token: bankToken },
    });
    expect(opened.status).toBe(201);
    expect(opened.body.parentOrigin).toBe(BANK);
    const authenticated = (await packageAudit(db(), s.pkg.id)).find(
      (event) => event.type === "participant.authenticated",
    );
    expect(authenticated?.data).toMatchObject({ method: "API_LINK", embedded: true, linkId: linkIdOf(bankToken) });
  });

  it("lets only the link's allowed parent origin frame the signing room page", async () => {
    const s = await apiPackage("frame");
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    await sendPackage(s, db());
    await db().organization.update({ where: { id: s.org.organizationId }, data: { embeddedSrEnabled: true } });
    await s.admin.request("PATCH", `/api/v1/organizations/${s.org.organizationId}/settings/signing-room`, {
      json: { embedded_allowed_origins: [BANK] },
    });
    const embedded = await signingUrlFor(s, ada.id, { parentOrigin: BANK });
    const plain = await signingUrlFor(s, ada.id, {});
    expect([embedded.status, plain.status]).toEqual([201, 201]);
    const embeddedPath = new URL(embedded.body.signingURL).pathname;
    const emailToken = linkToken(await invitationTo(smtp, ben.email!));

    const framed = await page(embeddedPath);
    expect([framed.status, framed.type]).toEqual([200, expect.stringContaining("text/html")]);
    expect(framed.frameAncestors).toBe(`'self' ${BANK}`);
    expect(framed.xFrameOptions).toBeNull();

    for (const path of [new URL(plain.body.signingURL).pathname, `/s/${encodeURIComponent(emailToken)}`]) {
      const normal = await page(path);
      expect([normal.status, normal.frameAncestors, normal.xFrameOptions]).toEqual([200, "'none'", "DENY"]);
    }
    // a forged token and the API (a 404 here) are never framable either
    expect((await page(`${embeddedPath.slice(0, -3)}xyz`)).frameAncestors).toBe("'none'");
    const missing = await page("/api/v1/signing/nothing-here");
    expect([missing.status, missing.frameAncestors, missing.xFrameOptions]).toEqual([404, "'none'", "DENY"]);

    // inside the session (the room's own pages) the parent stays allowed
    const client = new SigningClient(signingUrl());
    const opened = await client.request<SigningRoom>("POST", "/api/v1/signing/sessions", {
      json: { token: tokenOfUrl(embedded.body.signingURL) },
    });
    expect(opened.body.parentOrigin).toBe(BANK);
    expect((await page("/", cookieHeader(client))).frameAncestors).toBe(`'self' ${BANK}`);
    expect((await page("/")).frameAncestors).toBe("'none'");

    // embedding switched off: the same page may not be framed any more
    await db().organization.update({ where: { id: s.org.organizationId }, data: { embeddedSrEnabled: false } });
    expect((await page(embeddedPath)).frameAncestors).toBe("'none'");
    expect((await page("/", cookieHeader(client))).frameAncestors).toBe("'none'");
  });
});

describe("tenancy of the members' signing routes", () => {
  it("answers 404 to another organization's admin on every signing admin route of the package", async () => {
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Ada", accessMethod: "API", email: "ada-tenancy@embedded.example.com" }],
    });
    const ada = s.signers[0]!;
    await sendPackage(s, db());
    const url = await signingUrlFor(s, ada.id);
    expect(url.status).toBe(201);
    const { client, room } = await openAndConsent(signingUrl(), tokenOfUrl(url.body.signingURL));
    expect((await signEverything(client, room)).body.stage).toBe("FINISHED");
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    expect(artifacts.body.records).toHaveLength(2);
    const artifactId = artifacts.body.records[0]!.id;

    const routes = (api: ReturnType<typeof packageApi>) => [
      { method: "GET", path: api.identifiers },
      { method: "POST", path: api.signingUrl(ada.id), json: {} },
      { method: "GET", path: api.verification },
      { method: "GET", path: api.sealedArtifacts },
      { method: "GET", path: api.sealedFile(artifactId) },
      { method: "GET", path: api.sealedZip },
    ];
    const call = (who: HttpClient, route: { method: string; path: string; json?: object }) =>
      who.request<ErrorBody>(route.method, route.path, route.json ? { json: route.json } : {});

    // the owner sees them (the signing URL is refused only because the package is complete)
    const own = await Promise.all(routes(s.api).map((route) => call(s.admin, route)));
    expect(own.map((reply) => reply.status)).toEqual([200, 409, 200, 200, 200, 200]);
    expect((own[2]!.body as unknown as PackageVerification).valid).toBe(true);

    const other = await packageOrg(db(), app.url);
    const throughOwnOrganization = routes(packageApi(other.org.organizationId, s.pkg.id));
    for (const route of throughOwnOrganization) {
      const reply = await call(other.admin, route);
      expect([reply.status, reply.body.code], `${route.method} ${route.path}`).toEqual([404, "NOT_FOUND"]);
    }
    // through the owner's organization, where they are no member: the same 404, nothing shown
    for (const route of routes(s.api)) {
      const reply = await call(other.admin, route);
      expect([reply.status, reply.body.code], `${route.method} ${route.path}`).toEqual([404, "NOT_FOUND"]);
      expect(JSON.stringify(reply.body)).not.toContain(ada.id);
    }
    expect(await db().signingLink.count({ where: { participantId: ada.id } })).toBe(1);
    const copies = (await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "copy.issued");
    expect(copies).toHaveLength(3); // the owner's downloads only: one file, then both in the zip
  });
});
