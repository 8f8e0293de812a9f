import {
  EXPIRED_CANCELLATION_REASON,
  PACKAGE_ACTION_MESSAGES,
  type Package,
  type ReactivatePackage,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { type PackageRow, runPackageAction } from "./run-package-action.ts";

const badRequest = (path: string, message: string) => new AppError("BAD_REQUEST", message, [{ path, message }]);

/**
 * What reactivation changes: DOMAIN.md §1 'must reschedule and reopen'. A package that had an
 * expiration, or was cancelled because it expired, needs a new expiration in the future; a
 * scheduled package needs a scheduled date in the future (null makes it available when sent).
 * Any date given must be in the future.
 */
export function reactivationChanges(
  current: Pick<PackageRow, "packageExpiresAt" | "cancelReason" | "scheduledAvailability" | "scheduledOn">,
  input: Pick<ReactivatePackage, "scheduledOn" | "packageExpiresAt">,
  now: Date,
): Prisma.PackageUpdateInput {
  const changes: Prisma.PackageUpdateInput = { cancelReason: null };
  const expiresAt = input.packageExpiresAt ? new Date(input.packageExpiresAt) : input.packageExpiresAt;
  const hadExpiry = current.packageExpiresAt !== null || current.cancelReason === EXPIRED_CANCELLATION_REASON;
  if (expiresAt && expiresAt <= now) throw badRequest("packageExpiresAt", PACKAGE_ACTION_MESSAGES.expiryMustBeFuture);
  if (hadExpiry && !expiresAt) throw badRequest("packageExpiresAt", PACKAGE_ACTION_MESSAGES.newExpiryRequired);
  if (expiresAt) {
    changes.packageExpiresAt = expiresAt;
    changes.expirationType = "FIXED";
  } else if (expiresAt === null) {
    changes.packageExpiresAt = null;
  }

  const scheduledOn = input.scheduledOn ? new Date(input.scheduledOn) : input.scheduledOn;
  if (scheduledOn && scheduledOn <= now) throw badRequest("scheduledOn", PACKAGE_ACTION_MESSAGES.scheduleMustBeFuture);
  if (scheduledOn) {
    changes.scheduledOn = scheduledOn;
    changes.scheduledAvailability = true;
  } else if (scheduledOn === null) {
    changes.scheduledOn = null;
    changes.scheduledAvailability = false;
  } else if (current.scheduledAvailability && (current.scheduledOn === null || current.scheduledOn <= now)) {
    throw badRequest("scheduledOn", PACKAGE_ACTION_MESSAGES.newScheduleRequired);
  }
  return changes;
}

/** DOMAIN.md §1: reactivate a CANCELLED or CONSENT_WITHDRAWN package → STARTED, rescheduled and reopened. */
export async function reactivatePackage(
  actor: Actor,
  input: ReactivatePackage & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Package> {
  const { organizationId, packageId, version } = input;
  return runPackageAction(
    actor,
    { organizationId, packageId, version, action: "reactivate" },
    deps,
    async (_tx, claimed) => {
      const changes = reactivationChanges(claimed.current, input, new Date());
      return {
        changes,
        auditType: "package.reactivated",
        auditData: {
          previousCancelReason: claimed.current.cancelReason,
          scheduledOn: input.scheduledOn,
          packageExpiresAt: input.packageExpiresAt,
        },
      };
    },
  );
}
