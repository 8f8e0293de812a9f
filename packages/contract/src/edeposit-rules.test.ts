import { describe, expect, it } from "vitest";
import {
  EDEPOSIT_FAILURE_STATUSES,
  isEDepositConfigLocked,
  isEDepositFailed,
  isEDepositFailureStatus,
} from "./edeposit-rules.ts";
import type { PackageStatus } from "./package-status.ts";

const FAILURES = [
  "FAILED_TRANSACTION",
  "FAILED_DOCUMENTS",
  "FAILED_ESIGN_AUDIT_TRAIL",
  "FAILED_VAULT_AUDIT_TRAIL",
  "FAILED_UPDATE_TRANS_STATUS",
];
/** Deposit statuses that are not failures (the spec names only the failures). */
const NOT_FAILURES = [null, undefined, "", "PENDING", "SUCCESS", "failed_documents", "FAILED"];

describe("EDEPOSIT_FAILURE_STATUSES", () => {
  it("lists the five stage failures in stage order", () => {
    expect([...EDEPOSIT_FAILURE_STATUSES]).toEqual(FAILURES);
  });
  it.each([
    ...FAILURES.map((value) => [value, true] as const),
    ...NOT_FAILURES.map((value) => [value, false] as const),
  ])("isEDepositFailureStatus(%s) → %s", (value, expected) => {
    expect(isEDepositFailureStatus(value)).toBe(expected);
  });
});

// Expected per package status: [failed with a failure status, locked with a failure status,
// locked with a non-failure status].
const EXPECTED: [PackageStatus, boolean, boolean, boolean][] = [
  ["STARTED", false, false, false],
  ["AVAILABLE_TO_SIGNERS", false, false, false],
  ["EDEPOSIT_PENDING", true, false, true],
  ["COMPLETED", false, true, true],
  ["EDEPOSITED", false, true, true],
  ["CANCELLED", false, true, true],
  ["CONSENT_WITHDRAWN", false, true, true],
  ["PENDING_ENOTARY", false, true, true],
];

describe("isEDepositFailed (only while EDEPOSIT_PENDING)", () => {
  const cases = EXPECTED.flatMap(([status, failed]) => [
    ...FAILURES.map((eDeposit) => [status, eDeposit, failed] as const),
    ...NOT_FAILURES.map((eDeposit) => [status, eDeposit, false] as const),
  ]);
  it.each(cases)("%s with %s → %s", (status, eDeposit, expected) => {
    expect(isEDepositFailed(status, eDeposit)).toBe(expected);
  });
});

describe("isEDepositConfigLocked (spec §4)", () => {
  const cases = EXPECTED.flatMap(([status, , lockedWhenFailed, lockedOtherwise]) => [
    ...FAILURES.map((eDeposit) => [status, eDeposit, lockedWhenFailed] as const),
    ...NOT_FAILURES.map((eDeposit) => [status, eDeposit, lockedOtherwise] as const),
  ]);
  it.each(cases)("%s with %s → locked %s", (status, eDeposit, expected) => {
    expect(isEDepositConfigLocked(status, eDeposit)).toBe(expected);
  });
});
