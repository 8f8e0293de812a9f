import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { type PackageVerification, type SealedArtifact, SIGNING_ADMIN_MESSAGES } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  pdfText,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 10 §5: the hash taken when the package was sent is shown and checked. The participants
// signed what was sent; a stored original that no longer hashes to it fails the verification.

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
  return new Uint8Array(await response.arrayBuffer());
}

describe("package verification and the hash at send", () => {
  it("shows the hash at send, checks the stored original against it, and fails once it was altered", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ada", email: "ada@send-hash.example.com" }] });
    const unsent = await s.admin.get<PackageVerification>(s.api.verification);
    expect(unsent.status).toBe(200);
    expect(unsent.body.documents[0]).toMatchObject({ sha256AtSend: null, unchangedSinceSend: null, problems: [] });

    await sendPackage(s, db());
    const { client, room } = await openAndConsent(
      signingUrl(),
      linkToken(await invitationTo(smtp, "ada@send-hash.example.com")),
    );
    expect((await signEverything(client, room)).status).toBe(200);
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );
    const stored = await db().document.findUniqueOrThrow({ where: { id: s.document.id } });
    expect(stored.sha256AtSend).toBe(s.document.sha256);

    const verified = await s.admin.get<PackageVerification>(s.api.verification);
    expect(verified.status).toBe(200);
    expect(verified.body.documents).toEqual([
      {
        id: s.document.id,
        name: s.document.name,
        sha256: s.document.sha256,
        originalIntact: true,
        sha256AtSend: s.document.sha256,
        unchangedSinceSend: true,
        problems: [],
      },
    ]);
    expect(verified.body.valid).toBe(true);

    // the certificate of completion shows the hash at send beside the others
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const certificateText = pdfText(await download(s.admin, `${app.url}${s.api.sealedFile(certificate.id)}`)).replace(
      /\s+/g,
      " ",
    );
    expect(certificateText).toContain(`At send ${s.document.sha256}`);

    // someone with access to the storage swaps the original after it was sent
    const original = await app.server.deps.storage.get(stored.blobKey);
    const chunks: Buffer[] = [];
    for await (const chunk of original) chunks.push(Buffer.from(chunk));
    const altered = Buffer.concat([...chunks, Buffer.from("\n% altered after sending\n")]);
    await app.server.deps.storage.put(stored.blobKey, Readable.from([altered]));

    const failed = await s.admin.get<PackageVerification>(s.api.verification);
    expect(failed.status).toBe(200);
    expect(failed.body.valid).toBe(false);
    expect(failed.body.documents[0]).toMatchObject({
      sha256AtSend: s.document.sha256,
      unchangedSinceSend: false,
      originalIntact: false,
    });
    expect(failed.body.documents[0]!.problems).toContain(SIGNING_ADMIN_MESSAGES.originalChangedSinceSend);
    // the sealed files themselves are untouched
    expect(failed.body.artifacts.every((artifact) => artifact.intact && artifact.signatureValid)).toBe(true);
  });

  it("measures the hash at send on the stored file, so a file changed between upload and send shows", async () => {
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ben", email: "ben@send-hash.example.com" }] });
    const { blobKey } = await db().document.findUniqueOrThrow({ where: { id: s.document.id } });
    const chunks: Buffer[] = [];
    for await (const chunk of await app.server.deps.storage.get(blobKey)) chunks.push(Buffer.from(chunk));
    const swapped = Buffer.concat([...chunks, Buffer.from("\n% swapped before sending\n")]);
    await app.server.deps.storage.put(blobKey, Readable.from([swapped]));

    await sendPackage(s, db());
    const stored = await db().document.findUniqueOrThrow({ where: { id: s.document.id } });
    expect(stored.sha256AtSend).toBe(createHash("sha256").update(swapped).digest("hex"));
    expect(stored.sha256AtSend).not.toBe(s.document.sha256);

    const verified = await s.admin.get<PackageVerification>(s.api.verification);
    expect(verified.body.valid).toBe(false);
    expect(verified.body.documents[0]).toMatchObject({ originalIntact: false, unchangedSinceSend: true });
  });
});
