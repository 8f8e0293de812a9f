import { z } from "zod";
import { PACKAGE_ACTIONS, PACKAGE_STATUSES } from "./package-status.ts";

// Apart from package-status.ts: the web app's first download takes that module's words, and
// importing zod classic there would bring all of classic zod with them (issue 17).
export const PACKAGE_STATUS_TEXT =
  "The package's status: STARTED (a draft, or sent and waiting for its scheduledOn), AVAILABLE_TO_SIGNERS (out for signature), EDEPOSIT_PENDING (signed, being deposited in the eVault), COMPLETED, EDEPOSITED (completed and deposited), CANCELLED, CONSENT_WITHDRAWN (a participant withdrew e-sign consent), PENDING_ENOTARY (e-signing done, an A/V or notary step is outstanding)";
export const packageStatusSchema = z.enum(PACKAGE_STATUSES).describe(PACKAGE_STATUS_TEXT);
export const packageActionSchema = z.enum(PACKAGE_ACTIONS);

/**
 * A count for every package status, as an object of named properties (a record keyed by the enum
 * reaches OpenAPI as propertyNames + required without properties, which clients cannot read).
 */
export const packageStatusCountsShape = () =>
  z.object(
    Object.fromEntries(
      PACKAGE_STATUSES.map((status) => [
        status,
        z.number().int().min(0).describe(`Number of packages in status ${status}`),
      ]),
    ) as Record<(typeof PACKAGE_STATUSES)[number], z.ZodNumber>,
  );
