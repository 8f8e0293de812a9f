import { execFileSync } from "node:child_process";
import os from "node:os";
import pg from "pg";

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  arch: string;
  nodeVersion: string;
  postgresVersion: string | null;
  /** the commit measured, "+dirty" when the work tree has changes */
  commit: string | null;
}

async function postgresVersion(serverUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function gitCommit(): string | null {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", timeout: 5_000 }).trim();
    return `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") ? "+dirty" : ""}`;
  } catch {
    return null;
  }
}

/** What a reader needs to compare two result files: numbers from different machines do not compare. */
export async function describeMachine(serverUrl: string): Promise<MachineInfo> {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    nodeVersion: process.version,
    postgresVersion: await postgresVersion(serverUrl),
    commit: gitCommit(),
  };
}
