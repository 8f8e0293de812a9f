import { HEADERS } from "@signet/contract";
import { createDevelopmentSealP12 } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import { verifyPublicly } from "./support/seal-verification.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  pdfsig,
  type SignablePackage,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { download } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 18 §4: an organization replaces its seal certificate. The next package is sealed with the
// new one, the document sealed before still verifies, and the audit trail names both certificates.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function uploadCertificate(admin: HttpClient, organizationId: string, commonName: string) {
  const password = "rotation-password";
  const form = new FormData();
  const p12 = createDevelopmentSealP12(commonName, password);
  form.append("file", new Blob([Buffer.from(p12)], { type: "application/x-pkcs12" }), `${commonName}.p12`);
  form.append("password", password);
  const response = await fetch(`${app.url}/api/v1/organizations/${organizationId}/seal-certificate`, {
    method: "PUT",
    headers: {
      cookie: [...admin.jar].map(([name, value]) => `${name}=${value}`).join("; "),
      [HEADERS.csrf]: admin.jar.get(admin.csrfCookie) ?? "",
    },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { subject: string; fingerprint: string };
}

/** Sends the package, has its one signer sign, and waits for the seal: the sealed document. */
async function signAndSeal(s: SignablePackage, email: string) {
  await sendPackage(s, db());
  const room = await openAndConsent(app.server.signingRoom!.url, linkToken(await invitationTo(smtp, email)));
  expect((await signEverything(room.client, room.room)).status).toBe(200);
  await poll(
    "the package to be sealed",
    async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
    { timeoutMs: 20_000 },
  );
  return db().sealedArtifact.findFirstOrThrow({ where: { packageId: s.pkg.id, kind: "DOCUMENT" } });
}

const verify = (bytes: Uint8Array) => verifyPublicly(app.server.signingRoom!.url, bytes);

describe("replacing an organization's seal certificate", () => {
  it("seals the next package with the new certificate, and the earlier seal still verifies", async () => {
    const first = await signablePackage(app, db(), {
      signers: [{ givenName: "Ada", email: "ada@seal-rotation.example.com" }],
    });
    const organizationId = first.org.organizationId;
    const certificateA = await uploadCertificate(first.admin, organizationId, "Rotation A");
    const sealedBefore = await signAndSeal(first, "ada@seal-rotation.example.com");
    expect(sealedBefore.certificateSubject).toContain("CN=Rotation A");

    const certificateB = await uploadCertificate(first.admin, organizationId, "Rotation B");
    expect(certificateB.fingerprint).not.toBe(certificateA.fingerprint);
    const replaced = await db().auditEvent.findFirstOrThrow({
      where: { streamId: organizationId, type: "organization.seal-certificate-uploaded" },
      orderBy: { sequence: "desc" },
    });
    expect(replaced.data).toMatchObject({
      fingerprint: certificateB.fingerprint,
      replacedFingerprint: certificateA.fingerprint,
    });

    const second = await signablePackage(app, db(), {
      org: first,
      signers: [{ givenName: "Ben", email: "ben@seal-rotation.example.com" }],
    });
    const sealedAfter = await signAndSeal(second, "ben@seal-rotation.example.com");
    expect(sealedAfter.certificateSubject).toContain("CN=Rotation B");

    const before = await download(first.admin, first.api.sealedFile(sealedBefore.id));
    expect(pdfsig(before.bytes)).toContain("Signature is Valid");
    expect(await verify(before.bytes)).toMatchObject({ verified: true, kind: "DOCUMENT" });
    const after = await download(second.admin, second.api.sealedFile(sealedAfter.id));
    expect(await verify(after.bytes)).toMatchObject({ verified: true });
  }, 90_000);
});
