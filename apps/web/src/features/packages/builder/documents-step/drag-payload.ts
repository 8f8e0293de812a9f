import { TAG_TYPES, type TagType } from "@signet/contract";

// What a palette item carries while it is dragged: the tag type, and the participant when the item
// belongs to one (the quick "Signature" beside each signer's name), so that a drop places the tag
// for that person without choosing them first.

/** The data type a palette item's drag carries, which the pages accept. */
export const DRAG_TYPE = "application/x-signet-tag";

export interface DragPayload {
  type: TagType;
  participantId: string | null;
}

export function encodeDragPayload(payload: DragPayload): string {
  return payload.participantId ? `${payload.type}:${payload.participantId}` : payload.type;
}

/** null for anything that is not one of our palette items (a file, text dragged from elsewhere). */
export function decodeDragPayload(data: string): DragPayload | null {
  const [type, participantId, ...rest] = data.split(":");
  if (rest.length > 0 || !TAG_TYPES.includes(type as TagType)) return null;
  if (participantId !== undefined && !/^[0-9a-f-]{36}$/i.test(participantId)) return null;
  return { type: type as TagType, participantId: participantId ?? null };
}
