// The package status machine (DOMAIN.md §1, a decision: spec §4 lists the statuses but not the
// transitions). The table lives here once; the API enforces it and the web asks it which actions
// to offer.

/** Spec §4, in the spec's order. */
export const PACKAGE_STATUSES = [
  "STARTED",
  "AVAILABLE_TO_SIGNERS",
  "EDEPOSIT_PENDING",
  "COMPLETED",
  "EDEPOSITED",
  "CANCELLED",
  "CONSENT_WITHDRAWN",
  "PENDING_ENOTARY",
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** How people read each status (UX.md: "Draft", never STARTED): the web, reports and audit sentences. */
export const PACKAGE_STATUS_WORDS = {
  STARTED: "Draft",
  AVAILABLE_TO_SIGNERS: "Out for signature",
  EDEPOSIT_PENDING: "eDeposit pending",
  COMPLETED: "Completed",
  EDEPOSITED: "eDeposited",
  CANCELLED: "Cancelled",
  CONSENT_WITHDRAWN: "Consent withdrawn",
  PENDING_ENOTARY: "Waiting for notary",
} as const satisfies Record<PackageStatus, string>;

/**
 * Every action or event of DOMAIN.md §1:
 * - create: a new package (no status before it)
 * - send: the member sends it, or its scheduledOn arrives
 * - correct: correction (the caller checks INITIATE_CORRECTION)
 * - complete: the last required e-sign participant finished, no paper or A/V step left
 * - completeWithPendingNotary: e-sign done, an A/V session or notary step is outstanding
 * - finishNotary: the A/V host finishes the notary step
 * - finish: the member confirms the paper documents were executed
 * - withdrawConsent: a participant withdraws e-sign consent
 * - cancel: the member cancels (optionally notifying participants)
 * - expire: the expiry time passes (the caller records the cancellation reason EXPIRED)
 * - reactivate: the member reactivates (must reschedule and reopen)
 * - startEDeposit: the package completed with eDeposit enabled
 * - eDepositSucceeded: all five deposit stages succeeded
 * - cancelEDeposit: the member cancels a failed deposit (irreversible)
 * - delete: the member deletes the package (with its version)
 * - remind: a participant reminder (status unchanged)
 */
export const PACKAGE_ACTIONS = [
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
] as const;
export type PackageAction = (typeof PACKAGE_ACTIONS)[number];

/** The cancellation reason recorded when the expire event cancels a package. */
export const EXPIRED_CANCELLATION_REASON = "EXPIRED";

export interface PackageTransition {
  action: PackageAction;
  /** Statuses the action is allowed from; empty for create, which has no status before it. */
  from: readonly PackageStatus[];
  /** The status after the action; null when the package is removed (delete) or unchanged (remind). */
  to: PackageStatus | null;
  /** A condition beyond the status: eDepositFailed means only when the current deposit attempt failed. */
  requires?: "eDepositFailed";
}

const ALL_BUT_DEPOSIT: readonly PackageStatus[] = PACKAGE_STATUSES.filter(
  (status) => status !== "EDEPOSIT_PENDING" && status !== "EDEPOSITED",
);

/** DOMAIN.md §1 row by row: the one source of truth of the status machine. */
export const PACKAGE_TRANSITIONS: readonly PackageTransition[] = [
  { action: "create", from: [], to: "STARTED" },
  { action: "send", from: ["STARTED"], to: "AVAILABLE_TO_SIGNERS" },
  { action: "correct", from: ["AVAILABLE_TO_SIGNERS"], to: "STARTED" },
  { action: "complete", from: ["AVAILABLE_TO_SIGNERS"], to: "COMPLETED" },
  { action: "completeWithPendingNotary", from: ["AVAILABLE_TO_SIGNERS"], to: "PENDING_ENOTARY" },
  { action: "finishNotary", from: ["PENDING_ENOTARY"], to: "COMPLETED" },
  { action: "finish", from: ["AVAILABLE_TO_SIGNERS"], to: "COMPLETED" },
  { action: "withdrawConsent", from: ["AVAILABLE_TO_SIGNERS"], to: "CONSENT_WITHDRAWN" },
  { action: "cancel", from: ["STARTED", "AVAILABLE_TO_SIGNERS"], to: "CANCELLED" },
  { action: "expire", from: ["AVAILABLE_TO_SIGNERS"], to: "CANCELLED" },
  { action: "reactivate", from: ["CANCELLED", "CONSENT_WITHDRAWN"], to: "STARTED" },
  { action: "startEDeposit", from: ["COMPLETED"], to: "EDEPOSIT_PENDING" },
  { action: "eDepositSucceeded", from: ["EDEPOSIT_PENDING"], to: "EDEPOSITED" },
  { action: "cancelEDeposit", from: ["EDEPOSIT_PENDING"], to: "COMPLETED", requires: "eDepositFailed" },
  { action: "delete", from: ALL_BUT_DEPOSIT, to: null },
  { action: "remind", from: ["STARTED", "AVAILABLE_TO_SIGNERS"], to: null },
];

/** The status of a newly created package (the create row of the table). */
export const INITIAL_PACKAGE_STATUS: PackageStatus = "STARTED";

export interface TransitionContext {
  /** The package's current eDeposit attempt has a failure status (see isEDepositFailed). */
  eDepositFailed?: boolean;
}

export type TransitionDecision = { allowed: true; to: PackageStatus | null } | { allowed: false; reason: string };

/** How a refusal names the package, by its status. */
const STATUS_SUBJECT: Record<PackageStatus, string> = {
  STARTED: "A package that has not been sent",
  AVAILABLE_TO_SIGNERS: "A package that is out for signature",
  EDEPOSIT_PENDING: "A package being deposited into an eVault",
  COMPLETED: "A completed package",
  EDEPOSITED: "A package deposited into an eVault",
  CANCELLED: "A cancelled package",
  CONSENT_WITHDRAWN: "A package whose e-sign consent was withdrawn",
  PENDING_ENOTARY: "A package awaiting its notary step",
};

/** What a refusal says cannot happen, by action. */
const ACTION_PREDICATE: Record<PackageAction, string> = {
  create: "cannot be created again",
  send: "cannot be sent",
  correct: "cannot be corrected",
  complete: "cannot be completed by its signers",
  completeWithPendingNotary: "cannot move to the notary step",
  finishNotary: "cannot have a notary step finished",
  finish: "cannot be finished",
  withdrawConsent: "cannot have its e-sign consent withdrawn",
  cancel: "cannot be cancelled",
  expire: "cannot expire",
  reactivate: "cannot be reactivated",
  startEDeposit: "cannot be deposited into an eVault",
  eDepositSucceeded: "cannot be marked as deposited",
  cancelEDeposit: "cannot have an eDeposit cancelled",
  delete: "cannot be deleted",
  remind: "cannot be sent reminders",
};

export const TRANSITION_MESSAGES = {
  remindersOnlyWhenOpen: "Participant reminders can be sent only when the package is started or available to signers.",
  eDepositNotFailed: "An eDeposit can be cancelled only after a deposit attempt has failed.",
} as const;

function refusal(status: PackageStatus, action: PackageAction): string {
  if (action === "remind") return TRANSITION_MESSAGES.remindersOnlyWhenOpen;
  return `${STATUS_SUBJECT[status]} ${ACTION_PREDICATE[action]}.`;
}

/** Decides whether a package in `status` may take `action`, and the status it moves to. */
export function decideTransition(
  status: PackageStatus,
  action: PackageAction,
  context: TransitionContext = {},
): TransitionDecision {
  const rule = PACKAGE_TRANSITIONS.find((row) => row.action === action && row.from.includes(status));
  if (!rule) return { allowed: false, reason: refusal(status, action) };
  if (rule.requires === "eDepositFailed" && context.eDepositFailed !== true) {
    return { allowed: false, reason: TRANSITION_MESSAGES.eDepositNotFailed };
  }
  return { allowed: true, to: rule.to };
}

/** The actions a package in `status` may take, in PACKAGE_ACTIONS order. */
export function allowedActions(status: PackageStatus, context: TransitionContext = {}): PackageAction[] {
  return PACKAGE_ACTIONS.filter((action) => decideTransition(status, action, context).allowed);
}
