import { configuredIdentityProofing } from "@signet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// `pnpm start` runs the reference identity-proofing provider in the process (EMBEDDED_IDPROOF) and
// prints an identity it knows: that identity passes the provider's credential check.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ EMBEDDED_IDPROOF: "true", EMBEDDED_IDPROOF_PORT: "0" });
});
afterAll(async () => {
  await app?.close();
});

describe("the embedded identity-proofing provider", () => {
  it("is configured for the use cases and knows the demo identity it prints", async () => {
    const embedded = app.server.idproof;
    expect(embedded).not.toBeNull();
    const provider = configuredIdentityProofing(app.server.config);
    expect(provider?.connection.url).toBe(embedded!.url);
    const identity = embedded!.demoIdentity as {
      givenName: string;
      familyName: string;
      dateOfBirth: string;
      ssnLast4: string;
      postalCode: string;
    };
    const check = await provider!.adapter.checkIdentity(provider!.connection, identity);
    expect(check.matched).toBe(true);
    const quiz = await provider!.adapter.startQuiz(provider!.connection, (check as { reference: string }).reference);
    expect(quiz.questions).toHaveLength(5);
  });

  it("is not started for a server with its own provider or without the demo", async () => {
    const plain = await startTestApp();
    try {
      expect(plain.server.idproof).toBeNull();
      expect(plain.server.config.IDPROOF_URL).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
