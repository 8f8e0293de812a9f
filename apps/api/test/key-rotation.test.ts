import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { fillPath, routes, routeUrl } from "@signet/contract";
import { createTestDatabase, type TestDatabase } from "@signet/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedServer, startServer } from "../src/start-server.ts";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { freePort } from "./support/free-port.ts";
import { HttpClient } from "./support/http-client.ts";
import { invitationTo, linkToken, sendPackage, signablePackage } from "./support/signing-fixtures.ts";
import { openRoom } from "./support/signing-room-helpers.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import type { TestApp } from "./support/test-app.ts";

// Issue 18 §4: AUTH_SECRET and the field encryption key rotate without downtime. After a restart
// with a new AUTH_SECRET (the old one in AUTH_SECRET_PREVIOUS) every session, anti-forgery value
// and signing link made before still works, stored secrets still open, and the audit trail records
// the rotation; `pnpm keys reencrypt` moves the stored secrets onto the new key; once the previous
// secret is removed, what it signed stops working and the secrets still open.

const root = fileURLToPath(new URL("../../../", import.meta.url));
const OLD_SECRET = "old-auth-secret-0123456789abcdef0123456789";
const NEW_SECRET = "new-auth-secret-abcdef0123456789abcdef0123";

let database: TestDatabase;
let smtp: SmtpCapture;
let dataDir: string;
let server: StartedServer | null = null;
/** one port for every restart, so clients made before a restart reach the next process */
let port: number;

async function start(env: Record<string, string>): Promise<TestApp> {
  await server?.close();
  server = await startServer(
    {
      ...ACCESS_TEST_ENV,
      DATABASE_URL: database.url,
      PORT: String(port),
      SIGNING_ROOM_LISTEN_PORT: "0",
      SEED_DEMO: "false",
      WEB_DIST: "/nonexistent",
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ...env,
    },
    { logLevel: "silent" },
  );
  const started = server;
  return { server: started, url: started.url, close: () => started.close() };
}

/** `pnpm keys …` as an operator runs it, against the same database and environment. */
async function keysCommand(args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      // `pnpm test:compiled` runs the command as production does: compiled, without a TypeScript loader
      process.env.SIGNET_TEST_COMPILED === "1"
        ? ["--conditions=signet-dist", "apps/api/dist/keys.js", ...args]
        : ["--import", "tsx", "apps/api/src/cli/keys.ts", ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url, DATA_DIR: dataDir, ...env },
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: `${failed.stdout}${failed.stderr}` };
  }
}

const rotationEvents = (purpose: string) =>
  server!.db.auditEvent.count({
    where: { streamType: "installation", type: "key.rotated", data: { path: ["purpose"], equals: purpose } },
  });

describe("rotating AUTH_SECRET and the field encryption key", () => {
  let session: HttpClient;
  let orgId: string;
  let webhookId: string;
  let signingToken: string;
  let webhookSecretBefore: string;

  beforeAll(async () => {
    [database, smtp, dataDir] = await Promise.all([
      createTestDatabase(),
      startSmtpCapture(),
      mkdtemp(join(tmpdir(), "signet-keys-")),
    ]);
    await database.db.$disconnect();
    port = await freePort();
    const app = await start({ AUTH_SECRET: OLD_SECRET });
    const signing = await signablePackage(app, app.server.db, {
      signers: [{ givenName: "Ada", email: "ada@rotation.example.com" }],
    });
    await sendPackage(signing, app.server.db);
    signingToken = linkToken(await invitationTo(smtp, "ada@rotation.example.com"));
    session = signing.admin;
    orgId = signing.org.organizationId;
    const webhook = await session.request<{ endpoint: { id: string }; secret: string }>(
      "POST",
      fillPath(routeUrl(routes.createWebhook), { orgId }),
      { json: { url: "https://hooks.example.com/rotation", eventTypes: ["package.sent"] } },
    );
    expect(webhook.status).toBe(201);
    webhookId = webhook.body.endpoint.id;
    webhookSecretBefore = webhook.body.secret;
  }, 240_000);

  afterAll(async () => {
    await server?.close();
    await Promise.all([smtp?.close(), database?.drop(), dataDir && rm(dataDir, { recursive: true, force: true })]);
  });

  const permissions = () => session.get(`/api/v1/organizations/${orgId}/users/me/permissions`);
  const storedWebhookSecret = async () => {
    const row = await server!.db.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } });
    return server!.deps.fieldCipher.decrypt(row.secretEncrypted);
  };

  it("keeps sessions, anti-forgery values, signing links and stored secrets working across the restart", async () => {
    expect(await rotationEvents("auth-secret")).toBe(0);
    await start({ AUTH_SECRET: NEW_SECRET, AUTH_SECRET_PREVIOUS: OLD_SECRET });

    expect((await permissions()).status).toBe(200);
    const write = await session.request("POST", fillPath(routeUrl(routes.createGroup), { orgId }), {
      json: { name: "Made after the rotation", roleIds: [] },
    });
    expect(write.status).toBe(201);
    const room = await openRoom(server!.signingRoom!.url, signingToken);
    expect(room.reply.status).toBe(201);
    expect(await storedWebhookSecret()).toBe(webhookSecretBefore);

    // the rotation is in the installation's audit trail: the secret, and the field key derived from it
    expect(await rotationEvents("auth-secret")).toBe(1);
    expect(await rotationEvents("field-encryption-key")).toBe(1);
  });

  it("records a rotation once: a restart with the same keys adds nothing", async () => {
    await start({ AUTH_SECRET: NEW_SECRET, AUTH_SECRET_PREVIOUS: OLD_SECRET });
    expect(await rotationEvents("auth-secret")).toBe(1);
  });

  it("re-encrypts every stored secret with `pnpm keys reencrypt`, then reports nothing left", async () => {
    const env = { AUTH_SECRET: NEW_SECRET, AUTH_SECRET_PREVIOUS: OLD_SECRET };
    const before = await keysCommand(["status"], env);
    expect(before.code, before.stdout).toBe(1);
    expect(before.stdout).toMatch(/WebhookEndpoint\.secretEncrypted\s+1 stored, 1 need a previous key/);

    const run = await keysCommand(["reencrypt"], env);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/Total: [1-9]\d* re-encrypted\./);
    const after = await keysCommand(["status"], env);
    expect(after.code, after.stdout).toBe(0);
    expect(after.stdout).toMatch(/Total: 0 need a previous key\./);
    expect(await server!.db.auditEvent.count({ where: { type: "key.field-values-reencrypted" } })).toBe(1);
  });

  it("once the previous secret is removed: what it signed stops working, the secrets still open", async () => {
    await start({ AUTH_SECRET: NEW_SECRET });
    expect((await permissions()).status).toBe(401);
    const room = await openRoom(server!.signingRoom!.url, signingToken);
    expect(room.reply.status).toBeGreaterThanOrEqual(400);
    expect(room.reply.status).toBeLessThan(500);
    expect(await storedWebhookSecret()).toBe(webhookSecretBefore);
    const fresh = new HttpClient(server!.url);
    const email = (
      await server!.db.user.findFirstOrThrow({ where: { memberships: { some: { organizationId: orgId } } } })
    ).email;
    expect((await fresh.signIn(email, "Correct-Horse-9-Battery")).status).toBe(200);
  });

  it("prints fresh keys to put in the environment", async () => {
    const generated = await keysCommand(["generate"], {});
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{64}$/m);
    expect(generated.stdout).toMatch(/^FIELD_ENCRYPTION_KEY=[0-9a-f]{64}$/m);
    // the page it sends the operator to is there
    const page = /\((docs\/operations\/[a-z-]+\.md)\)/.exec(generated.stdout)?.[1];
    expect(page).toBe("docs/operations/rotating-keys.md");
    expect(existsSync(new URL(`../../../${page}`, import.meta.url))).toBe(true);
  });
});
