import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CONFIG_VARIABLES, loadConfig, PRODUCTION_REQUIRED_VARIABLES } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

// Issue 31 §3: the production shape starts as written. Docker itself cannot run here; Debian's
// docker-compose resolves the file without a daemon (`config`), and the configuration the API and
// worker containers would get is loaded as they would load it.

const root = fileURLToPath(new URL("../../../", import.meta.url));
let folder: string;
let operatorEnv: Record<string, string>;

interface Resolved {
  services: Record<string, { environment?: Record<string, string | null>; secrets?: unknown[]; healthcheck?: unknown }>;
  secrets: Record<string, { file: string }>;
}

async function composeConfig(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      "docker-compose",
      ["-f", join(root, "docker-compose.yml"), "config"],
      { env: { PATH: process.env.PATH ?? "", ...env }, cwd: folder },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (failed.code === "ENOENT") throw new Error("docker-compose is not installed: apt-get install docker-compose");
    return { code: Number(failed.code ?? 1), stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "signet-compose-"));
  await writeFile(join(folder, "seal.p12"), "not read by this check");
  // what an operator puts in .env
  operatorEnv = {
    POSTGRES_PASSWORD: "postgres-password",
    SMTP_URL: "smtp://mail.example.com:587",
    AUTH_SECRET: "a".repeat(40),
    PUBLIC_HOST: "sign.example.com",
    SIGNING_HOST: "room.example.com",
    SEAL_P12_FILE: join(folder, "seal.p12"),
    SEAL_P12_PASSWORD: "certificate-password",
    S3_ACCESS_KEY_ID: "signet",
    S3_SECRET_ACCESS_KEY: "object-storage-secret",
  };
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("docker-compose.yml", () => {
  it("resolves, and gives the API and the workers a configuration they start with in production", async () => {
    const resolved = await composeConfig(operatorEnv);
    expect(resolved.code, resolved.stderr).toBe(0);
    const file = parse(resolved.stdout) as Resolved;
    for (const name of ["api", "worker"]) {
      const service = file.services[name]!;
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, value ?? ""]),
      );
      // every variable set is one the configuration reads: a typo would be silently ignored
      expect(
        Object.keys(environment).filter((key) => !CONFIG_VARIABLES.includes(key)),
        name,
      ).toEqual([]);
      for (const required of PRODUCTION_REQUIRED_VARIABLES)
        expect(environment[required], `${name}: ${required}`).toBeTruthy();
      const config = loadConfig(environment);
      expect(config.NODE_ENV).toBe("production");
      expect(config.S3_BUCKET, "documents must live in shared object storage").toBeTruthy();
      expect(config.SIGNING_ROOM_URL).toBe("https://room.example.com");
      expect(config.publicUrl).toBe("https://sign.example.com");
      expect(service.secrets, `${name} gets the sealing certificate`).toBeTruthy();
      expect(service.healthcheck, `${name} has a health check`).toBeTruthy();
    }
    expect(file.secrets.seal_p12!.file).toBe(operatorEnv.SEAL_P12_FILE);
    expect(Object.keys(file.services)).toEqual(expect.arrayContaining(["postgres", "redis", "objects", "proxy"]));
  });

  it("refuses to resolve without a value it cannot do without, naming it", async () => {
    for (const missing of ["SEAL_P12_PASSWORD", "SIGNING_HOST", "S3_SECRET_ACCESS_KEY"]) {
      const { [missing]: _left, ...rest } = operatorEnv;
      const resolved = await composeConfig(rest);
      expect(resolved.code, missing).not.toBe(0);
      expect(resolved.stderr, missing).toContain(missing);
    }
  });
});
