// Starts the reference identity-proofing provider as a real child process (src/main.ts through tsx's
// loader) on a free port with test controls on, plus small helpers for the /_test routes.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

export interface SpawnedReferenceIdProofing {
  url: string;
  clientId: string;
  clientSecret: string;
  process: ChildProcess;
  /** Stops the process (SIGTERM by default; SIGKILL after 5 s) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Queues a fault (README "Test controls"). */
  fault(step: string, mode: "fail" | "timeout" | "slow", extra?: { count?: number; delayMs?: number }): Promise<void>;
  clearFaults(): Promise<void>;
  /** The right choice of every question of a quiz. */
  correctAnswers(quizId: string): Promise<{ questionId: string; choiceId: string }[]>;
  addPerson(person: Record<string, unknown>): Promise<string>;
}

const appDir = fileURLToPath(new URL("../..", import.meta.url));
const main = fileURLToPath(new URL("../main.ts", import.meta.url));
const READY = /^Identity proofing listening on (\S+)\s*$/m;

export async function spawnReferenceIdProofing(
  opts: { testControls?: boolean } = {},
): Promise<SpawnedReferenceIdProofing> {
  const clientId = "signet";
  const clientSecret = randomBytes(16).toString("hex");
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    cwd: appDir,
    env: {
      PATH: process.env.PATH ?? "",
      IDPROOF_PORT: "0",
      IDPROOF_HOST: "127.0.0.1",
      IDPROOF_CLIENTS: `${clientId}:${clientSecret}`,
      IDPROOF_TEST_CONTROLS: opts.testControls === false ? "0" : "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => process.off("exit", orphaned));

  let stdout: string | null = "";
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The reference identity-proofing provider did not start within 20 s.\n${stderr}`));
    }, 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (stdout === null) return;
      stdout += chunk.toString();
      const ready = READY.exec(stdout);
      if (ready) {
        clearTimeout(timer);
        stdout = null;
        resolve(ready[1]!);
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The identity-proofing provider exited (${code ?? signal}) before it listened.\n${stderr}`));
    });
  });
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : ((await response.json()) as unknown);
  };
  return {
    url,
    clientId,
    clientSecret,
    process: child,
    async kill(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const forced = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(forced);
    },
    async fault(step, mode, extra = {}) {
      await control("POST", "/_test/faults", { step, mode, ...extra });
    },
    async clearFaults() {
      await control("DELETE", "/_test/faults");
    },
    async correctAnswers(quizId) {
      const answer = (await control("GET", `/_test/quizzes/${encodeURIComponent(quizId)}/answers`)) as {
        answers: { questionId: string; choiceId: string }[];
      };
      return answer.answers;
    },
    async addPerson(person) {
      return ((await control("POST", "/_test/persons", person)) as { reference: string }).reference;
    },
  };
}
