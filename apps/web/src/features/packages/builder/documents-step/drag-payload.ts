import { TAG_TYPES, type TagType } from "@signet/contract";

// What a palette item carries while it is dragged: the tag type (or a signing block: signature,
// initials and date signed together), and the participant when the item belongs to one (the quick
// items beside each signer's name), so that a drop places the tags for that person without
// choosing them first.

/** The data type a palette item's drag carries, which the pages accept. */
export const DRAG_TYPE = "application/x-signet-tag";

/** What a drop places: one tag of a type, or a signing block. */
export type DragKind = TagType | "SIGNING_BLOCK";

export interface DragPayload {
  type: DragKind;
  participantId: string | null;
}

const KINDS: readonly string[] = [...TAG_TYPES, "SIGNING_BLOCK"];

export function encodeDragPayload(payload: DragPayload): string {
  return payload.participantId ? `${payload.type}:${payload.participantId}` : payload.type;
}

/** null for anything that is not one of our palette items (a file, text dragged from elsewhere). */
export function decodeDragPayload(data: string): DragPayload | null {
  const [type, participantId, ...rest] = data.split(":");
  if (rest.length > 0 || !KINDS.includes(type ?? "")) return null;
  if (participantId !== undefined && !/^[0-9a-f-]{36}$/i.test(participantId)) return null;
  return { type: type as DragKind, participantId: participantId ?? null };
}
