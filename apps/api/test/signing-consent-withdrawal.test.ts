import type { Package, SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  sendPackage,
  signablePackage,
  signEverything,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { type ErrorBody, openRoom, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 §2 / DOMAIN.md §3: withdrawing e-sign consent is prospective — the package moves to
// CONSENT_WITHDRAWN, what was signed stays, every session closes, and the sender is told; after
// reactivation the participant is invited again and must consent again.

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

describe("withdrawing e-sign consent", () => {
  it("moves the package to CONSENT_WITHDRAWN, keeps what was signed, closes every session and tells the sender", async () => {
    const s = await signablePackage(app, db());
    const [ada, ben] = [s.signers[0]!, s.signers[1]!];
    await sendPackage(s, db());

    // Ada finishes first (parallel signing)
    const adaRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ada.email!)));
    const adaFinished = await signEverything(adaRoom.client, adaRoom.room);
    expect(adaFinished.body.stage).toBe("FINISHED");
    const adaValues = await db().tagValue.findMany({ where: { participantId: ada.id }, orderBy: { tagId: "asc" } });
    expect(adaValues).toHaveLength(2);
    const adaFinishedAt = (await db().participant.findUniqueOrThrow({ where: { id: ada.id } })).finishedAt;

    // Ben consents, then withdraws
    const benRoom = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, ben.email!)));
    const withdrawn = await benRoom.client.request<SigningRoom>("POST", "/api/v1/signing/consent-withdrawal", {
      json: { reason: "I want paper copies." },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect([withdrawn.body.stage, withdrawn.body.closedReason, withdrawn.body.participant.status]).toEqual([
      "CLOSED",
      "CONSENT_WITHDRAWN",
      "CONSENT_WITHDRAWN",
    ]);

    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect(pkg.status).toBe("CONSENT_WITHDRAWN");
    // what Ada signed stays, and so does her status
    const adaAfter = await db().participant.findUniqueOrThrow({ where: { id: ada.id } });
    expect([adaAfter.signingStatus, adaAfter.finishedAt]).toEqual(["FINISHED", adaFinishedAt]);
    expect(await db().tagValue.findMany({ where: { participantId: ada.id }, orderBy: { tagId: "asc" } })).toEqual(
      adaValues,
    );
    expect((await db().participant.findUniqueOrThrow({ where: { id: ben.id } })).signingStatus).toBe(
      "CONSENT_WITHDRAWN",
    );
    const [record] = await db().consentRecord.findMany({ where: { participantId: ben.id } });
    expect(record!.withdrawnAt).toBeInstanceOf(Date);
    expect(record!.withdrawReason).toBe("I want paper copies.");
    expect(record!.withdrawIp).toBeTruthy();

    // every session of the package is closed; Ada's room says why
    const sessions = await db().signingSession.findMany({ where: { packageId: s.pkg.id } });
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.revokedReason)).toEqual(["CONSENT_WITHDRAWN", "CONSENT_WITHDRAWN"]);
    const adaView = await adaRoom.client.room();
    expect([adaView.status, adaView.body.stage, adaView.body.closedReason]).toEqual([
      200,
      "CLOSED",
      "CONSENT_WITHDRAWN",
    ]);
    const benWrite = await benRoom.client.request<ErrorBody>("PUT", "/api/v1/signing/signature", {
      json: { kind: "SIGNATURE", method: "TYPED", text: "Ben", imageDataUrl: TINY_PNG },
    });
    expect([benWrite.status, benWrite.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    const benFinish = await benRoom.client.request<ErrorBody>("POST", "/api/v1/signing/finish");
    expect([benFinish.status, benFinish.body.code]).toEqual([409, "SIGNING_CLOSED"]);
    const withdrawAgain = await benRoom.client.request<ErrorBody>("POST", "/api/v1/signing/consent-withdrawal", {
      json: {},
    });
    expect([withdrawAgain.status, withdrawAgain.body.code]).toEqual([409, "SIGNING_CLOSED"]);

    const audit = await packageAudit(db(), s.pkg.id);
    const event = audit.find((candidate) => candidate.type === "participant.consent-withdrawn");
    expect(event?.data).toMatchObject({ participantId: ben.id, reason: "I want paper copies." });
    expect(audit.map((candidate) => candidate.type)).toContain("package.consent-withdrawn");
    expect(audit.filter((candidate) => candidate.type === "participant.consent-withdrawn")).toHaveLength(1);

    const told = await smtp.waitFor(
      (mail) =>
        mail.envelopeTo.includes(s.org.admin.email) && /^E-sign consent withdrawn:/.test(mail.parsed.subject ?? ""),
    );
    expect(told.parsed.subject).toBe("E-sign consent withdrawn: Okafor refinance");
    expect(told.parsed.text).toContain("I want paper copies.");

    // reactivated and sent again: Ben is invited anew and must consent again; Ada stays finished
    const adaLinks = await db().signingLink.count({ where: { participantId: ada.id } });
    const mailsBefore = smtp.messages.length;
    const reactivated = await s.admin.request<Package>("PUT", s.api.reactivate, { json: { version: pkg.version } });
    expect([reactivated.status, reactivated.body.status]).toEqual([200, "STARTED"]);
    // unsent again (not frozen as if a scheduled send were pending): it can be changed and sent
    expect([reactivated.body.sentAt, reactivated.body.scheduled]).toEqual([null, false]);
    const resent = await sendPackage(s, db());
    expect(resent.status).toBe("AVAILABLE_TO_SIGNERS");
    const again = await invitationTo(smtp, ben.email!, mailsBefore);
    const reopened = await openRoom(signingUrl(), linkToken(again));
    expect(reopened.reply.status).toBe(201);
    expect([reopened.reply.body.stage, reopened.reply.body.consent.given]).toEqual(["CONSENT", false]);
    expect((await db().participant.findUniqueOrThrow({ where: { id: ben.id } })).signingStatus).toBe("OPENED");
    const adaFinal = await db().participant.findUniqueOrThrow({ where: { id: ada.id } });
    expect([adaFinal.signingStatus, adaFinal.finishedAt]).toEqual(["FINISHED", adaFinishedAt]);
    // the send invited nobody else: Ada got no new link
    expect(await db().signingLink.count({ where: { participantId: ada.id } })).toBe(adaLinks);
    expect(await db().tagValue.count({ where: { participantId: ada.id } })).toBe(2);

    // Ben consents again and signs: with Ada's signatures kept, the package completes
    const consented = await reopened.client.request<SigningRoom>("POST", "/api/v1/signing/consent", {
      json: { agree: true },
    });
    expect(consented.body.stage).toBe("SIGN");
    expect(await db().consentRecord.count({ where: { participantId: ben.id } })).toBe(2);
    const benDone = await signEverything(reopened.client, consented.body);
    expect([benDone.status, benDone.body.stage]).toEqual([200, "FINISHED"]);
    expect((await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).status).toBe("COMPLETED");
  });
});
