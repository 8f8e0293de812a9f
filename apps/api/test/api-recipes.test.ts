import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ApiClientWithSecret, ApiUser, SigningRoomSettings, WebhookEndpointWithSecret } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bulkSend } from "../../../docs/api/recipes/bulk-send.ts";
import { embedSigningRoom } from "../../../docs/api/recipes/embed-signing-room.ts";
import { receiveSealedFiles, type SealedFile } from "../../../docs/api/recipes/sealed-files-receiver.ts";
import { sendFromTemplate } from "../../../docs/api/recipes/send-from-template.ts";
import { createSignet, type Signet } from "../../../packages/client/src/index.ts";
import { ACCESS_TEST_ENV, newGroup, newRole } from "./support/access-fixtures.ts";
import { HEADER, row, setup } from "./support/bulk-send-fixtures.ts";
import { fixturePdf } from "./support/document-upload.ts";
import { OFFICER } from "./support/package-fixtures.ts";
import { invitationTo, linkToken, openAndConsent, pdfsig, signEverything } from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

// Issue 36 §3: the integrator recipes of docs/api/recipes, run as written against the real API
// through the SDK. The fixtures build what a recipe takes for granted (an organization, a package
// template, an API client); each recipe's outcome is checked where it shows: the invitation in the
// mailbox, the signing room answering for the participant, the sealed PDF, the packages sent. The
// Node.js example of docs/api/webhook-verification.md runs too, taken from the page as written.

let app: TestApp;
let smtp: SmtpCapture;
let s: Awaited<ReturnType<typeof setup>>;
/** an API client of the template's group (manages packages) */
let officer: Signet;
const BANK = "https://bank.example";

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // the room's page is served from its build, which a test run may not have: a stand-in page
  const dist = mkdtempSync(join(tmpdir(), "signet-room-dist-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Signing room (test stand-in)</title>");
  app = await startTestApp({
    ...ACCESS_TEST_ENV,
    SMTP_URL: smtp.url,
    SIGNING_ROOM_DIST: dist,
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1,localhost",
  });
  s = await setup(app.server.db, app.url);
  officer = await integration(s.officer.group.id, s.officer.role.id);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** What an administrator hands an integrator: an API user in a group, with a client. */
async function integration(groupId: string, roleId: string): Promise<Signet> {
  const base = `/api/v1/organizations/${s.org.organizationId}`;
  const user = await s.admin.request<ApiUser>("POST", `${base}/api-users`, {
    json: { name: "Loan system", groupId, roleIds: [roleId] },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const client = await s.admin.request<ApiClientWithSecret>("POST", `${base}/api-users/${user.body.id}/api-clients`, {
    json: { name: "Loan origination" },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  return createSignet({
    baseUrl: app.url,
    clientId: client.body.client.clientId,
    clientSecret: client.body.secret.value,
    orgId: s.org.organizationId,
  });
}

/** A sent package of the API user with one signer who signs through links the integrator hands over. */
async function sentToApiSigner(signet: Signet, name: string) {
  const pkg = await signet.packages.create({ body: { name } });
  const ids = { packageId: pkg.id };
  const document = await signet.packages.documents.upload({
    params: ids,
    file: fixturePdf("google-doc-document.pdf"),
    fileName: "agreement.pdf",
    fields: { documentProperties: { name: "Agreement", executionType: "E_SIGN" } },
  });
  const signer = await signet.packages.participants.add({
    params: ids,
    body: { type: "Borrower", givenName: "Ada", familyName: "Okafor", email: "ada@example.com", accessMethod: "API" },
  });
  await signet.packages.executableDocuments.createTag({
    params: { ...ids, documentId: document.id },
    body: { participantId: signer.id, type: "SIGNATURE", page: 1, x: 72, y: 620, width: 180, height: 40 },
  });
  const { version } = await signet.packages.get({ params: ids });
  await signet.packages.send({ params: ids, body: { version } });
  return { packageId: pkg.id, participantId: signer.id };
}

const tokenOfUrl = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop()!);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the integrator recipes", () => {
  it("a. create and send from a template: each person of the template's slots gets an invitation", async () => {
    const input = {
      signet: officer,
      templateName: "Refinance",
      packageName: "Loan 7001",
      people: [
        { type: "Borrower", roleNumber: 1, givenName: "Ada", familyName: "Okafor", email: "ada-7001@example.com" },
        { type: "Borrower", roleNumber: 2, givenName: "Ben", familyName: "Okafor", email: "ben-7001@example.com" },
      ],
      idempotencyKey: "loan-7001",
    };
    const sent = await sendFromTemplate(input);
    expect([sent.name, sent.status]).toEqual(["Loan 7001", "AVAILABLE_TO_SIGNERS"]);
    for (const email of ["ada-7001@example.com", "ben-7001@example.com"]) {
      expect(linkToken(await invitationTo(smtp, email))).not.toBe("");
    }
    // the same loan again (a retry after a lost answer): the same package, not a second one
    expect((await sendFromTemplate(input)).id).toBe(sent.id);
    const fromTemplate = await app.server.db.package.findMany({ where: { fromPackageTemplateId: s.template.id } });
    expect(fromTemplate.map((pkg) => pkg.id)).toEqual([sent.id]);
  });

  it("b. embed the signing room: the URL opens the room for that participant, framed by the bank's page only", async () => {
    const { packageId, participantId } = await sentToApiSigner(officer, "Embedded loan");
    // the organization's administrator allows embedding, and the bank's origin
    await app.server.db.organization.update({ where: { id: s.org.organizationId }, data: { embeddedSrEnabled: true } });
    const settings = await s.admin.request<SigningRoomSettings>(
      "PATCH",
      `/api/v1/organizations/${s.org.organizationId}/settings/signing-room`,
      { json: { embedded_allowed_origins: [BANK] } },
    );
    expect(settings.status).toBe(200);

    const embed = await embedSigningRoom({ signet: officer, packageId, participantId, parentOrigin: BANK });
    expect(embed.iframe).toContain(`src="${embed.signingURL.replaceAll("&", "&amp;")}"`);
    expect(Date.parse(embed.expiresAt)).toBeGreaterThan(Date.now());
    const page = await fetch(embed.signingURL);
    await page.arrayBuffer();
    expect(page.status).toBe(200);
    const frameAncestors = /frame-ancestors ([^;]+)/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(frameAncestors).toBe(`'self' ${BANK}`);

    const { room } = await openAndConsent(app.server.signingRoom!.url, tokenOfUrl(embed.signingURL));
    expect([room.package.id, room.participant.id]).toEqual([packageId, participantId]);
  });

  it("c. receive events and download sealed files: package.sealed verified, the sealed PDF signed", async () => {
    const admin = await newRole(s.org, [...OFFICER, "MANAGE_ADMIN_SETTINGS"]);
    const integrations = await newGroup(s.org, { roleIds: [admin.id] });
    const signet = await integration(integrations.id, admin.id);
    const sealed: { packageId: string; files: SealedFile[] }[] = [];
    const receiver = await receiveSealedFiles({
      signet,
      host: "127.0.0.1",
      port: 0,
      onSealed: (packageId, files) => {
        sealed.push({ packageId, files });
      },
    });
    try {
      // a delivery not signed with the endpoint's secret is refused
      const forged = await fetch(receiver.url, {
        method: "POST",
        headers: {
          "webhook-id": "msg_1",
          "webhook-timestamp": `${Math.floor(Date.now() / 1000)}`,
          "webhook-signature": "v1,AAAA",
        },
        body: JSON.stringify({ type: "package.sealed", data: {} }),
      });
      expect(forged.status).toBe(400);

      const { packageId, participantId } = await sentToApiSigner(signet, "Loan 7002");
      const link = await signet.packages.signingRoomIdentifiers.createUrl({
        params: { packageId, participantId },
        body: {},
      });
      const { client, room } = await openAndConsent(app.server.signingRoom!.url, tokenOfUrl(link.signingURL));
      expect((await signEverything(client, room)).body.stage).toBe("FINISHED");

      await expect.poll(() => sealed.length, { timeout: 90_000 }).toBe(1);
      expect(sealed[0]!.packageId).toBe(packageId);
      const document = sealed[0]!.files.find((file) => file.kind === "DOCUMENT")!;
      expect(new TextDecoder().decode(document.pdf.slice(0, 5))).toBe("%PDF-");
      expect(sha256(document.pdf)).toBe(document.sha256);
      expect(pdfsig(document.pdf)).toContain("Signature is Valid");
      expect(sealed[0]!.files.map((file) => file.kind).sort()).toEqual(["CERTIFICATE", "DOCUMENT"]);
    } finally {
      await receiver.close();
    }
    // closing removed the endpoint it registered
    expect((await signet.webhooks.list()).records.map((endpoint) => endpoint.url)).not.toContain(receiver.url);
  });

  it("d. bulk send: every good row becomes a sent package, the bad row is reported with its line", async () => {
    const csv = [HEADER, row(1), row(2, { email1: "ada2-at-example" }), row(3)].join("\r\n");
    const progress: number[] = [];
    const outcome = await bulkSend({
      signet: officer,
      templateId: s.template.id,
      csv,
      fileName: "march.csv",
      pollMs: 100,
      onProgress: (done) => progress.push(done),
    });
    expect(outcome.bulkSend).toMatchObject({ status: "COMPLETED", totalRows: 3, sentCount: 2, failedCount: 1 });
    expect(outcome.failedRows).toEqual([{ line: 3, reason: "BORROWER 1 email: Enter a valid email address." }]);
    expect(progress.at(-1)).toBe(3);
    const packages = await app.server.db.package.findMany({
      where: { fromPackageTemplateId: s.template.id, name: { in: ["Loan 1", "Loan 2", "Loan 3"] } },
      orderBy: { name: "asc" },
    });
    expect(packages.map((pkg) => [pkg.name, pkg.status])).toEqual([
      ["Loan 1", "AVAILABLE_TO_SIGNERS"],
      ["Loan 3", "AVAILABLE_TO_SIGNERS"],
    ]);
    await invitationTo(smtp, "ben3@example.com");
  });

  it("webhook-verification.md: the Node.js example accepts a real delivery and refuses a changed or foreign one", async () => {
    const page = readFileSync(new URL("../../../docs/api/webhook-verification.md", import.meta.url), "utf8");
    const example = /## Node\.js[\s\S]*?```js\n([\s\S]*?)```/.exec(page)?.[1];
    expect(example).toContain('from "standardwebhooks"');

    const receiver = await startWebhookReceiver();
    try {
      const hooks = `/api/v1/organizations/${s.org.organizationId}/webhooks`;
      const created = await s.admin.request<WebhookEndpointWithSecret>("POST", hooks, {
        json: { url: receiver.url, eventTypes: ["package.sealed"] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const sent = await s.admin.request<{ eventId: string }>("POST", `${hooks}/${created.body.endpoint.id}/test`);
      expect(sent.status).toBe(202);
      await expect.poll(() => receiver.received.some((entry) => entry.json.id === sent.body.eventId)).toBe(true);
      const delivery = receiver.received.find((entry) => entry.json.id === sent.body.eventId)!;

      // beside the API's own dependencies, where "standardwebhooks" (npm) resolves as in a project of yours
      const folder = new URL("../node_modules/.cache/webhook-verification-example/", import.meta.url).pathname;
      mkdirSync(folder, { recursive: true });
      try {
        writeFileSync(join(folder, "verify.mjs"), example!);
        writeFileSync(
          join(folder, "run.mjs"),
          `import { signetEvent } from "./verify.mjs";
          const { body, headers } = JSON.parse(process.argv[2]);
          console.log(JSON.stringify({
            genuine: signetEvent(body, headers)?.type ?? null,
            bytes: signetEvent(Buffer.from(body), headers)?.type ?? null,
            changed: signetEvent(body.replace("webhook.test", "package.sealed"), headers)?.type ?? null,
          }));`,
        );
        const run = (secret: string) =>
          promisify(execFile)(
            process.execPath,
            ["run.mjs", JSON.stringify({ body: delivery.body, headers: delivery.headers })],
            {
              cwd: folder,
              env: { PATH: process.env.PATH, SIGNET_WEBHOOK_SECRET: secret },
            },
          );
        expect(JSON.parse((await run(created.body.secret)).stdout)).toEqual({
          genuine: "webhook.test",
          bytes: "webhook.test",
          changed: null,
        });
        const foreign = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
        expect(JSON.parse((await run(foreign)).stdout)).toEqual({ genuine: null, bytes: null, changed: null });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    } finally {
      await receiver.close();
    }
  });
});
