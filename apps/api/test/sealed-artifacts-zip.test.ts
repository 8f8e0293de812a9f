import { createHash } from "node:crypto";
import { type SealedArtifact, SIGNING_ADMIN_MESSAGES, type SigningUrl } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { poll } from "./support/poll.ts";
import { openAndConsent, sendPackage, signablePackage, signEverything } from "./support/signing-fixtures.ts";
import { type ErrorBody, packageAudit } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { downloadFile, unzip } from "./support/zip-download.ts";

// Issue 11 §4: one download for all of a sealed package's files, byte-identical to the sealed
// artifacts (read back with yauzl, a separate zip reader from the yazl that writes it).

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

const download = (client: HttpClient, path: string) => downloadFile(app.url, client, path);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("the sealed files as one zip", () => {
  it("answers 409 before sealing, then every sealed file byte-identical, each recorded as a copy issued", async () => {
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Ada", accessMethod: "API", email: "ada-zip@zip.example.com" }],
    });
    const zipPath = s.api.sealedZip;

    // a draft, then a package out for signature: nothing sealed to hand out yet
    const draft = await s.admin.get<ErrorBody>(zipPath);
    expect([draft.status, draft.body.code, draft.body.message]).toEqual([
      409,
      "CONFLICT",
      SIGNING_ADMIN_MESSAGES.notSealedYet,
    ]);
    await sendPackage(s, db());
    const sent = await s.admin.get<ErrorBody>(zipPath);
    expect([sent.status, sent.body.message]).toEqual([409, SIGNING_ADMIN_MESSAGES.notSealedYet]);
    expect((await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "copy.issued")).toHaveLength(0);

    const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(s.signers[0]!.id), { json: {} });
    expect(url.status).toBe(201);
    const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
    const { client, room } = await openAndConsent(signingUrl(), token);
    expect((await signEverything(client, room)).body.stage).toBe("FINISHED");
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 20_000 },
    );

    const artifacts = (await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts)).body.records;
    expect(artifacts.map((artifact) => artifact.kind).sort()).toEqual(["CERTIFICATE", "DOCUMENT"]);

    const zip = await download(s.admin, zipPath);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toContain('filename="Okafor refinance (sealed).zip"');
    const entries = await unzip(zip.bytes);
    expect([...entries.keys()].sort()).toEqual(["Promissory note (sealed).pdf", "certificate-of-completion.pdf"]);
    // every sealed file, byte for byte: the hashes recorded at sealing
    expect([...entries.values()].map(sha256).sort()).toEqual(artifacts.map((artifact) => artifact.sha256).sort());
    for (const bytes of entries.values()) expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const copies = (await packageAudit(db(), s.pkg.id)).filter((event) => event.type === "copy.issued");
    expect(copies.map((event) => (event.data as { artifactId: string }).artifactId).sort()).toEqual(
      artifacts.map((artifact) => artifact.id).sort(),
    );
  });
});
