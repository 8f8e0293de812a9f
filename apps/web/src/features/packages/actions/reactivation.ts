import { EXPIRED_CANCELLATION_REASON, type Package } from "@signet/contract";

// The API's rule (core reactivate-package.ts, DOMAIN.md §1 'must reschedule and reopen') mirrored
// so the dialog asks for exactly the dates the server will require.

export type ReactivationPackage = Pick<
  Package,
  "packageExpiresAt" | "cancelReason" | "scheduledAvailability" | "scheduledOn"
>;

export interface ReactivationNeeds {
  /** it had an expiration, or expired: a new one in the future is required */
  expiry: boolean;
  /** it was scheduled and that date has passed: a new scheduled date in the future is required */
  schedule: boolean;
}

export function reactivationNeeds(pkg: ReactivationPackage, now: Date): ReactivationNeeds {
  const scheduledPassed = pkg.scheduledOn === null || new Date(pkg.scheduledOn).getTime() <= now.getTime();
  return {
    expiry: pkg.packageExpiresAt !== null || pkg.cancelReason === EXPIRED_CANCELLATION_REASON,
    schedule: pkg.scheduledAvailability && scheduledPassed,
  };
}

export interface ReactivationInput {
  scheduledOn: string | null;
  packageExpiresAt: string | null;
}

/** The first problem with the chosen dates (the spec's message), or null when they can be sent. */
export function reactivationProblem(
  needs: ReactivationNeeds,
  input: ReactivationInput,
  now: Date,
  messages: {
    newExpiryRequired: string;
    expiryMustBeFuture: string;
    newScheduleRequired: string;
    scheduleMustBeFuture: string;
  },
): { field: "packageExpiresAt" | "scheduledOn"; message: string } | null {
  const future = (iso: string) => new Date(iso).getTime() > now.getTime();
  if (input.packageExpiresAt && !future(input.packageExpiresAt))
    return { field: "packageExpiresAt", message: messages.expiryMustBeFuture };
  if (needs.expiry && !input.packageExpiresAt)
    return { field: "packageExpiresAt", message: messages.newExpiryRequired };
  if (input.scheduledOn && !future(input.scheduledOn))
    return { field: "scheduledOn", message: messages.scheduleMustBeFuture };
  if (needs.schedule && !input.scheduledOn) return { field: "scheduledOn", message: messages.newScheduleRequired };
  return null;
}

/** The reactivate body: dates only when chosen, so an unscheduled package stays as it was. */
export function reactivationBody(version: number, input: ReactivationInput) {
  return {
    version,
    ...(input.scheduledOn ? { scheduledOn: input.scheduledOn } : {}),
    ...(input.packageExpiresAt ? { packageExpiresAt: input.packageExpiresAt } : {}),
  };
}
