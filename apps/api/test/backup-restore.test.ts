import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { SealVerification } from "@signet/contract";
import { createPrismaClient, verifyAuditChain } from "@signet/core";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  type SignablePackage,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { TEST_AUTH_SECRET } from "./support/test-app.ts";

// Issue 18 §3: `pnpm backup create` while a package is half signed, `pnpm backup restore` into an
// empty database and DATA_DIR, and the restored installation goes on: audit chains verify, the
// sealed document verifies, and the second signer finishes the package with the link emailed before
// the backup. `pnpm backup check` lists a missing file and a file without a row.

const root = fileURLToPath(new URL("../../../", import.meta.url));

let source: TestDatabase;
let smtp: SmtpCapture;
let work: string;
let server: StartedServer | null = null;
let targetUrl: string;

async function start(databaseUrl: string, dataDir: string) {
  await server?.close();
  server = await startServer(
    {
      ...ACCESS_TEST_ENV,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "0",
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      SMTP_URL: smtp.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
    },
    { logLevel: "silent" },
  );
  return { server, url: server.url, close: () => server!.close() };
}

/** `pnpm backup …` as an operator runs it. */
async function backupCommand(args: string[], databaseUrl: string, dataDir: string) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "apps/api/src/cli/backup.ts", ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl, DATA_DIR: dataDir } },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

async function signAs(email: string, after = 0) {
  const room = await openAndConsent(server!.signingRoom!.url, linkToken(await invitationTo(smtp, email, after)));
  expect((await signEverything(room.client, room.room)).status).toBe(200);
}

const sealedAt = (packageId: string) =>
  poll(
    "the package to be sealed",
    async () => (await server!.db.package.findUniqueOrThrow({ where: { id: packageId } })).sealedAt,
    {
      timeoutMs: 20_000,
    },
  );

describe("backup and restore", () => {
  let sealed: SignablePackage;
  let inFlight: SignablePackage;
  let secondInvitation: number;

  beforeAll(async () => {
    [source, smtp, work] = await Promise.all([
      createTestDatabase(),
      startSmtpCapture(),
      mkdtemp(join(tmpdir(), "signet-backup-")),
    ]);
    await source.db.$disconnect();
    const app = await start(source.url, join(work, "data-before"));
    sealed = await signablePackage(app, app.server.db, {
      signers: [{ givenName: "Ada", email: "ada@backup.example.com" }],
    });
    await sendPackage(sealed, app.server.db);
    await signAs("ada@backup.example.com");
    await sealedAt(sealed.pkg.id);

    inFlight = await signablePackage(app, app.server.db, {
      ordered: true,
      org: sealed,
      signers: [
        { givenName: "Cy", email: "cy@backup.example.com" },
        { givenName: "Di", email: "di@backup.example.com" },
      ],
    });
    await sendPackage(inFlight, app.server.db);
    await signAs("cy@backup.example.com");
    await invitationTo(smtp, "di@backup.example.com");
    secondInvitation = smtp.messages.findIndex((mail) => mail.envelopeTo.includes("di@backup.example.com"));

    // an empty database on the same server for the restore
    const name = `signet_restore_${process.pid}_${Date.now()}`;
    const admin = createPrismaClient(source.url, { max: 1 });
    await admin.$executeRawUnsafe(`CREATE DATABASE ${name}`);
    await admin.$disconnect();
    const url = new URL(source.url);
    url.pathname = `/${name}`;
    targetUrl = url.toString();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (targetUrl) {
      const admin = createPrismaClient(source.url, { max: 1 });
      await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS ${new URL(targetUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.$disconnect();
    }
    await Promise.all([smtp?.close(), source?.drop(), work && rm(work, { recursive: true, force: true })]);
  });

  it("backs up while a package is half signed, and restores into an empty installation that goes on", async () => {
    const created = await backupCommand(["create", join(work, "backup")], source.url, join(work, "data-before"));
    expect(created.code, created.stdout).toBe(0);
    expect(created.stdout).toMatch(
      /Backed up the database \(\d+ bytes, migration \d+_\w+\), [1-9]\d* files and (secrets\.json, )?seal\./,
    );
    await server?.close();
    server = null;

    const restored = await backupCommand(["restore", join(work, "backup")], targetUrl, join(work, "data-after"));
    expect(restored.code, restored.stdout).toBe(0);
    expect(restored.stdout).toContain("The database and the file store agree.");
    const again = await backupCommand(["restore", join(work, "backup")], targetUrl, join(work, "data-after"));
    expect(again.code).toBe(1);
    expect(again.stdout).toContain("The target database is not empty");

    await start(targetUrl, join(work, "data-after"));
    for (const id of [sealed.pkg.id, inFlight.pkg.id]) {
      expect(await verifyAuditChain(server!.db, "package", id)).toMatchObject({ valid: true });
    }
    const artifact = await server!.db.sealedArtifact.findFirstOrThrow({
      where: { packageId: sealed.pkg.id, kind: "DOCUMENT" },
    });
    const bytes = await streamBytes(await server!.deps.storage.get(artifact.blobKey));
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(bytes)], { type: "application/pdf" }), "sealed.pdf");
    const verification = (await (
      await fetch(`${server!.signingRoom!.url}/api/v1/seal-verifications`, {
        method: "POST",
        headers: { "x-signet-signing-room": "1" },
        body: form,
      })
    ).json()) as SealVerification;
    expect(verification).toMatchObject({ verified: true, kind: "DOCUMENT" });

    // the second signer finishes with the link emailed before the backup; the package seals
    await signAs("di@backup.example.com", secondInvitation);
    expect(await sealedAt(inFlight.pkg.id)).toBeInstanceOf(Date);
  }, 120_000);

  it("lists a file without its row and a row without its file", async () => {
    const dataDir = join(work, "data-after");
    const artifact = await server!.db.sealedArtifact.findFirstOrThrow({ where: { packageId: sealed.pkg.id } });
    await server!.deps.storage.delete(artifact.blobKey);
    await writeFile(join(dataDir, "blobs", "stray.pdf"), "not a document");
    const check = await backupCommand(["check"], targetUrl, dataDir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`missing file: SealedArtifact ${artifact.id} → ${artifact.blobKey}`);
    expect(check.stdout).toContain("file without a row: stray.pdf");
  });
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
