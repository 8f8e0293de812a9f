import { randomUUID } from "node:crypto";
import { EXPIRED_CANCELLATION_REASON, type Package, SIGNING_MESSAGES, SIGNING_SESSION_COOKIE } from "@signet/contract";
import { runDuePackageTransitions } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SignablePackage,
  SigningClient,
  sendPackage,
  signablePackage,
} from "./support/signing-fixtures.ts";
import { cookieHeader, type ErrorBody, linkIdOf, openRoom, sessionSecret } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §2, §6: single-use, expiring signing links and the sessions they open — forged, reused,
// expired and raced links, the session cookie and the signing-room header, and what an open
// session sees when the package is cancelled, corrected or expires under it.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const signingUrl = () => app.server.signingRoom!.url;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A sent parallel package (Ada and Ben by email) with both invitation tokens read from the real emails. */
async function sentPackage(): Promise<SignablePackage & { adaToken: string; benToken: string }> {
  const s = await signablePackage(app, db(), {
    signers: [
      { givenName: "Ada", email: `ada-${randomUUID().slice(0, 8)}@example.com` },
      { givenName: "Ben", email: `ben-${randomUUID().slice(0, 8)}@example.com` },
    ],
  });
  await sendPackage(s, db());
  const adaToken = linkToken(await invitationTo(smtp, s.signers[0]!.email!));
  const benToken = linkToken(await invitationTo(smtp, s.signers[1]!.email!));
  return { ...s, adaToken, benToken };
}

const sessionsOf = (packageId: string) => db().signingSession.findMany({ where: { packageId } });
const version = async (packageId: string) =>
  (await db().package.findUniqueOrThrow({ where: { id: packageId }, select: { version: true } })).version;

describe("signing links", () => {
  it("refuses a forged or garbled token with 404 SIGNING_LINK_INVALID and opens nothing", async () => {
    const s = await sentPackage();
    const [linkId, mac] = s.adaToken.split(".") as [string, string];
    const benLinkId = linkIdOf(s.benToken);
    const forged = [
      "garbled-token-that-means-nothing",
      `${linkId}.${"A".repeat(mac.length)}`, // right id, forged MAC
      `${benLinkId}.${mac}`, // another link's id with Ada's MAC
      `${randomUUID()}.${mac}`, // an unknown id
      `${s.adaToken}.extra`,
      s.adaToken.slice(0, -2),
    ];
    for (const token of forged) {
      const { reply } = await openRoom(signingUrl(), token);
      expect([reply.status, reply.body.code, reply.body.message], token).toEqual([
        404,
        "SIGNING_LINK_INVALID",
        SIGNING_MESSAGES.linkInvalid,
      ]);
      expect(reply.cookies.has(SIGNING_SESSION_COOKIE)).toBe(false);
    }
    expect(await sessionsOf(s.pkg.id)).toHaveLength(0);
    const link = await db().signingLink.findUniqueOrThrow({ where: { id: linkId } });
    expect(link.usedAt).toBeNull();
    // the genuine token was not spent by the attempts
    const genuine = await openRoom(signingUrl(), s.adaToken);
    expect(genuine.reply.status).toBe(201);
  });

  it("answers 410 SIGNING_LINK_USED for a link opened before, and sets an HttpOnly, SameSite=Strict cookie", async () => {
    const s = await sentPackage();
    const first = await openRoom(signingUrl(), s.adaToken);
    expect(first.reply.status).toBe(201);
    expect(first.reply.body.stage).toBe("CONSENT");
    const cookie = first.reply.cookies.get(SIGNING_SESSION_COOKIE);
    expect(cookie).toBeDefined();
    const attributes = cookie!.attributes.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=strict");
    expect(attributes).toContain("path=/");
    // plain http (one machine): no Secure flag, no __Secure- prefix
    expect(attributes).not.toContain("secure");

    const again = await openRoom(signingUrl(), s.adaToken);
    expect([again.reply.status, again.reply.body.code, again.reply.body.message]).toEqual([
      410,
      "SIGNING_LINK_USED",
      SIGNING_MESSAGES.linkUsed,
    ]);
    expect(again.reply.cookies.has(SIGNING_SESSION_COOKIE)).toBe(false);
    expect(await sessionsOf(s.pkg.id)).toHaveLength(1);
    const ada = await db().participant.findUniqueOrThrow({ where: { id: s.signers[0]!.id } });
    expect(ada.signingStatus).toBe("OPENED");
  });

  it("answers 410 SIGNING_LINK_EXPIRED for a link past its expiry, leaving it unused", async () => {
    const s = await sentPackage();
    const linkId = linkIdOf(s.adaToken);
    await db().signingLink.update({ where: { id: linkId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const { reply } = await openRoom(signingUrl(), s.adaToken);
    expect([reply.status, reply.body.code, reply.body.message]).toEqual([
      410,
      "SIGNING_LINK_EXPIRED",
      SIGNING_MESSAGES.linkExpired,
    ]);
    expect((await db().signingLink.findUniqueOrThrow({ where: { id: linkId } })).usedAt).toBeNull();
    expect(await sessionsOf(s.pkg.id)).toHaveLength(0);
    const ada = await db().participant.findUniqueOrThrow({ where: { id: s.signers[0]!.id } });
    expect(ada.signingStatus).toBe("INVITED");
  });

  it("sends a fresh invitation for a used link, and answers the same for a garbage token while sending nothing", async () => {
    const s = await sentPackage();
    const ada = s.signers[0]!;
    expect((await openRoom(signingUrl(), s.adaToken)).reply.status).toBe(201);
    // renewals are limited to one a minute per participant (the invitation itself counts): age the links
    await db().signingLink.updateMany({
      where: { participantId: ada.id },
      data: { createdAt: new Date(Date.now() - 2 * 60_000) },
    });
    const mailsBefore = smtp.messages.length;
    const renewal = await new SigningClient(signingUrl()).request<{ message: string }>(
      "POST",
      "/api/v1/signing/link-renewals",
      { json: { token: s.adaToken } },
    );
    expect([renewal.status, renewal.body]).toEqual([202, { message: SIGNING_MESSAGES.newLinkSent }]);
    const links = await db().signingLink.findMany({ where: { participantId: ada.id }, orderBy: { createdAt: "asc" } });
    expect(links).toHaveLength(2);
    const fresh = await invitationTo(smtp, ada.email!, mailsBefore);
    const freshToken = linkToken(fresh);
    expect(freshToken).not.toBe(s.adaToken);
    expect(linkIdOf(freshToken)).toBe(links[1]!.id);
    const reopened = await openRoom(signingUrl(), freshToken);
    expect(reopened.reply.status).toBe(201);
    expect(reopened.reply.body.participant.id).toBe(ada.id);

    // garbage: the same answer, and no link or message queued
    const linkCount = await db().signingLink.count();
    const outboxCount = await db().outboxMessage.count();
    for (const token of ["complete-garbage-token", `${randomUUID()}.${"x".repeat(43)}`]) {
      const garbage = await new SigningClient(signingUrl()).request<{ message: string }>(
        "POST",
        "/api/v1/signing/link-renewals",
        { json: { token } },
      );
      expect([garbage.status, garbage.body]).toEqual([202, { message: SIGNING_MESSAGES.newLinkSent }]);
    }
    expect(await db().signingLink.count()).toBe(linkCount);
    expect(await db().outboxMessage.count()).toBe(outboxCount);
  });

  it("gives two concurrent opens of one link exactly one session (201) and one 410", async () => {
    const s = await sentPackage();
    const [a, b] = await Promise.all([openRoom(signingUrl(), s.adaToken), openRoom(signingUrl(), s.adaToken)]);
    const replies = [a.reply, b.reply].sort((x, y) => x.status - y.status);
    expect(replies.map((reply) => reply.status)).toEqual([201, 410]);
    expect(replies[1]!.body.code).toBe("SIGNING_LINK_USED");
    const sessions = await sessionsOf(s.pkg.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.linkId).toBe(linkIdOf(s.adaToken));
    const authenticated = await db().auditEvent.count({
      where: { streamType: "package", streamId: s.pkg.id, type: "participant.authenticated" },
    });
    expect(authenticated).toBe(1);
  });

  it("refuses a write without the signing-room header (403) and applies nothing", async () => {
    const s = await sentPackage();
    const { client } = await openRoom(signingUrl(), s.adaToken);
    const headers = { cookie: cookieHeader(client), "content-type": "application/json" };
    const consent = await fetch(`${signingUrl()}/api/v1/signing/consent`, {
      method: "POST",
      headers,
      body: JSON.stringify({ agree: true }),
    });
    expect(consent.status).toBe(403);
    expect(((await consent.json()) as ErrorBody).code).toBe("CSRF");
    const leave = await fetch(`${signingUrl()}/api/v1/signing/session`, { method: "DELETE", headers });
    expect(leave.status).toBe(403);
    const open = await fetch(`${signingUrl()}/api/v1/signing/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: s.benToken }),
    });
    expect(open.status).toBe(403);

    expect(await db().consentRecord.count({ where: { packageId: s.pkg.id } })).toBe(0);
    expect(await db().auditEvent.count({ where: { streamId: s.pkg.id, type: "participant.consent-code-wrong" } })).toBe(
      0,
    );
    const sessions = await sessionsOf(s.pkg.id);
    expect(sessions.map((session) => session.revokedAt)).toEqual([null]);
    expect((await db().signingLink.findUniqueOrThrow({ where: { id: linkIdOf(s.benToken) } })).usedAt).toBeNull();
    // the session still works with the header
    expect((await client.room()).status).toBe(200);
  });

  it("keeps the signing session and the admin session apart", async () => {
    const s = await sentPackage();
    const { client } = await openRoom(signingUrl(), s.adaToken);
    const secret = sessionSecret(client);
    // the signing cookie on the admin API: not signed in
    const onAdmin = await fetch(`${app.url}${s.api.package}`, {
      headers: { cookie: `${SIGNING_SESSION_COOKIE}=${secret}` },
    });
    expect(onAdmin.status).toBe(401);
    // the admin origin does not serve the signing room's API at all
    const roomOnAdmin = await fetch(`${app.url}/api/v1/signing/room`, {
      headers: { cookie: `${SIGNING_SESSION_COOKIE}=${secret}` },
    });
    expect(roomOnAdmin.status).toBe(404);
    // the admin's cookies on the signing API: no session
    const adminOnSigning = await fetch(`${signingUrl()}/api/v1/signing/room`, {
      headers: { cookie: cookieHeader(s.admin) },
    });
    expect(adminOnSigning.status).toBe(401);
    expect(((await adminOnSigning.json()) as ErrorBody).code).toBe("SIGNING_SESSION_ENDED");
    // and the admin session is still fine on its own origin
    expect((await s.admin.get(s.api.package)).status).toBe(200);
  });

  it("ends the session when the participant leaves", async () => {
    const s = await sentPackage();
    const { client } = await openRoom(signingUrl(), s.adaToken);
    const secret = sessionSecret(client);
    const left = await client.request("DELETE", "/api/v1/signing/session");
    expect(left.status).toBe(204);
    const cleared = left.cookies.get(SIGNING_SESSION_COOKIE);
    expect(cleared?.value ?? "").toBe("");
    const [session] = await sessionsOf(s.pkg.id);
    expect(session!.revokedReason).toBe("LEFT");
    expect(session!.revokedAt).toBeInstanceOf(Date);
    // the old cookie opens nothing any more
    const stale = new SigningClient(signingUrl());
    stale.jar.set(SIGNING_SESSION_COOKIE, secret);
    const room = await stale.room();
    expect([room.status, (room.body as unknown as ErrorBody).code]).toEqual([401, "SIGNING_SESSION_ENDED"]);
    const write = await stale.request("POST", "/api/v1/signing/consent", { json: { agree: true } });
    expect([write.status, write.body.code]).toEqual([401, "SIGNING_SESSION_ENDED"]);
    expect(await db().consentRecord.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });
});

describe("a package changed while a session is open", () => {
  it("cancelled with notify: the room closes (CANCELLED), writes answer 409, unused links answer the reason", async () => {
    const s = await sentPackage();
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    const { client } = await openAndConsent(signingUrl(), s.adaToken);
    const cancelled = await s.admin.request<Package>("PUT", s.api.cancel, {
      json: { version: await version(s.pkg.id), notify: true },
    });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "CANCELLED"]);

    const room = await client.room();
    expect(room.status).toBe(200);
    expect([room.body.stage, room.body.closedReason]).toEqual(["CLOSED", "CANCELLED"]);
    expect(room.body.documents).toEqual([]);
    expect(room.body.tags).toEqual([]);
    const fill = await client.request("PUT", `/api/v1/signing/tags/${s.signatureTags.get(ada.id)}`, {
      json: { value: "applied" },
    });
    expect([fill.status, fill.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    const finish = await client.request("POST", "/api/v1/signing/finish");
    expect([finish.status, finish.body.code]).toEqual([409, "SIGNING_CLOSED"]);

    const unused = await openRoom(signingUrl(), s.benToken);
    expect([unused.reply.status, unused.reply.body.code, unused.reply.body.message]).toEqual([
      409,
      "SIGNING_CLOSED",
      SIGNING_MESSAGES.closedCancelled,
    ]);
    expect(unused.reply.body.details).toEqual([{ path: "closedReason", message: "CANCELLED" }]);

    expect(await db().tagValue.count({ where: { packageId: s.pkg.id } })).toBe(0);
    const sessions = await sessionsOf(s.pkg.id);
    expect(sessions.map((session) => session.revokedReason)).toEqual(["CANCELLED"]);
    const benLink = await db().signingLink.findUniqueOrThrow({ where: { id: linkIdOf(s.benToken) } });
    expect(benLink.revokedAt).toBeInstanceOf(Date);
    expect(benLink.usedAt).toBeNull();
    // the participants were told (notify)
    const told = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(ben.email!) && /has been cancelled/.test(mail.parsed.subject ?? ""),
    );
    expect(told.parsed.subject).toBe("Okafor refinance has been cancelled");
  });

  it("corrected: the room closes with CORRECTED and an unused link answers 409 CORRECTED", async () => {
    const s = await sentPackage();
    const ada = s.signers[0]!;
    const { client } = await openAndConsent(signingUrl(), s.adaToken);
    const corrected = await s.admin.request<Package>("PUT", s.api.correction, {
      json: { version: await version(s.pkg.id) },
    });
    expect([corrected.status, corrected.body.status]).toEqual([200, "STARTED"]);

    const room = await client.room();
    expect([room.body.stage, room.body.closedReason]).toEqual(["CLOSED", "CORRECTED"]);
    const fill = await client.request("PUT", `/api/v1/signing/tags/${s.signatureTags.get(ada.id)}`, {
      json: { value: "applied" },
    });
    expect([fill.status, fill.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    const unused = await openRoom(signingUrl(), s.benToken);
    expect([unused.reply.status, unused.reply.body.code, unused.reply.body.message]).toEqual([
      409,
      "SIGNING_CLOSED",
      SIGNING_MESSAGES.closedCorrected,
    ]);
    expect(unused.reply.body.details).toEqual([{ path: "closedReason", message: "CORRECTED" }]);
    expect((await sessionsOf(s.pkg.id)).map((session) => session.revokedReason)).toEqual(["CORRECTED"]);
    expect(await db().tagValue.count({ where: { packageId: s.pkg.id } })).toBe(0);
  });

  it("expired by the scheduler: the room closes with EXPIRED", async () => {
    const s = await sentPackage();
    const ada = s.signers[0]!;
    const { client } = await openAndConsent(signingUrl(), s.adaToken);
    // an expiry in the future for the real scheduler of the test app; the pass below runs after it
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    await db().package.update({ where: { id: s.pkg.id }, data: { packageExpiresAt: expiresAt } });
    const before = await runDuePackageTransitions(
      db(),
      app.server.deps.storage,
      new Date(expiresAt.getTime() - 60_000),
    );
    expect(before.expired).toBe(0);
    const moved = await runDuePackageTransitions(db(), app.server.deps.storage, new Date(expiresAt.getTime() + 60_000));
    expect(moved.expired).toBe(1);

    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect([pkg.status, pkg.cancelReason]).toEqual(["CANCELLED", EXPIRED_CANCELLATION_REASON]);
    const room = await client.room();
    expect([room.body.stage, room.body.closedReason]).toEqual(["CLOSED", "EXPIRED"]);
    const fill = await client.request("PUT", `/api/v1/signing/tags/${s.signatureTags.get(ada.id)}`, {
      json: { value: "applied" },
    });
    expect([fill.status, fill.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    const unused = await openRoom(signingUrl(), s.benToken);
    expect([unused.reply.status, unused.reply.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    expect(unused.reply.body.details).toEqual([{ path: "closedReason", message: "EXPIRED" }]);
    expect((await sessionsOf(s.pkg.id)).map((session) => session.revokedReason)).toEqual(["EXPIRED"]);
    const audit = await db().auditEvent.findMany({ where: { streamId: s.pkg.id, type: "package.expired" } });
    expect(audit).toHaveLength(1);
  });
});
