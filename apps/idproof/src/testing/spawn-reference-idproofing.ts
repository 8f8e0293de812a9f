// Starts the reference identity-proofing provider as a real child process on a free port with test
// controls on, plus small helpers for the /_test routes.
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { type SpawnedReferenceService, spawnReferenceService } from "@signet/reference-service/testing";

export interface SpawnedReferenceIdProofing extends SpawnedReferenceService {
  clientId: string;
  clientSecret: string;
  /** Queues a fault (README "Test controls"). */
  fault(step: string, mode: "fail" | "timeout" | "slow", extra?: { count?: number; delayMs?: number }): Promise<void>;
  clearFaults(): Promise<void>;
  /** The right choice of every question of a quiz. */
  correctAnswers(quizId: string): Promise<{ questionId: string; choiceId: string }[]>;
  addPerson(person: Record<string, unknown>): Promise<string>;
}

export async function spawnReferenceIdProofing(
  opts: { testControls?: boolean } = {},
): Promise<SpawnedReferenceIdProofing> {
  const clientId = "signet";
  const clientSecret = randomBytes(16).toString("hex");
  const service = await spawnReferenceService({
    title: "The reference identity-proofing provider",
    appDir: fileURLToPath(new URL("../..", import.meta.url)),
    main: fileURLToPath(new URL("../main.ts", import.meta.url)),
    env: {
      IDPROOF_PORT: "0",
      IDPROOF_HOST: "127.0.0.1",
      IDPROOF_CLIENTS: `${clientId}:${clientSecret}`,
      IDPROOF_TEST_CONTROLS: opts.testControls === false ? "0" : "1",
    },
    ready: /^Identity proofing listening on (\S+)\s*$/m,
  });
  const { url } = service;
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : ((await response.json()) as unknown);
  };
  return {
    ...service,
    clientId,
    clientSecret,
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
