import {
  evaluateTagStates,
  missingRequiredTags,
  type SigningRoom,
  type SigningTag,
  type TagShape,
  type TagState,
} from "@signet/contract";

// What the participant still has to do and in which order the guide walks it (pure: unit-tested in
// node). Order: each document's tags (page, then top to bottom, then left to right) followed by its
// review, then the questions, then the uploads.

export type Values = Readonly<Record<string, string | null | undefined>>;

export type GuideItem =
  | { kind: "tag"; id: string; documentId: string }
  | { kind: "review"; id: string }
  | { kind: "question"; id: string }
  | { kind: "stip"; id: string };

export const guideKey = (item: Pick<GuideItem, "kind" | "id">) => `${item.kind}:${item.id}`;

type RoomParts = Pick<SigningRoom, "documents" | "tags" | "rules" | "dataCollection" | "stips"> &
  Partial<Pick<SigningRoom, "sourceTags">> & {
    participant: { id: string };
  };

/**
 * The tags the rules read: this participant's, plus other participants' tags a rule depends on
 * (never required here: only their values count).
 */
export function tagShapes(room: Pick<RoomParts, "tags" | "participant" | "sourceTags">): TagShape[] {
  return [
    ...room.tags.map((tag) => ({ ...tag, participantId: room.participant.id })),
    ...(room.sourceTags ?? []).map((tag) => ({ ...tag, participantId: "", required: false })),
  ];
}

/** The values the rules read: the entered ones over the values of other participants' source tags. */
function withSourceValues(room: Pick<RoomParts, "sourceTags">, values: Values): Values {
  return { ...valuesOf(room.sourceTags ?? []), ...values };
}

/** Which tags show and which are required, given the values entered so far. */
export function tagStates(room: Pick<RoomParts, "tags" | "rules" | "participant" | "sourceTags">, values: Values) {
  return evaluateTagStates(tagShapes(room), room.rules, withSourceValues(room, values));
}

/** The values the server holds, as the map the rules read. */
export function valuesOf(items: readonly { id: string; value: string | null }[]): Record<string, string | null> {
  return Object.fromEntries(items.map((item) => [item.id, item.value]));
}

/** The participant's tags in document order: document, page, top to bottom, left to right. */
export function sortTags<T extends Pick<SigningTag, "documentId" | "page" | "x" | "y">>(
  tags: readonly T[],
  documents: readonly { id: string }[],
): T[] {
  const order = new Map(documents.map((document, index) => [document.id, index]));
  const indexOf = (tag: T) => order.get(tag.documentId) ?? documents.length;
  return [...tags].sort((a, b) => indexOf(a) - indexOf(b) || a.page - b.page || a.y - b.y || a.x - b.x);
}

/** Choosing a radio button: it holds its optionValue, the others of its group (on its document) nothing. */
export function chooseRadio(
  tags: readonly Pick<SigningTag, "id" | "type" | "groupName" | "documentId">[],
  values: Values,
  chosen: Pick<SigningTag, "id" | "groupName" | "optionValue" | "documentId">,
): Record<string, string | null> {
  const next: Record<string, string | null> = { ...values } as Record<string, string | null>;
  for (const tag of tags) {
    const sameGroup = tag.groupName === chosen.groupName && tag.documentId === chosen.documentId;
    if (tag.type === "RADIO" && sameGroup && tag.id !== chosen.id) next[tag.id] = null;
  }
  next[chosen.id] = chosen.optionValue;
  return next;
}

/** A question's answer counts when it is not blank; a checkbox only when checked. */
export function hasAnswer(type: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (type === "CHECKBOX") return value === "true";
  return value.trim() !== "";
}

/** Every item the guide can visit, in order (visible tags only). */
export function guideOrder(room: RoomParts, states: ReadonlyMap<string, TagState>): GuideItem[] {
  const visible = room.tags.filter((tag) => states.get(tag.id)?.visible);
  const sorted = sortTags(visible, room.documents);
  const items: GuideItem[] = [];
  for (const document of room.documents) {
    for (const tag of sorted) {
      if (tag.documentId === document.id) items.push({ kind: "tag", id: tag.id, documentId: tag.documentId });
    }
    if (document.executionType === "VIEW_ONLY") items.push({ kind: "review", id: document.id });
  }
  const known = new Set(room.documents.map((document) => document.id));
  for (const tag of sorted) {
    if (!known.has(tag.documentId)) items.push({ kind: "tag", id: tag.id, documentId: tag.documentId });
  }
  for (const group of room.dataCollection) {
    for (const field of group.fields) items.push({ kind: "question", id: field.id });
  }
  for (const stip of room.stips) items.push({ kind: "stip", id: stip.id });
  return items;
}

export interface Outstanding {
  /** guide keys of everything that stops the participant from finishing */
  keys: Set<string>;
  /** the same, in guide order */
  items: GuideItem[];
  /** how many things are left (a radio group counts once) */
  count: number;
}

/** Everything that stops the participant from finishing: required tags, unreviewed View Only documents,
 *  required questions, required uploads. */
export function outstanding(room: RoomParts, tagValues: Values, answers: Values): Outstanding {
  const shapes = tagShapes(room);
  const allValues = withSourceValues(room, tagValues);
  const states = evaluateTagStates(shapes, room.rules, allValues);
  const missingTags = new Set(missingRequiredTags(shapes, room.rules, allValues));
  const keys = new Set<string>();
  for (const id of missingTags) keys.add(guideKey({ kind: "tag", id }));
  for (const document of room.documents) {
    if (document.executionType === "VIEW_ONLY" && !document.reviewed)
      keys.add(guideKey({ kind: "review", id: document.id }));
  }
  for (const group of room.dataCollection) {
    for (const field of group.fields) {
      const value = field.id in answers ? answers[field.id] : field.value;
      if (field.required && !hasAnswer(field.type, value)) keys.add(guideKey({ kind: "question", id: field.id }));
    }
  }
  for (const stip of room.stips) {
    if (stip.required && stip.uploads.length === 0) keys.add(guideKey({ kind: "stip", id: stip.id }));
  }
  const items = guideOrder(room, states).filter((item) => keys.has(guideKey(item)));
  const radioGroups = new Set<string>();
  let count = 0;
  for (const item of items) {
    const tag = item.kind === "tag" ? room.tags.find((candidate) => candidate.id === item.id) : undefined;
    if (tag?.type === "RADIO") {
      const group = `${tag.documentId}:${tag.groupName ?? tag.id}`;
      if (radioGroups.has(group)) continue;
      radioGroups.add(group);
    }
    count++;
  }
  return { keys, items, count };
}

/**
 * Where "Next field" goes: the first outstanding item after the current one (the field the participant
 * was last in), wrapping around to the first; null when nothing is left.
 */
export function nextGuideItem(order: readonly GuideItem[], missing: ReadonlySet<string>, currentKey: string | null) {
  const pending = order.filter((item) => missing.has(guideKey(item)));
  if (pending.length === 0) return null;
  const position = currentKey === null ? -1 : order.findIndex((item) => guideKey(item) === currentKey);
  if (position < 0) return pending[0] ?? null;
  const later = order.slice(position + 1).find((item) => missing.has(guideKey(item)));
  return later ?? pending[0] ?? null;
}
