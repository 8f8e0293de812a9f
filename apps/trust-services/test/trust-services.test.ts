import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTrustServices } from "../src/index.ts";

// The reference trust services on their own, over HTTP: the CA is kept across restarts (seals made
// before a restart must chain to the same root), the test-only revocation route is off unless asked
// for, and the TSA's answers are what OpenSSL expects.

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "signet-trust-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("reference trust services", () => {
  it("keep their CA across restarts and refuse /_test/revoke unless test controls are on", async () => {
    const first = await startTrustServices({ port: 0, dataDir });
    const root = first.ca.root.x509.fingerprint256;
    const issued = await first.ca.issueSealCertificate({ commonName: "Kept" });
    const revoke = await fetch(`${first.url}/_test/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ serial: "01" }),
    });
    expect(revoke.status).toBe(404);
    await first.close();

    const second = await startTrustServices({ port: 0, dataDir, testControls: true });
    try {
      expect(second.ca.root.x509.fingerprint256).toBe(root);
      const serial = new (await import("node:crypto")).X509Certificate(issued.certificate).serialNumber;
      expect(second.ca.find(serial)).toBeDefined();
      const unknown = await fetch(`${second.url}/_test/revoke`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ serial: "01" }),
      });
      expect(unknown.status).toBe(404);
      const known = await fetch(`${second.url}/_test/revoke`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ serial }),
      });
      expect(known.status).toBe(200);
      expect(second.ca.find(serial)?.revokedAt).toBeTruthy();
    } finally {
      await second.close();
    }
  });

  it("answers an OpenSSL timestamp query with a token OpenSSL verifies, and refuses a malformed one", async () => {
    const services = await startTrustServices({ port: 0, dataDir });
    try {
      const work = await mkdtemp(join(tmpdir(), "signet-tsq-"));
      await writeFile(join(work, "data.txt"), "hello");
      await writeFile(join(work, "root.pem"), services.ca.root.x509.toString());
      execFileSync("openssl", ["ts", "-query", "-data", "data.txt", "-sha256", "-cert", "-out", "q.tsq"], {
        cwd: work,
      });
      const query = await (await import("node:fs/promises")).readFile(join(work, "q.tsq"));
      const reply = await fetch(services.urls.tsa, {
        method: "POST",
        headers: { "content-type": "application/timestamp-query" },
        body: query,
      });
      expect(reply.headers.get("content-type")).toBe("application/timestamp-reply");
      await writeFile(join(work, "r.tsr"), Buffer.from(await reply.arrayBuffer()));
      const verified = execFileSync(
        "openssl",
        ["ts", "-verify", "-data", "data.txt", "-in", "r.tsr", "-CAfile", "root.pem"],
        { cwd: work, encoding: "utf8" },
      );
      expect(verified).toContain("Verification: OK");

      const bad = await fetch(services.urls.tsa, {
        method: "POST",
        headers: { "content-type": "application/timestamp-query" },
        body: Buffer.from("not a request"),
      });
      await writeFile(join(work, "bad.tsr"), Buffer.from(await bad.arrayBuffer()));
      const text = execFileSync("openssl", ["ts", "-reply", "-in", "bad.tsr", "-text"], {
        cwd: work,
        encoding: "utf8",
      });
      expect(text).toContain("Status: Rejected");
      await rm(work, { recursive: true, force: true });
    } finally {
      await services.close();
    }
  });
});
