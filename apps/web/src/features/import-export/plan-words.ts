import type { ConfigurationAction, ConfigurationActionCounts } from "@signet/contract";

/** Each action as people read it, with a colour that is never its only sign (the word is shown too). */
export const ACTION_WORDS: Record<ConfigurationAction, { label: string; color: string }> = {
  CREATE: { label: "Create", color: "teal" },
  CHANGE: { label: "Change", color: "blue" },
  UNCHANGED: { label: "Unchanged", color: "gray" },
  CONFLICT: { label: "Conflict", color: "red" },
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 to create, 2 to change, 40 unchanged, 1 conflict" (parts with 0 left out; "No items" when empty). */
export function countsSentence(counts: ConfigurationActionCounts): string {
  const parts = [
    counts.CREATE > 0 ? `${counts.CREATE} to create` : null,
    counts.CHANGE > 0 ? `${counts.CHANGE} to change` : null,
    counts.UNCHANGED > 0 ? `${counts.UNCHANGED} unchanged` : null,
    counts.CONFLICT > 0 ? plural(counts.CONFLICT, "conflict", "conflicts") : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "No items";
}

/** Why Apply is not possible, or null when it is. */
export function applyBlockedReason(plan: { counts: ConfigurationActionCounts; canApply: boolean }): string | null {
  if (plan.counts.CONFLICT > 0)
    return `Resolve the ${plural(plan.counts.CONFLICT, "conflict", "conflicts")} first, then run the dry run again.`;
  if (!plan.canApply) return "Nothing to import: this organization already has this configuration.";
  return null;
}

/** The import's success toast. */
export function importedSentence(counts: ConfigurationActionCounts): string {
  return `Configuration imported: ${plural(counts.CREATE, "item", "items")} created, ${counts.CHANGE} changed.`;
}
