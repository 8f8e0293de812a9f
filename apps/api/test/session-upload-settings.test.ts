import {
  dataCollectionRoutes,
  fillPath,
  routeUrl,
  type SettingMetaDataList,
  SIGNER_UPLOAD_MESSAGES,
  type SigningRoom,
  type Stip,
  settingMetaDataRoutes,
} from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { fixturePdf } from "./support/document-upload.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SignablePackage,
  sendPackage,
  signablePackage,
  TINY_PNG,
} from "./support/signing-fixtures.ts";
import { openRoom, postSigningFile, sessionSecret } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §2: the session settings (entry message, exit addresses, idle limit) and the signer
// upload settings (allowed types, size) set through metaData are what the signing room shows and
// the signing API enforces.

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

let serial = 0;
const people = () => {
  serial += 1;
  return [{ givenName: "Ada", email: `ada-${serial}@session-settings.example.com` }];
};
const metaData = (orgId: string) => fillPath(routeUrl(settingMetaDataRoutes.listSettingMetaData), { orgId });

async function setSettings(s: SignablePackage, values: { settingName: string; value: unknown }[]) {
  return s.admin.request<SettingMetaDataList & { message?: string; details?: { message: string }[] }>(
    "POST",
    metaData(s.org.organizationId),
    { json: values },
  );
}

async function stipFor(s: SignablePackage) {
  const path = fillPath(routeUrl(dataCollectionRoutes.createStip), {
    orgId: s.org.organizationId,
    packageId: s.pkg.id,
  });
  const stip = await s.admin.request<Stip>("POST", path, {
    json: { participantId: s.signers[0]!.id, name: "Pay stub" },
  });
  expect(stip.status).toBe(201);
  return stip.body;
}

const png = () => Buffer.from(TINY_PNG.split(",")[1]!, "base64");

describe("session settings", () => {
  it("refuses exit addresses that are not https and idle limits out of range", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const http = await setSettings(s, [{ settingName: "session_exit_finish_url", value: "http://lender.example.com" }]);
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain("https://");
    const short = await setSettings(s, [{ settingName: "session_idle_minutes", value: 2 }]);
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("Use 5 to 120 minutes.");
  });

  it("the room shows the entry message before consent and carries the exit addresses", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const saved = await setSettings(s, [
      { settingName: "session_entry_message", value: "Welcome to Okafor Lending." },
      { settingName: "session_exit_finish_url", value: "https://lender.example.com/thanks" },
      { settingName: "session_exit_decline_url", value: "https://lender.example.com/declined" },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await sendPackage(s, db());
    const { reply } = await openRoom(signingUrl(), linkToken(await invitationTo(smtp, s.signers[0]!.email!)));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.stage).toBe("CONSENT");
    expect(reply.body.sessionRules).toMatchObject({
      entryMessage: "Welcome to Okafor Lending.",
      finishUrl: "https://lender.example.com/thanks",
      declineUrl: "https://lender.example.com/declined",
      timeoutUrl: null,
      idleMinutes: 30,
    });
  });

  it("ends a session idle longer than the organization's limit, and not before", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    await sendPackage(s, db());
    const { client } = await openAndConsent(signingUrl(), linkToken(await invitationTo(smtp, s.signers[0]!.email!)));
    const secret = sessionSecret(client);
    const idleFor = async (minutes: number) => {
      const { createHash } = await import("node:crypto");
      await db().signingSession.update({
        where: { secretHash: createHash("sha256").update(secret).digest("hex") },
        data: { lastSeenAt: new Date(Date.now() - minutes * 60_000) },
      });
    };
    // 10 minutes idle is within the default 30
    await idleFor(10);
    expect((await client.request<SigningRoom>("GET", "/api/v1/signing/room")).status).toBe(200);
    const saved = await setSettings(s, [{ settingName: "session_idle_minutes", value: 5 }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await idleFor(6);
    const ended = await client.request<{ code: string }>("GET", "/api/v1/signing/room");
    expect([ended.status, ended.body.code]).toEqual([401, "SIGNING_SESSION_ENDED"]);
  });
});

describe("signer upload settings", () => {
  it("refuses types the organization does not allow and files above its size", async () => {
    const s = await signablePackage(app, db(), { signers: people() });
    const stip = await stipFor(s);
    const saved = await setSettings(s, [
      { settingName: "signer_upload_allowed_types", value: ["PDF"] },
      { settingName: "signer_upload_max_mb", value: 1 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    await sendPackage(s, db());
    const { client, room } = await openAndConsent(
      signingUrl(),
      linkToken(await invitationTo(smtp, s.signers[0]!.email!)),
    );
    expect(room.sessionRules).toMatchObject({ uploadTypes: ["PDF"], uploadMaxBytes: 1024 * 1024 });
    const uploads = `/api/v1/signing/stips/${stip.id}/uploads`;

    const image = await postSigningFile(client, uploads, {
      bytes: png(),
      fileName: "stub.png",
      contentType: "image/png",
    });
    expect([image.status, image.body.message]).toEqual([415, SIGNER_UPLOAD_MESSAGES.typeNotAllowed(["PDF"])]);

    // a real PDF padded past 1 MB (bytes after %%EOF are ignored by readers)
    const big = Buffer.concat([fixturePdf("minimal-document.pdf"), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const large = await postSigningFile(client, uploads, {
      bytes: big,
      fileName: "big.pdf",
      contentType: "application/pdf",
    });
    expect([large.status, large.body.message]).toEqual([413, SIGNER_UPLOAD_MESSAGES.tooLarge(1)]);
    expect(await db().stipUpload.count({ where: { stipId: stip.id } })).toBe(0);

    const pdf = await postSigningFile(client, uploads, {
      bytes: fixturePdf("minimal-document.pdf"),
      fileName: "stub.pdf",
      contentType: "application/pdf",
    });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);

    // with the defaults back, the image is accepted
    const list = await s.admin.get<SettingMetaDataList>(
      `${metaData(s.org.organizationId)}?settingNames=signer_upload_allowed_types`,
    );
    const stored = list.body.records[0]!;
    const reset = await s.admin.request(
      "DELETE",
      `${fillPath(routeUrl(settingMetaDataRoutes.deleteSettingMetaData), { orgId: s.org.organizationId, settingId: stored.id! })}?version=${stored.version}`,
    );
    expect(reset.status).toBe(200);
    const again = await postSigningFile(client, uploads, {
      bytes: png(),
      fileName: "stub.png",
      contentType: "image/png",
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
