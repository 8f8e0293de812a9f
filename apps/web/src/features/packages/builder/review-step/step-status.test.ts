import { PACKAGE_ACTION_MESSAGES, type SendCheck, TAG_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { countOf, stepDone, stepOfProblem } from "./step-status.ts";

const check = (...problems: SendCheck["problems"]): SendCheck => ({
  ready: problems.length === 0,
  problems,
  warnings: [],
});

describe("step of a send problem", () => {
  it.each([
    [{ path: "documents", message: PACKAGE_ACTION_MESSAGES.noDocuments }, 2],
    [{ path: "participants", message: PACKAGE_ACTION_MESSAGES.noParticipants }, 1],
    [{ path: "participants.7f0c", message: "BORROWER 1: Email is required for email access" }, 1],
    [{ path: "participants.7f0c", message: `BORROWER 1 ${TAG_MESSAGES.signatureTagMissing}` }, 2],
    [{ path: "scheduledOn", message: PACKAGE_ACTION_MESSAGES.scheduleMissing }, 3],
    [{ path: "packageExpiresAt", message: PACKAGE_ACTION_MESSAGES.expiryInPast }, 3],
  ] as const)("%o is fixed in step %i", (problem, step) => {
    expect(stepOfProblem(problem)).toBe(step);
  });
});

describe("step done", () => {
  const empty = check(
    { path: "documents", message: PACKAGE_ACTION_MESSAGES.noDocuments },
    { path: "participants", message: PACKAGE_ACTION_MESSAGES.noParticipants },
  );
  it.each([
    [1, empty, false],
    [2, empty, false],
    [3, empty, true],
    [4, empty, false],
    [1, check(), true],
    [2, check(), true],
    [3, check({ path: "scheduledOn", message: PACKAGE_ACTION_MESSAGES.scheduleMissing }), false],
    [4, check(), false],
    [1, undefined, false],
  ] as const)("step %i of %o: %s", (step, value, done) => {
    expect(stepDone(step, value)).toBe(done);
  });
});

describe("count of", () => {
  it.each([
    [0, "page", "0 pages"],
    [1, "page", "1 page"],
    [2, "page", "2 pages"],
    [1, "tag", "1 tag"],
    [12, "tag", "12 tags"],
  ] as const)("%i %s → %s", (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });
});
