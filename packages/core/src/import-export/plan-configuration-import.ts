import { createHash } from "node:crypto";
import type {
  ConfigurationAction,
  ConfigurationActionCounts,
  ConfigurationManifest,
  ConfigurationPlan,
  ConfigurationPlanItem,
} from "@signet/contract";
import { canonicalJson } from "../audit/append-audit-event.ts";
import type { CollectedConfiguration } from "./collect-configuration.ts";
import { type ApplyEntry, normalizeItems, type PlanContext, type SectionHandler } from "./section-handler.ts";
import { CONFIGURATION_SECTIONS } from "./sections/index.ts";

// The dry run (issue 13 §6): the archive's items against the target's, section by section, each
// one CREATE (not there), CHANGE (there, with the fields that differ), UNCHANGED, or CONFLICT (why
// it cannot be imported). Pure: the same archive and the same target give the same plan, which is
// what the fingerprint pins between the dry run and the import.

export interface ConfigurationImportPlan {
  plan: Omit<ConfigurationPlan, "fingerprint" | "source">;
  /** what the import writes, by section, in the order of the sections */
  entries: { handler: SectionHandler; entries: ApplyEntry<unknown>[] }[];
}

const emptyCounts = (): ConfigurationActionCounts => ({ CREATE: 0, CHANGE: 0, UNCHANGED: 0, CONFLICT: 0 });

function changedFields(handler: SectionHandler, item: unknown, current: unknown): string[] {
  const custom = handler.changedFields?.(item, current);
  if (custom) return custom;
  const labels: string[] = [];
  for (const [field, label] of Object.entries(handler.fields) as [string, string][]) {
    const incoming = (item as Record<string, unknown>)[field] ?? null;
    const here = (current as Record<string, unknown>)[field] ?? null;
    if (canonicalJson(incoming) !== canonicalJson(here) && !labels.includes(label)) labels.push(label);
  }
  return labels;
}

export function planConfigurationImport(
  incoming: Record<string, unknown[]>,
  target: CollectedConfiguration,
  config: PlanContext["config"],
  handlers: readonly SectionHandler[] = CONFIGURATION_SECTIONS,
): ConfigurationImportPlan {
  const normalizedCurrent: Record<string, unknown[]> = {};
  for (const handler of handlers) {
    const items = target.sections[handler.name] ?? [];
    normalizedCurrent[handler.name] = normalizeItems(handler, items);
  }
  const conflicts: Record<string, Set<string>> = {};
  const context: PlanContext = { incoming, current: normalizedCurrent, facts: target.facts, conflicts, config };
  const counts = emptyCounts();
  const sections: ConfigurationPlan["sections"] = [];
  const entries: ConfigurationImportPlan["entries"] = [];
  for (const handler of handlers) {
    const raw = incoming[handler.name];
    if (!raw) continue;
    const items = normalizeItems(handler, raw);
    const sectionConflicts = new Set<string>();
    conflicts[handler.name] = sectionConflicts;
    const currentByKey = new Map(normalizedCurrent[handler.name]?.map((item) => [handler.key(item), item]));
    const sectionCounts = emptyCounts();
    const planned: ConfigurationPlanItem[] = [];
    const toApply: ApplyEntry<unknown>[] = [];
    for (const item of items) {
      const key = handler.key(item);
      const current = currentByKey.get(key);
      const conflict = handler.conflict?.(item, current, context) ?? null;
      const changes = conflict || !current ? [] : changedFields(handler, item, current);
      const action: ConfigurationAction = conflict
        ? "CONFLICT"
        : !current
          ? "CREATE"
          : changes.length > 0
            ? "CHANGE"
            : "UNCHANGED";
      if (action === "CONFLICT") sectionConflicts.add(key);
      if (action === "CREATE" || action === "CHANGE") toApply.push({ item, current, action });
      sectionCounts[action] += 1;
      counts[action] += 1;
      planned.push({
        key,
        label: handler.itemLabel(item),
        action,
        changes,
        message: conflict,
        notes: action === "UNCHANGED" || action === "CONFLICT" ? [] : (handler.notes?.(item, current, context) ?? []),
      });
    }
    sections.push({ name: handler.name, label: handler.label, counts: sectionCounts, items: planned });
    entries.push({ handler, entries: toApply });
  }
  const canApply = counts.CONFLICT === 0 && counts.CREATE + counts.CHANGE > 0;
  return { plan: { sections, counts, canApply }, entries };
}

/**
 * What the dry run saw: the archive (its SHA-256) and the target organization's configuration.
 * The import recomputes it inside its transaction and refuses when it differs.
 */
export function configurationFingerprint(archiveSha256: string, target: CollectedConfiguration): string {
  const files = [...target.files].map(([path, bytes]) => [path, createHash("sha256").update(bytes).digest("hex")]);
  return createHash("sha256")
    .update(canonicalJson({ archive: archiveSha256, sections: target.sections, facts: target.facts, files }))
    .digest("hex");
}

export function planSource(manifest: ConfigurationManifest): ConfigurationPlan["source"] {
  return {
    installation: manifest.source.installation,
    organizationName: manifest.source.organizationName,
    exportedAt: manifest.exportedAt,
  };
}
