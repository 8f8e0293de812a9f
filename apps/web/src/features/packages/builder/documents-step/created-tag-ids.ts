import type { Tag } from "@signet/contract";

type Placed = Pick<Tag, "page" | "type" | "participantId" | "x" | "y">;

/**
 * The ids the server gave the tags a save created, by draft key: a new tag (no id yet) is the
 * saved one on the same page, of the same type and participant, at the same place, each saved
 * tag claimed once. Keys stay, so a selected tag stays selected across a save.
 */
export function createdIds(
  sent: readonly (Placed & { key: string; id?: string })[],
  saved: readonly (Placed & { id: string })[],
): Map<string, string> {
  const known = new Set(sent.flatMap((tag) => (tag.id ? [tag.id] : [])));
  const unclaimed = saved.filter((tag) => !known.has(tag.id));
  const ids = new Map<string, string>();
  for (const tag of sent) {
    if (tag.id) continue;
    const index = unclaimed.findIndex(
      (candidate) =>
        candidate.page === tag.page &&
        candidate.type === tag.type &&
        candidate.participantId === tag.participantId &&
        Math.abs(candidate.x - tag.x) < 0.5 &&
        Math.abs(candidate.y - tag.y) < 0.5,
    );
    if (index < 0) continue;
    const [match] = unclaimed.splice(index, 1);
    if (match) ids.set(tag.key, match.id);
  }
  return ids;
}
