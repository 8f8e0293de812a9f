import { type MailingReport, REPORT_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { loadReportAccess } from "./report-scope.ts";

/**
 * The mailing report: print and mail fulfillment does not exist yet, so there is nothing to count.
 * The route, permission and tenancy checks are real, so the page and integrators see the final shape.
 */
export async function mailingReport(
  actor: Actor,
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<MailingReport> {
  await loadReportAccess(actor, input.organizationId, deps);
  return { records: [], count: 0, available: false, reason: REPORT_MESSAGES.mailingUnavailable };
}
