import type { EmbeddedEvent, EmbeddedEventMessage } from "@signet/contract";

// Messages the embedded room posts to the integrator's page (pure: unit-tested in node). They go only
// to the parent origin the package registered, never to "*": a page that frames the room without
// being that origin learns nothing.

export interface EmbeddingContext {
  parentOrigin: string | null;
  packageId: string | null;
  participantId: string | null;
  /** the room runs inside a frame (window.parent !== window) */
  framed: boolean;
}

export interface EmbeddedPost {
  message: EmbeddedEventMessage;
  targetOrigin: string;
}

/** The parent origin in its canonical form (scheme://host[:port]), or null when it is not an http(s) origin. */
export function canonicalOrigin(value: string | null | undefined): string | null {
  if (!value || value.trim() === "" || value.includes("*")) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** What to post for an event, or null when nothing may be posted (not embedded, not framed, no valid origin). */
export function embeddedPost(context: EmbeddingContext, event: EmbeddedEvent, detail?: string): EmbeddedPost | null {
  if (!context.framed) return null;
  const targetOrigin = canonicalOrigin(context.parentOrigin);
  if (!targetOrigin) return null;
  const message: EmbeddedEventMessage = {
    source: "signet-signing-room",
    event,
    packageId: context.packageId,
    participantId: context.participantId,
  };
  if (detail !== undefined) message.detail = detail;
  return { message, targetOrigin };
}
