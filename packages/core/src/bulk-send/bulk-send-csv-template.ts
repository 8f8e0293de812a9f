import { bulkSendColumns } from "@signet/contract";
import { stringify } from "csv-stringify/sync";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { bulkSendShape, loadBulkSendTemplate } from "./bulk-send-template.ts";

/**
 * The CSV a bulk send of this template reads, header only (UTF-8 with a byte-order mark so that
 * spreadsheets open it as UTF-8): package name, each slot's first and last name, email and phone,
 * then each package custom field's key.
 */
export async function bulkSendCsvTemplate(
  actor: Actor,
  input: { organizationId: string; templateId: string },
  deps: CoreDeps,
): Promise<{ fileName: string; text: string }> {
  const { template } = await loadBulkSendTemplate(actor, input, deps, { mustBeActive: false });
  const { slots, customFields } = await bulkSendShape(deps.db, input.organizationId, template.packageId);
  const header = bulkSendColumns(slots, customFields).map((column) => column.header);
  const base =
    template.name
      .replace(/[^\w .-]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "template";
  return { fileName: `${base}-bulk-send.csv`, text: `\uFEFF${stringify([header])}` };
}
