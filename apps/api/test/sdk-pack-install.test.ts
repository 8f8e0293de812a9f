import { execFile, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ApiClientWithSecret, ApiUser, WebhookEndpointWithSecret } from "@signet/contract";
import { buildGroup } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignet } from "../../../packages/client/src/index.ts";
import { ACCESS_TEST_ENV, type AccessOrg, newRole, organizationWithAdmin } from "./support/access-fixtures.ts";
import { FIXTURE_PDFS, fixturePdf } from "./support/document-upload.ts";
import type { HttpClient } from "./support/http-client.ts";
import { signedIn } from "./support/signed-in.ts";
import { openAndConsent, pdfsig, signEverything } from "./support/signing-fixtures.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 36 §1: the SDK as an integrator gets it. The package is built and packed, the tarball is
// installed with npm into an empty folder outside the workspace (zod comes from the registry, the
// contract is inside the package), and the README's example runs there as a plain .mjs against a
// real API, down to the sealed PDF. Webhook verification runs there too, on a real delivery.

const run = promisify(execFile);
const CLIENT_DIR = new URL("../../../packages/client/", import.meta.url).pathname;
const FIXTURE = "google-doc-document.pdf";

let app: TestApp;
let receiver: WebhookReceiver;
let org: AccessOrg;
let admin: HttpClient;
let folder: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ ...ACCESS_TEST_ENV, OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost" });
  org = await organizationWithAdmin(app.server.db);
  admin = await signedIn(app.url, org.admin.email);

  await run("pnpm", ["run", "-s", "build"], { cwd: CLIENT_DIR });
  folder = mkdtempSync(join(tmpdir(), "signet-sdk-"));
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", folder], { cwd: CLIENT_DIR });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "integrator", private: true, type: "module" }));
  await run("npm", ["install", join(folder, packed!.filename), "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: folder,
  });
  // a first build declares the whole contract with tsc: on a loaded 2-core machine over a minute
}, 400_000);
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** An API user in a group that may manage packages, with a client: what an administrator hands an integrator. */
async function integration() {
  const role = await newRole(org, ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES"]);
  const group = await buildGroup(app.server.db, {
    organizationId: org.organizationId,
    name: `Integrations-${randomUUID().slice(0, 6)}`,
    roleIds: [role.id],
  });
  const base = `/api/v1/organizations/${org.organizationId}`;
  const user = await admin.request<ApiUser>("POST", `${base}/api-users`, {
    json: { name: "Loan system", groupId: group.id, roleIds: [role.id] },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const client = await admin.request<ApiClientWithSecret>("POST", `${base}/api-users/${user.body.id}/api-clients`, {
    json: { name: "Loan origination" },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  return { clientId: client.body.client.clientId, clientSecret: client.body.secret.value, apiUserId: user.body.id };
}

const readme = () => readFileSync(join(CLIENT_DIR, "README.md"), "utf8");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the SDK, packed and installed outside the workspace", () => {
  it("is a package with no private dependency, its types and the contract inside", () => {
    const manifest = JSON.parse(readFileSync(join(folder, "node_modules/@signet/sdk/package.json"), "utf8"));
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies)).toEqual(["zod"]);
    expect(manifest.devDependencies?.["@signet/contract"]).toBeDefined();
    // npm installed zod beside it, and nothing of the workspace
    const lock = JSON.parse(readFileSync(join(folder, "package-lock.json"), "utf8"));
    expect(Object.keys(lock.packages).sort()).toEqual(["", "node_modules/@signet/sdk", "node_modules/zod"]);
    const types = readFileSync(join(folder, "node_modules/@signet/sdk", manifest.exports["."].types), "utf8");
    expect(types).toContain("createSignet");
    expect(types).not.toContain("@signet/contract");
  });

  it("runs the README's example: package, upload, signer, tag, send, signing, sealed PDF, paging", async () => {
    const { apiUserId, ...credentials } = await integration();
    const orgId = org.organizationId;
    // four more packages of the API user (it sees its group's packages), so that listing them two
    // at a time takes three pages; made with the workspace's own build of the same client
    const signet = createSignet({ baseUrl: app.url, ...credentials, orgId });
    for (let index = 0; index < 4; index++) await signet.packages.create({ body: { name: `Earlier ${index}` } });
    const example = /```js\n([\s\S]*?)```/.exec(readme())?.[1];
    expect(example).toBe(readFileSync(join(CLIENT_DIR, "examples/send-and-wait.mjs"), "utf8"));
    writeFileSync(join(folder, "send-and-wait.mjs"), example!);
    const sealedPath = join(folder, "sealed.pdf");

    const child = spawn(process.execPath, ["send-and-wait.mjs", join(FIXTURE_PDFS, FIXTURE), sealedPath], {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        SIGNET_URL: app.url,
        SIGNET_CLIENT_ID: credentials.clientId,
        SIGNET_CLIENT_SECRET: credentials.clientSecret,
        SIGNET_ORG_ID: org.organizationId,
        POLL_MS: "100",
      },
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const signed = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const link = /Signing link: (\S+)/.exec(stdout)?.[1];
        if (!link || stdout.includes("(signing)")) return;
        stdout += "(signing)";
        // the signer, in the signing room the link opens
        const token = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
        openAndConsent(app.server.signingRoom!.url, token)
          .then(({ client, room }) => signEverything(client, room))
          .then((finished) => {
            expect(finished.body.stage).toBe("FINISHED");
            resolve();
          }, reject);
      });
    });
    const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(exitCode, stderr).toBe(0);
    await signed;

    const [, packageId, artifactId] = /package (\S+), artifact (\S+)\)/.exec(stdout) ?? [];
    const db = app.server.db;
    const pkg = await db.package.findUniqueOrThrow({ where: { id: packageId! }, include: { documents: true } });
    expect([pkg.status, pkg.name]).toEqual(["COMPLETED", "Loan 4711"]);
    // the API user did the work, not a person
    expect(pkg.documents.map((document) => document.uploadedById)).toEqual([apiUserId]);
    const artifact = await db.sealedArtifact.findUniqueOrThrow({ where: { id: artifactId! } });
    const sealed = new Uint8Array(readFileSync(sealedPath));
    expect(sha256(sealed)).toBe(artifact.sha256);
    expect(artifact.sha256Before).toBe(sha256(new Uint8Array(fixturePdf(FIXTURE))));
    expect(pdfsig(sealed)).toContain("Signature is Valid");
    expect(stdout).toContain("Packages in the organization: 5");
  });

  it("verifies a real delivery with signet.webhooks.verify, and refuses a changed, stale or foreign one", async () => {
    const hooks = `/api/v1/organizations/${org.organizationId}/webhooks`;
    const created = await admin.request<WebhookEndpointWithSecret>("POST", hooks, {
      json: { url: receiver.url, eventTypes: ["package.sealed"] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await admin.request<{ eventId: string }>("POST", `${hooks}/${created.body.endpoint.id}/test`);
    expect(sent.status).toBe(202);
    await expect.poll(() => receiver.received.length).toBeGreaterThan(0);
    const delivery = receiver.received.find((entry) => entry.json.id === sent.body.eventId)!;

    const script = `
      import { createSignet, SignetWebhookVerificationError } from "@signet/sdk";
      const { body, headers, secret } = JSON.parse(process.argv[2]);
      const signet = createSignet({ baseUrl: "http://unused", clientId: "-", clientSecret: "-" });
      const outcome = (check) => { try { return check().type; } catch (error) {
        return error instanceof SignetWebhookVerificationError ? "refused: " + error.message : "crashed: " + error; } };
      const later = Number(headers["webhook-timestamp"]) + 6 * 60;
      console.log(JSON.stringify({
        genuine: outcome(() => signet.webhooks.verify(body, headers, secret)),
        bytes: outcome(() => signet.webhooks.verify(new TextEncoder().encode(body), headers, secret)),
        changed: outcome(() => signet.webhooks.verify(body.replace("webhook.test", "package.sealed"), headers, secret)),
        stale: outcome(() => signet.webhooks.verify(body, headers, secret, { nowSeconds: later })),
        foreign: outcome(() => signet.webhooks.verify(body, headers, "whsec_" + Buffer.alloc(32, 7).toString("base64"))),
        unsigned: outcome(() => signet.webhooks.verify(body, { ...headers, "webhook-signature": undefined }, secret)),
      }));`;
    writeFileSync(join(folder, "verify.mjs"), script);
    const input = JSON.stringify({ body: delivery.body, headers: delivery.headers, secret: created.body.secret });
    const { stdout } = await run(process.execPath, ["verify.mjs", input], { cwd: folder });
    expect(JSON.parse(stdout)).toEqual({
      genuine: "webhook.test",
      bytes: "webhook.test",
      changed: "refused: No signature matches this secret",
      stale: "refused: webhook-timestamp is outside the tolerance window",
      foreign: "refused: No signature matches this secret",
      unsigned: "refused: Missing webhook-id, webhook-timestamp or webhook-signature header",
    });
  });
});
