import { describe, expect, it } from "vitest";
import {
  completionOutcome,
  currentSigningStep,
  isTurnOf,
  maskPhone,
  mustFinish,
  normalizeKbaAnswer,
  participantsToInvite,
  reviewsOnly,
  type SigningParticipant,
  waitingFor,
} from "./signing-rules.ts";

const p = (
  id: string,
  orderSequence: number,
  status: SigningParticipant["status"] = "WAITING",
  executionTypes: SigningParticipant["executionTypes"] = ["E_SIGN"],
): SigningParticipant => ({ id, orderSequence, status, executionTypes });

describe("mustFinish", () => {
  it.each([
    [["E_SIGN"], true],
    [["VIEW_ONLY"], true],
    [["PAPER"], false],
    [["PAPER", "VIEW_ONLY"], true],
    [[], false],
  ] as const)("%j → %s", (types, expected) => {
    expect(mustFinish({ executionTypes: types })).toBe(expected);
  });
});

describe("reviewsOnly", () => {
  it.each([
    ["VIEWER", ["VIEW_ONLY", "VIEW_ONLY"], 0, true],
    ["SIGNER", ["VIEW_ONLY"], 0, true],
    ["SIGNER", ["VIEW_ONLY", "E_SIGN"], 0, false],
    ["SIGNER", ["VIEW_ONLY"], 1, false],
    ["VIEWER", ["VIEW_ONLY", "E_SIGN"], 0, false],
    ["VIEWER", ["VIEW_ONLY"], 2, false],
    ["PAPER", ["PAPER"], 0, false],
    ["SIGNER", ["VIEW_ONLY", "PAPER"], 0, false],
    ["VIEWER", [], 0, true],
    ["COPY", [], 0, true],
    ["SIGNER", [], 0, false],
    ["PAPER", [], 0, false],
  ] as const)("%s with %j and %i tags → %s", (role, executionTypes, tagCount, expected) => {
    expect(reviewsOnly({ role, executionTypes, tagCount })).toBe(expected);
  });
});

describe("ordered signing", () => {
  const people = [p("a", 1, "FINISHED"), p("b", 2), p("c", 2), p("d", 3), p("paper", 1, "WAITING", ["PAPER"])];

  it("opens the lowest unfinished step, equal numbers together", () => {
    expect(currentSigningStep("PARTICIPANT", people)).toBe(2);
    expect(participantsToInvite("PARTICIPANT", people)).toEqual(["b", "c", "paper"]);
    expect(isTurnOf("PARTICIPANT", people, "d")).toBe(false);
    expect(isTurnOf("PARTICIPANT", people, "b")).toBe(true);
    expect(waitingFor("PARTICIPANT", people)).toEqual(["b", "c"]);
  });

  it("parallel signing invites everyone waiting", () => {
    expect(participantsToInvite("PARALLEL", people)).toEqual(["b", "c", "d", "paper"]);
    expect(waitingFor("PARALLEL", people)).toEqual([]);
  });

  it("never invites a copy recipient nor waits for one", () => {
    const copy = { ...p("copy", 1, "WAITING", []), copyOnly: true };
    expect(participantsToInvite("PARALLEL", [...people, copy])).toEqual(["b", "c", "d", "paper"]);
    expect(currentSigningStep("PARTICIPANT", [p("a", 2), copy])).toBe(2);
  });

  it("is done when everyone who must finish has", () => {
    const done = [p("a", 1, "FINISHED"), p("b", 2, "FINISHED"), p("paper", 3, "WAITING", ["PAPER"])];
    expect(currentSigningStep("PARTICIPANT", done)).toBeNull();
    expect(isTurnOf("PARTICIPANT", done, "paper")).toBe(true);
    expect(isTurnOf("PARTICIPANT", done, "nobody")).toBe(false);
  });

  it("does not re-invite someone already invited", () => {
    expect(participantsToInvite("PARALLEL", [p("a", 1, "INVITED"), p("b", 1, "OPENED")])).toEqual([]);
  });
});

describe("completionOutcome", () => {
  const finished = [p("a", 1, "FINISHED"), p("v", 2, "FINISHED", ["VIEW_ONLY"])];
  it.each([
    [{ participants: finished, avEsign: false, hasPaperDocuments: false }, "COMPLETED"],
    [{ participants: finished, avEsign: true, hasPaperDocuments: false }, "PENDING_ENOTARY"],
    [{ participants: finished, avEsign: false, hasPaperDocuments: true }, "WAIT_FOR_PAPER"],
    [{ participants: [...finished, p("b", 3, "OPENED")], avEsign: false, hasPaperDocuments: false }, null],
    [{ participants: [...finished, p("b", 3, "DECLINED")], avEsign: false, hasPaperDocuments: false }, null],
  ] as const)("%#", (input, expected) => {
    expect(completionOutcome(input)).toBe(expected);
  });
});

describe("small helpers", () => {
  it("masks phones", () => {
    expect(maskPhone("5551234567")).toBe("***-***-4567");
    expect(maskPhone("12")).toBeNull();
    expect(maskPhone(null)).toBeNull();
  });
  it("normalizes KBA answers", () => {
    expect(normalizeKbaAnswer(" 02 134")).toBe(normalizeKbaAnswer("02134"));
    expect(normalizeKbaAnswer("1980-01-02")).toBe("19800102");
  });
});
