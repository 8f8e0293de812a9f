// Signet's reference identity-proofing adapter (packages/core/src/identity-proofing/adapters)
// against a spawned provider: each call, and each way a call fails as an IdentityProofingError.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceIdProofingAdapter } from "../../../packages/core/src/identity-proofing/adapters/reference-idproof-adapter.ts";
import {
  type IdentityProofingConnection,
  IdentityProofingError,
} from "../../../packages/core/src/identity-proofing/provider-adapter.ts";
import {
  type SpawnedReferenceIdProofing,
  spawnReferenceIdProofing,
} from "../src/testing/spawn-reference-idproofing.ts";

const AVERY = {
  givenName: "Avery",
  familyName: "Quillfeather",
  dateOfBirth: "1984-03-17",
  ssnLast4: "0417",
  postalCode: "55401",
};

let provider: SpawnedReferenceIdProofing;
let connection: IdentityProofingConnection;
const adapter = referenceIdProofingAdapter({ timeoutMs: 1000, policy: { allowedHosts: ["127.0.0.1"] } });

beforeAll(async () => {
  provider = await spawnReferenceIdProofing();
  connection = { url: provider.url, clientId: provider.clientId, clientSecret: provider.clientSecret };
});
afterAll(async () => {
  await provider?.kill();
});

async function failure(promise: Promise<unknown>): Promise<IdentityProofingError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IdentityProofingError);
  return error as IdentityProofingError;
}

describe("the reference identity-proofing adapter", () => {
  it("matches, quizzes and scores", async () => {
    const check = await adapter.checkIdentity(connection, AVERY);
    expect(check).toEqual({ matched: true, reference: expect.stringMatching(/^psn_/) });
    expect(await adapter.checkIdentity(connection, { ...AVERY, postalCode: "99999" })).toEqual({ matched: false });
    const quiz = await adapter.startQuiz(connection, (check as { reference: string }).reference);
    expect(quiz.questions).toHaveLength(5);
    const right = await provider.correctAnswers(quiz.quizId);
    expect(await adapter.scoreQuiz(connection, quiz.quizId, right)).toEqual({ correctCount: 5, questionCount: 5 });
    const again = await failure(adapter.scoreQuiz(connection, quiz.quizId, right));
    expect(again).toMatchObject({ kind: "refused", status: 409 });
  });

  it("names each failure: wrong secret, fault, hang, nobody listening", async () => {
    const wrong = await failure(adapter.checkIdentity({ ...connection, clientSecret: "wrong" }, AVERY));
    expect(wrong.kind).toBe("auth");
    await provider.fault("identity-check", "fail");
    expect((await failure(adapter.checkIdentity(connection, AVERY))).kind).toBe("server");
    await provider.fault("quiz", "timeout");
    const hung = await failure(adapter.startQuiz(connection, "psn_7f3c2a91d0"));
    expect(hung.kind).toBe("timeout");
    // a port nobody listens on
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const gone = await failure(adapter.checkIdentity({ ...connection, url: `http://127.0.0.1:${port}` }, AVERY));
    expect(gone.kind).toBe("unreachable");
    expect(gone.message).not.toContain(AVERY.ssnLast4);
  });
});
