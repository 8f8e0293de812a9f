import type { PackageVerification, SealedArtifact, SealVerification, SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  pdfsig,
  pdfText,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 5 end to end over HTTP: ordered invitations by real email, consent with the code from the
// consent PDF, signing, completion, sealing, and verification of the sealed files.

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

async function download(client: { jar: Map<string, string> }, url: string) {
  const response = await fetch(url, { headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function verifyPublicly(bytes: Uint8Array): Promise<SealVerification> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "dropped.pdf");
  const response = await fetch(`${signingUrl()}/api/v1/seal-verifications`, {
    method: "POST",
    headers: { "x-signet-signing-room": "1" },
    body: form,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SealVerification;
}

describe("ordered signing from email to a sealed, verifiable package", () => {
  it("invites in order, completes, seals, and verifies", async () => {
    const s = await signablePackage(app, db(), { ordered: true });
    const [ada, ben] = s.signers;
    await sendPackage(s, db());

    // only the first signer is invited; the second waits for her
    const first = await invitationTo(smtp, "ada@example.com");
    expect(first.parsed.subject).toBe("Your documents are ready");
    const waiting = await db().participant.findUniqueOrThrow({ where: { id: ben!.id } });
    expect(waiting.signingStatus).toBe("WAITING");

    const adaRoom = await openAndConsent(signingUrl(), linkToken(first));
    expect(adaRoom.room.stage).toBe("SIGN");
    expect(adaRoom.room.tags).toHaveLength(2);
    // the link is single-use
    const reused = await adaRoom.client.request("POST", "/api/v1/signing/sessions", {
      json: { token: linkToken(first) },
    });
    expect([reused.status, reused.body.code]).toEqual([410, "SIGNING_LINK_USED"]);

    const finished = await signEverything(adaRoom.client, adaRoom.room);
    expect(finished.status).toBe(200);
    expect(finished.body.stage).toBe("FINISHED");

    // now it is Ben's turn
    const second = await invitationTo(smtp, "ben@example.com");
    const benRoom = await openAndConsent(signingUrl(), linkToken(second));
    const benFinished = await signEverything(benRoom.client, benRoom.room);
    expect(benFinished.status).toBe(200);

    const sealed = await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );
    expect(sealed).toBeInstanceOf(Date);
    const pkg = await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } });
    expect(pkg.status).toBe("COMPLETED");

    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    expect(artifacts.status).toBe(200);
    expect(artifacts.body.records.map((artifact) => artifact.kind).sort()).toEqual(["CERTIFICATE", "DOCUMENT"]);
    const sealedDocument = artifacts.body.records.find((artifact) => artifact.kind === "DOCUMENT")!;
    expect(sealedDocument.sha256Before).toBe(s.document.sha256);
    expect(sealedDocument.sha256).not.toBe(s.document.sha256);

    const file = await download(s.admin, `${app.url}${s.api.sealedFile(sealedDocument.id)}`);
    expect(file.status).toBe(200);
    const report = pdfsig(file.bytes);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    // the date each signer signed is flattened into the page
    expect(pdfText(file.bytes)).toMatch(/\d{2}\/\d{2}\/\d{4}/);

    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const certificateFile = await download(s.admin, `${app.url}${s.api.sealedFile(certificate.id)}`);
    const certificateText = pdfText(certificateFile.bytes);
    expect(certificateText).toContain("Certificate of Completion");
    expect(certificateText).toContain(s.document.sha256);
    // the audit trail reads as sentences, its details as labels, never as JSON (issue 11 §4)
    expect(certificateText).toContain("consented to do business");
    expect(certificateText).toContain("Signet invited");
    expect(certificateText).not.toContain('{"');
    expect(pdfsig(certificateFile.bytes)).toContain("Signature is Valid");

    const verification = await s.admin.get<PackageVerification>(s.api.verification);
    expect(verification.body.valid).toBe(true);
    expect(verification.body.chain.valid).toBe(true);

    const publicCheck = await verifyPublicly(file.bytes);
    expect(publicCheck).toMatchObject({ verified: true, kind: "DOCUMENT", packageName: "Okafor refinance" });
    const tampered = new Uint8Array(file.bytes);
    const at = Math.floor(tampered.length / 3);
    tampered[at] = tampered[at]! ^ 0x01;
    expect(pdfsig(tampered)).not.toContain("Signature is Valid");
    const tamperedCheck = await verifyPublicly(tampered);
    expect(tamperedCheck.verified).toBe(false);

    // each signer receives a link to their sealed copies, which opens on the finished room with downloads
    const copies = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes("ada@example.com") && /Completed:/.test(mail.parsed.subject ?? ""),
    );
    const later = await openAndConsentOrFinished(linkToken(copies));
    expect(later.stage).toBe("FINISHED");
    expect(later.downloads.map((d) => d.kind).sort()).toEqual(["CERTIFICATE", "DOCUMENT"]);

    const audit = await db().auditEvent.findMany({
      where: { streamType: "package", streamId: s.pkg.id },
      orderBy: { sequence: "asc" },
    });
    const types = audit.map((event) => event.type);
    for (const type of [
      "package.sent",
      "participant.invited",
      "participant.authenticated",
      "participant.consent-granted",
      "participant.signature-adopted",
      "tag.signed",
      "participant.finished",
      "package.completed",
      "package.sealed",
    ]) {
      expect(types).toContain(type);
    }
    const signedEvent = audit.find((event) => event.type === "tag.signed")!;
    expect(signedEvent.ip).toBeTruthy();
    expect(signedEvent.actorRole).toBe("participant");
    expect(signedEvent.actorId).toBe(ada!.id);
  });
});

async function openAndConsentOrFinished(token: string): Promise<SigningRoom> {
  const { SigningClient } = await import("./support/signing-fixtures.ts");
  const client = new SigningClient(signingUrl());
  const opened = await client.request<SigningRoom>("POST", "/api/v1/signing/sessions", { json: { token } });
  expect(opened.status).toBe(201);
  return opened.body;
}
