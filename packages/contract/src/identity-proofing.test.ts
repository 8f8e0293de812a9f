import { describe, expect, it } from "vitest";
import {
  answerDeadline,
  IDENTITY_PROOFING,
  identityDetailsSchema,
  lockedOutMessage,
  type ProofingAttemptFacts,
  passes,
  proofingResultMessage,
  proofingState,
} from "./identity-proofing.ts";

const T0 = new Date("2026-03-02T15:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const HOUR = 3600;

/** An attempt started `start` seconds after T0, answered `took` seconds later (null: never answered). */
function attempt(start: number, took: number | null, correctCount?: number): ProofingAttemptFacts {
  const expiresAt = at(start + IDENTITY_PROOFING.timeLimitSeconds);
  if (took === null) return { startedAt: at(start), expiresAt, answeredAt: null, correctCount: null, outcome: null };
  const count = correctCount ?? 0;
  return {
    startedAt: at(start),
    expiresAt,
    answeredAt: at(start + took),
    correctCount: count,
    outcome: passes(count) ? "PASSED" : "FAILED",
  };
}

describe("identity proofing rules (DOMAIN.md §8)", () => {
  it("asks five questions, passes at four, gives two minutes and two attempts, then 24 hours", () => {
    expect(IDENTITY_PROOFING).toMatchObject({
      questionCount: 5,
      passMark: 4,
      timeLimitSeconds: 120,
      maxAttempts: 2,
      lockoutHours: 24,
    });
    expect(passes(4)).toBe(true);
    expect(passes(5)).toBe(true);
    expect(passes(3)).toBe(false);
  });

  it("starts not started with two attempts", () => {
    expect(proofingState([], T0)).toMatchObject({ kind: "not-started", attemptsLeft: 2, lastOutcome: null });
  });

  it("is in progress until the limit plus the grace, then the open quiz counts as expired", () => {
    const open = [attempt(0, null)];
    expect(proofingState(open, at(60))).toMatchObject({ kind: "in-progress", until: at(120), attemptsLeft: 2 });
    const graceEnd = answerDeadline(at(120));
    expect(graceEnd).toEqual(at(120 + IDENTITY_PROOFING.graceSeconds));
    expect(proofingState(open, graceEnd).kind).toBe("in-progress");
    expect(proofingState(open, new Date(graceEnd.getTime() + 1))).toMatchObject({
      kind: "retry-available",
      attemptsLeft: 1,
      lastOutcome: "EXPIRED",
    });
  });

  it("passes with 4 of 5 and stays passed", () => {
    expect(proofingState([attempt(0, 50, 4)], at(60))).toMatchObject({ kind: "passed", lastCorrectCount: 4 });
    expect(proofingState([attempt(0, 50, 3), attempt(100, 50, 5)], at(200)).kind).toBe("passed");
  });

  it("fails with 3 of 5 and offers one more attempt", () => {
    expect(proofingState([attempt(0, 50, 3)], at(60))).toMatchObject({
      kind: "retry-available",
      attemptsLeft: 1,
      lastOutcome: "FAILED",
      lastCorrectCount: 3,
    });
  });

  it("locks for exactly 24 hours after the second failure, then gives two attempts again", () => {
    const twoFails = [attempt(0, 50, 3), attempt(100, 40, 2)];
    const secondEnded = 140;
    const until = at(secondEnded + 24 * HOUR);
    expect(proofingState(twoFails, at(secondEnded))).toMatchObject({ kind: "locked", until, attemptsLeft: 0 });
    expect(proofingState(twoFails, new Date(until.getTime() - 1)).kind).toBe("locked");
    expect(proofingState(twoFails, until)).toMatchObject({ kind: "not-started", attemptsLeft: 2 });
    // a third failure after the lockout is the first of a new pair, not a new lockout
    const third = [...twoFails, attempt(secondEnded + 25 * HOUR, 30, 1)];
    expect(proofingState(third, at(secondEnded + 25 * HOUR + 60))).toMatchObject({
      kind: "retry-available",
      attemptsLeft: 1,
    });
    const fourth = [...third, attempt(secondEnded + 26 * HOUR, 30, 0)];
    expect(proofingState(fourth, at(secondEnded + 26 * HOUR + 60))).toMatchObject({
      kind: "locked",
      until: at(secondEnded + 26 * HOUR + 30 + 24 * HOUR),
    });
  });

  it("counts an expired quiz as a failure toward the lockout, from when it expired", () => {
    const attempts = [attempt(0, 50, 3), attempt(100, null)];
    const now = at(100 + 120 + IDENTITY_PROOFING.graceSeconds + 1);
    expect(proofingState(attempts, now)).toMatchObject({
      kind: "locked",
      until: at(100 + 120 + 24 * HOUR),
      lastOutcome: "EXPIRED",
    });
  });

  it("explains results in plain words", () => {
    expect(proofingResultMessage(3, 1)).toBe("You answered 3 of 5 questions correctly. You have one more attempt.");
    expect(proofingResultMessage(4, 1)).toBe("You answered 4 of 5 questions correctly. Your identity is verified.");
    expect(proofingResultMessage(2, 0, "March 3, 2026 at 3:02 PM")).toBe(
      "You answered 2 of 5 questions correctly. Identity verification failed twice. You can try again after March 3, 2026 at 3:02 PM.",
    );
    expect(lockedOutMessage("tomorrow 9:00 AM")).toBe(
      "Identity verification failed twice. You can try again after tomorrow 9:00 AM.",
    );
  });

  it("accepts well-formed identity details and says what is wrong with the rest", () => {
    const good = {
      givenName: "Avery",
      familyName: "Q",
      dateOfBirth: "1984-03-17",
      ssnLast4: "0417",
      postalCode: "55401",
    };
    expect(identityDetailsSchema.safeParse(good).success).toBe(true);
    const bad = identityDetailsSchema.safeParse({ ...good, ssnLast4: "12345", postalCode: "5540" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      "Enter the last four digits of your Social Security number.",
      "Enter a five-digit ZIP code.",
    ]);
  });
});
