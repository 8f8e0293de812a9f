import type { EmbeddedEvent, SigningRoom } from "@signet/contract";
import { embeddedPost } from "./embedded-events.ts";

/** Posts an embedded event to the registered parent origin (nothing when the room is not embedded). */
export function postEmbeddedEvent(
  room: Pick<SigningRoom, "parentOrigin" | "package" | "participant"> | null,
  event: EmbeddedEvent,
  detail?: string,
): void {
  if (!room) return;
  const framed = window.parent !== window;
  const post = embeddedPost(
    { parentOrigin: room.parentOrigin, packageId: room.package.id, participantId: room.participant.id, framed },
    event,
    detail,
  );
  if (!post) return;
  try {
    window.parent.postMessage(post.message, post.targetOrigin);
  } catch {
    // a detached parent: nothing to tell
  }
}
