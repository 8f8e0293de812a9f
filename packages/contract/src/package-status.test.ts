import { describe, expect, it } from "vitest";
import {
  allowedActions,
  decideTransition,
  INITIAL_PACKAGE_STATUS,
  PACKAGE_ACTIONS,
  PACKAGE_STATUSES,
  PACKAGE_TRANSITIONS,
  type PackageAction,
  type PackageStatus,
  TRANSITION_MESSAGES,
} from "./package-status.ts";
import { packageStatusSchema } from "./package-status-schemas.ts";

// The DOMAIN.md §1 table written out by hand, cell by cell: a status it moves to, "removed" (delete),
// "unchanged" (remind), "refused", or "failedOnly" (allowed to COMPLETED only when the eDeposit failed).
// It does not read PACKAGE_TRANSITIONS, so any change to the table fails this test.
type Cell = PackageStatus | "removed" | "unchanged" | "refused" | "failedOnly";
const R = "refused";
const EXPECTED: Record<PackageStatus, Record<PackageAction, Cell>> = {
  STARTED: {
    create: R,
    send: "AVAILABLE_TO_SIGNERS",
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: R,
    finish: R,
    withdrawConsent: R,
    cancel: "CANCELLED",
    expire: R,
    reactivate: R,
    startEDeposit: R,
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: "removed",
    remind: "unchanged",
  },
  AVAILABLE_TO_SIGNERS: {
    create: R,
    send: R,
    correct: "STARTED",
    complete: "COMPLETED",
    completeWithPendingNotary: "PENDING_ENOTARY",
    finishNotary: R,
    finish: "COMPLETED",
    withdrawConsent: "CONSENT_WITHDRAWN",
    cancel: "CANCELLED",
    expire: "CANCELLED",
    reactivate: R,
    startEDeposit: R,
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: "removed",
    remind: "unchanged",
  },
  EDEPOSIT_PENDING: {
    create: R,
    send: R,
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: R,
    finish: R,
    withdrawConsent: R,
    cancel: R,
    expire: R,
    reactivate: R,
    startEDeposit: R,
    eDepositSucceeded: "EDEPOSITED",
    cancelEDeposit: "failedOnly",
    delete: R,
    remind: R,
  },
  COMPLETED: {
    create: R,
    send: R,
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: R,
    finish: R,
    withdrawConsent: R,
    cancel: R,
    expire: R,
    reactivate: R,
    startEDeposit: "EDEPOSIT_PENDING",
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: "removed",
    remind: R,
  },
  EDEPOSITED: {
    create: R,
    send: R,
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: R,
    finish: R,
    withdrawConsent: R,
    cancel: R,
    expire: R,
    reactivate: R,
    startEDeposit: R,
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: R,
    remind: R,
  },
  CANCELLED: {
    create: R,
    send: R,
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: R,
    finish: R,
    withdrawConsent: R,
    cancel: R,
    expire: R,
    reactivate: "STARTED",
    startEDeposit: R,
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: "removed",
    remind: R,
  },
  CONSENT_WITHDRAWN: {
    create: R,
    send: R,
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: R,
    finish: R,
    withdrawConsent: R,
    cancel: R,
    expire: R,
    reactivate: "STARTED",
    startEDeposit: R,
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: "removed",
    remind: R,
  },
  PENDING_ENOTARY: {
    create: R,
    send: R,
    correct: R,
    complete: R,
    completeWithPendingNotary: R,
    finishNotary: "COMPLETED",
    finish: R,
    withdrawConsent: R,
    cancel: R,
    expire: R,
    reactivate: R,
    startEDeposit: R,
    eDepositSucceeded: R,
    cancelEDeposit: R,
    delete: "removed",
    remind: R,
  },
};

const ALL_STATUSES = [
  "STARTED",
  "AVAILABLE_TO_SIGNERS",
  "EDEPOSIT_PENDING",
  "COMPLETED",
  "EDEPOSITED",
  "CANCELLED",
  "CONSENT_WITHDRAWN",
  "PENDING_ENOTARY",
];
const ALL_ACTIONS = [
  "create",
  "send",
  "correct",
  "complete",
  "completeWithPendingNotary",
  "finishNotary",
  "finish",
  "withdrawConsent",
  "cancel",
  "expire",
  "reactivate",
  "startEDeposit",
  "eDepositSucceeded",
  "cancelEDeposit",
  "delete",
  "remind",
];

describe("package statuses and actions", () => {
  it("lists the spec §4 statuses and every DOMAIN.md §1 action", () => {
    expect([...PACKAGE_STATUSES]).toEqual(ALL_STATUSES);
    expect([...PACKAGE_ACTIONS]).toEqual(ALL_ACTIONS);
    expect(Object.keys(EXPECTED)).toEqual(ALL_STATUSES);
  });
  it.each([
    ["STARTED", true],
    ["NONE", false],
    ["started", false],
  ])("packageStatusSchema(%s) → valid %s", (value, valid) => {
    expect(packageStatusSchema.safeParse(value).success).toBe(valid);
  });
  it("creates packages as STARTED, and create is refused for an existing package", () => {
    expect(INITIAL_PACKAGE_STATUS).toBe("STARTED");
    expect(PACKAGE_TRANSITIONS.find((row) => row.action === "create")?.to).toBe("STARTED");
  });
});

const pairs = (Object.keys(EXPECTED) as PackageStatus[]).flatMap((status) =>
  (Object.keys(EXPECTED[status]) as PackageAction[]).map(
    (action) => [status, action, EXPECTED[status][action]] as const,
  ),
);

function expectDecision(status: PackageStatus, action: PackageAction, eDepositFailed: boolean, cell: Cell) {
  const decision = decideTransition(status, action, { eDepositFailed });
  if (cell === "refused" || (cell === "failedOnly" && !eDepositFailed)) {
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) {
      expect(decision.reason).toMatch(/^[A-Z].+\.$/);
      expect(decision.reason).not.toMatch(/undefined|null/);
    }
    return;
  }
  const to = cell === "failedOnly" ? "COMPLETED" : cell === "removed" || cell === "unchanged" ? null : cell;
  expect(decision).toEqual({ allowed: true, to });
}

describe("decideTransition walks every (status, action) pair (DOMAIN.md §1)", () => {
  it(`covers all ${ALL_STATUSES.length * ALL_ACTIONS.length} pairs`, () => {
    expect(pairs).toHaveLength(ALL_STATUSES.length * ALL_ACTIONS.length);
  });
  it.each(pairs)("%s + %s → %s (eDeposit not failed)", (status, action, cell) => {
    expectDecision(status, action, false, cell);
  });
  it.each(pairs)("%s + %s → %s (eDeposit failed)", (status, action, cell) => {
    expectDecision(status, action, true, cell);
  });
  it("treats a missing context as an eDeposit that has not failed", () => {
    expect(decideTransition("EDEPOSIT_PENDING", "cancelEDeposit")).toEqual({
      allowed: false,
      reason: TRANSITION_MESSAGES.eDepositNotFailed,
    });
  });
});

describe("refusal reasons", () => {
  const cases: [PackageStatus, PackageAction, string][] = [
    ["COMPLETED", "cancel", "A completed package cannot be cancelled."],
    ["EDEPOSITED", "delete", "A package deposited into an eVault cannot be deleted."],
    ["EDEPOSIT_PENDING", "delete", "A package being deposited into an eVault cannot be deleted."],
    ["STARTED", "finish", "A package that has not been sent cannot be finished."],
    ["CANCELLED", "send", "A cancelled package cannot be sent."],
    ["AVAILABLE_TO_SIGNERS", "reactivate", "A package that is out for signature cannot be reactivated."],
    ["COMPLETED", "remind", TRANSITION_MESSAGES.remindersOnlyWhenOpen],
    ["STARTED", "create", "A package that has not been sent cannot be created again."],
    ["EDEPOSIT_PENDING", "cancelEDeposit", TRANSITION_MESSAGES.eDepositNotFailed],
  ];
  it.each(cases)("%s + %s → %s", (status, action, reason) => {
    expect(decideTransition(status, action)).toEqual({ allowed: false, reason });
  });
});

describe("allowedActions", () => {
  const cases: [PackageStatus, boolean, PackageAction[]][] = [
    ["STARTED", false, ["send", "cancel", "delete", "remind"]],
    [
      "AVAILABLE_TO_SIGNERS",
      false,
      [
        "correct",
        "complete",
        "completeWithPendingNotary",
        "finish",
        "withdrawConsent",
        "cancel",
        "expire",
        "delete",
        "remind",
      ],
    ],
    ["EDEPOSIT_PENDING", false, ["eDepositSucceeded"]],
    ["EDEPOSIT_PENDING", true, ["eDepositSucceeded", "cancelEDeposit"]],
    ["COMPLETED", false, ["startEDeposit", "delete"]],
    ["EDEPOSITED", false, []],
    ["CANCELLED", false, ["reactivate", "delete"]],
    ["CONSENT_WITHDRAWN", false, ["reactivate", "delete"]],
    ["PENDING_ENOTARY", false, ["finishNotary", "delete"]],
  ];
  it.each(cases)("%s (eDeposit failed %s) → %j", (status, eDepositFailed, actions) => {
    expect(allowedActions(status, { eDepositFailed })).toEqual(actions);
  });
});
