import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS } from "@signet/contract";
import { outboundFetch, outboundPolicy, sealPdfWithLevel } from "@signet/core";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../src/start-server.ts";
import { fixturePdf } from "./support/document-upload.ts";
import { HttpClient } from "./support/http-client.ts";

// The README's start command with nothing configured: embedded PostgreSQL, migrations, demo seed.
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let dataDir = "";
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("start with no configuration", () => {
  it("starts embedded PostgreSQL, seeds the demo once, and keeps data and secrets between runs", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "signet-embedded-"));
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_EVAULT_PORT: "0",
      EMBEDDED_PRINT_VENDOR_PORT: "0",
      EMBEDDED_TRUST_SERVICES_PORT: "0",
      PORT: "0",
      SIGNING_ROOM_LISTEN_PORT: "0",
      WEB_DIST: "/nonexistent",
    };

    const first = await startServer(env, { logLevel: "silent" });
    let password: string;
    let sealFingerprint = "";
    try {
      expect(first.embeddedDatabase).toBe(true);
      expect(first.inProcessJobs).toBe(true);
      expect(first.demo?.users.map((user) => user.email)).toEqual([
        "support@signet.local",
        "admin@demo.signet.local",
        "member@demo.signet.local",
      ]);
      password = first.demo!.users[0]!.password;
      const roles = await first.db.role.findMany({ select: { name: true } });
      expect(roles.map((role) => role.name)).toEqual(
        expect.arrayContaining([DEFAULTS.supportRoleName, DEFAULTS.adminRoleName]),
      );
      const groups = await first.db.group.findMany({ select: { name: true } });
      expect(groups.map((group) => group.name)).toEqual(
        expect.arrayContaining([DEFAULTS.supportGroupName, DEFAULTS.orgAdminGroupName]),
      );
      const admin = new HttpClient(first.url);
      const signIn = await admin.signIn("admin@demo.signet.local", password);
      expect(signIn.status).toBe(200);
      // the demo organization deposits into the reference eVault this start runs (issue 15 §1)
      expect(first.evaultUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const orgId = (await first.db.organization.findFirstOrThrow({ where: { name: "Demo Lending" } })).id;
      const vaults = await admin.get<{ records: { id: string; url: string }[] }>(
        `/api/v1/organizations/${orgId}/evaults`,
      );
      expect(vaults.body.records.map((vault) => vault.url)).toEqual([first.evaultUrl]);
      const test = await admin.request<{ ok: boolean; message: string }>(
        "POST",
        `/api/v1/organizations/${orgId}/evaults/${vaults.body.records[0]!.id}/test-connection`,
      );
      expect(test.body.ok, test.body.message).toBe(true);
      // and mails print sets through the reference print vendor it runs (issue 16 §4)
      expect(first.printVendorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const printing = await first.db.printFulfillmentSettings.findUniqueOrThrow({ where: { organizationId: orgId } });
      expect([printing.enabled, printing.vendorUrl]).toEqual([true, first.printVendorUrl]);
      // and seals at PAdES B-LTA with the reference trust services it runs (issue 32 §2): the
      // development seal is issued by their CA and their TSA timestamps (long-term-seal.test.ts checks
      // such files with OpenSSL)
      expect(first.trustServicesUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.config.TSA_URL).toBe(`${first.trustServicesUrl}/tsa`);
      const seal = await first.deps.sealKeys.system();
      expect(seal.chain).toHaveLength(2);
      sealFingerprint = seal.fingerprintSha256;
      const sealed = await sealPdfWithLevel(new Uint8Array(fixturePdf("minimal-document.pdf")), seal, {
        reason: "embedded start",
        name: "Signet",
        timestampUrl: first.config.TSA_URL!,
        fetch: outboundFetch(outboundPolicy(first.config)),
      });
      expect(sealed.level).toBe("B-LTA");
      const secrets = await stat(join(dataDir, "secrets.json"));
      expect(secrets.mode & 0o077).toBe(0);
    } finally {
      await first.close();
    }

    const second = await startServer(env, { logLevel: "silent" });
    try {
      expect(await second.db.organization.count()).toBe(2);
      expect(second.demo?.users.every((user) => user.password === password)).toBe(true);
      const stored = JSON.parse(await readFile(join(dataDir, "secrets.json"), "utf8"));
      expect(stored.demoPassword).toBe(password);
      expect((await new HttpClient(second.url).signIn("member@demo.signet.local", password)).status).toBe(200);
      // the CA and the seal it issued are kept across restarts
      expect((await second.deps.sealKeys.system()).fingerprintSha256).toBe(sealFingerprint);
      // one demo eVault, following the second start's vault
      expect((await second.db.eVault.findMany()).map((vault) => vault.url)).toEqual([second.evaultUrl]);
      const printing = await second.db.printFulfillmentSettings.findMany();
      expect(printing.map((settings) => settings.vendorUrl)).toEqual([second.printVendorUrl]);
    } finally {
      await second.close();
    }
  }, 90_000);
});
