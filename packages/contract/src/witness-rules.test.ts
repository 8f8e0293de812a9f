import { describe, expect, it } from "vitest";
import {
  currentSigningStep,
  isTurnOf,
  participantsToInvite,
  type SigningParticipant,
  waitingFor,
  witnessHeldBack,
} from "./signing-rules.ts";
import { WITNESS_MESSAGES, type WitnessCandidate, witnessProblem } from "./witness-rules.ts";

const p = (
  id: string,
  orderSequence: number,
  status: SigningParticipant["status"] = "WAITING",
  witnessFor: string | null = null,
  executionTypes: SigningParticipant["executionTypes"] = ["E_SIGN"],
): SigningParticipant => ({ id, orderSequence, status, executionTypes, witnessFor });

describe("witnessHeldBack", () => {
  it("holds a witness back until the signer they witness finished", () => {
    expect(witnessHeldBack(p("w", 2, "WAITING", "s"), [p("s", 1, "INVITED"), p("w", 2, "WAITING", "s")])).toBe(true);
    expect(witnessHeldBack(p("w", 2, "WAITING", "s"), [p("s", 1, "FINISHED"), p("w", 2, "WAITING", "s")])).toBe(false);
  });

  it("holds nobody else back, and not for a signer who has nothing to finish on screen", () => {
    expect(witnessHeldBack(p("x", 1), [p("s", 1), p("x", 1)])).toBe(false);
    const paperSigner = p("s", 1, "WAITING", null, ["PAPER"]);
    expect(witnessHeldBack(p("w", 1, "WAITING", "s"), [paperSigner, p("w", 1, "WAITING", "s")])).toBe(false);
  });
});

describe("a witness in parallel signing", () => {
  const before = [p("s", 1, "INVITED"), p("w", 1, "WAITING", "s"), p("other", 1, "INVITED")];
  const after = [p("s", 1, "FINISHED"), p("w", 1, "WAITING", "s"), p("other", 1, "INVITED")];

  it("is not invited and may not act while the signer has not finished", () => {
    expect(participantsToInvite("PARALLEL", before)).toEqual([]);
    expect(isTurnOf("PARALLEL", before, "w")).toBe(false);
    expect(isTurnOf("PARALLEL", before, "other")).toBe(true);
    expect(waitingFor("PARALLEL", before, "w")).toEqual(["s"]);
  });

  it("is invited once the signer finished", () => {
    expect(participantsToInvite("PARALLEL", after)).toEqual(["w"]);
    expect(isTurnOf("PARALLEL", after, "w")).toBe(true);
    expect(waitingFor("PARALLEL", after, "w")).toEqual([]);
  });

  it("fresh package: everyone but the witness is invited at once", () => {
    const fresh = [p("s", 1), p("w", 1, "WAITING", "s"), p("other", 1)];
    expect(participantsToInvite("PARALLEL", fresh)).toEqual(["s", "other"]);
  });
});

describe("a witness in ordered signing", () => {
  it("placed after the signer: invited when the signer's step is done", () => {
    const start = [p("s", 1), p("w", 2, "WAITING", "s")];
    expect(participantsToInvite("PARTICIPANT", start)).toEqual(["s"]);
    const done = [p("s", 1, "FINISHED"), p("w", 2, "WAITING", "s")];
    expect(participantsToInvite("PARTICIPANT", done)).toEqual(["w"]);
  });

  it("placed before (or with) the signer: the signer is not blocked, the witness comes after", () => {
    const start = [p("w", 1, "WAITING", "s"), p("s", 2)];
    expect(currentSigningStep("PARTICIPANT", start)).toBe(2);
    expect(participantsToInvite("PARTICIPANT", start)).toEqual(["s"]);
    expect(isTurnOf("PARTICIPANT", start, "w")).toBe(false);
    expect(waitingFor("PARTICIPANT", start, "w")).toEqual(["s"]);
    const done = [p("w", 1, "WAITING", "s"), p("s", 2, "FINISHED")];
    expect(participantsToInvite("PARTICIPANT", done)).toEqual(["w"]);
    const together = [p("s", 1), p("w", 1, "WAITING", "s")];
    expect(participantsToInvite("PARTICIPANT", together)).toEqual(["s"]);
  });

  it("a later step still waits for the witness (the witness is a step of its own once free)", () => {
    const rows = [p("s", 1, "FINISHED"), p("w", 2, "INVITED", "s"), p("later", 3)];
    expect(isTurnOf("PARTICIPANT", rows, "later")).toBe(false);
    expect(waitingFor("PARTICIPANT", rows, "later")).toEqual(["w"]);
  });
});

describe("witnessProblem", () => {
  const c = (id: string, extra: Partial<WitnessCandidate> = {}): WitnessCandidate => ({
    id,
    role: "SIGNER",
    email: `${id}@example.com`,
    witnessForParticipantId: null,
    ...extra,
  });
  const signer = c("s");

  it("accepts a separate signing person witnessing a signer of the package", () => {
    expect(witnessProblem(c("w", { witnessForParticipantId: "s" }), [signer])).toBeNull();
    expect(witnessProblem(c("w"), [signer])).toBeNull();
  });

  it.each([
    ["themselves", c("w", { witnessForParticipantId: "w" }), [signer], WITNESS_MESSAGES.self],
    [
      "someone not in the package",
      c("w", { witnessForParticipantId: "nobody" }),
      [signer],
      WITNESS_MESSAGES.notInPackage,
    ],
    [
      "as a viewer",
      c("w", { role: "VIEWER", witnessForParticipantId: "s" }),
      [signer],
      WITNESS_MESSAGES.witnessMustSign,
    ],
    [
      "a copy recipient",
      c("w", { witnessForParticipantId: "s" }),
      [c("s", { role: "COPY" })],
      WITNESS_MESSAGES.signerMustSign,
    ],
    [
      "another witness",
      c("w2", { witnessForParticipantId: "w" }),
      [signer, c("w", { witnessForParticipantId: "s" })],
      WITNESS_MESSAGES.noChains,
    ],
    [
      "while witnessed",
      c("s", { witnessForParticipantId: "x" }),
      [c("x"), c("w", { witnessForParticipantId: "s" })],
      WITNESS_MESSAGES.witnessedCannotWitness,
    ],
    [
      "with the signer's email",
      c("w", { email: " S@Example.com", witnessForParticipantId: "s" }),
      [signer],
      WITNESS_MESSAGES.sameEmail,
    ],
  ])("refuses witnessing %s", (_case, witness, others, message) => {
    expect(witnessProblem(witness, others)).toBe(message);
  });
});
