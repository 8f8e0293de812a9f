import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CHILD_START_TIMEOUT_MS } from "@signet/core/testing";
import { freePort } from "./free-port.ts";

export interface S3Server {
  /** http://127.0.0.1:<port>, path-style */
  endpoint: string;
  bucket: string;
  /** the folder the server keeps its objects and unfinished multipart uploads in */
  dir: string;
  /** the configuration that points Signet at this server (S3_ENDPOINT, S3_BUCKET, credentials) */
  env: Record<string, string>;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** s3rver accepts only its own fixed credentials, and checks every request's SigV4 signature with them. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

const bin = join(dirname(createRequire(import.meta.url).resolve("s3rver/package.json")), "bin", "s3rver.js");

/**
 * A real S3-compatible server (s3rver, the S3 REST protocol over HTTP) as a separate process on a
 * free loopback port, with its own empty folder and one bucket: the S3 driver speaks to it as it
 * would to AWS or MinIO, signatures, multipart uploads and ranged reads included.
 */
export async function startS3Server(bucket = "signet-documents"): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), "signet-s3-"));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      bin,
      "--directory",
      dir,
      "--address",
      "127.0.0.1",
      "--port",
      String(port),
      "--silent",
      "--configure-bucket",
      bucket,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => process.off("exit", orphaned));
  const deadline = Date.now() + CHILD_START_TIMEOUT_MS;
  // the bucket exists once the server listens: it is configured before the port opens
  for (;;) {
    const answered = await fetch(`${endpoint}/${bucket}`, { method: "HEAD" }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the S3 server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    bucket,
    dir,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: "us-east-1", ...CREDENTIALS },
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
