import { EMBEDDED_EVENTS, type EmbeddedEvent, type EmbeddedEventMessage } from "@signet/contract";

// What the embedded signing room tells its parent window (postMessage), and which messages the
// demo page believes: only those from the signing URL's own origin that carry the room's source
// marker and a known event. Anything else (another frame, an extension, this page) is ignored.

export const EMBEDDED_SOURCE: EmbeddedEventMessage["source"] = "signet-signing-room";

/** The origin (scheme://host[:port]) of a signing URL, or null when it is not an http(s) URL. */
export function signingOrigin(signingUrl: string): string | null {
  try {
    const url = new URL(signingUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

const isEvent = (value: unknown): value is EmbeddedEvent =>
  typeof value === "string" && (EMBEDDED_EVENTS as readonly string[]).includes(value);
const isIdOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";

/**
 * The room's message when `event` is one to accept: its origin is exactly `expectedOrigin` (the
 * signing URL's) and its data is an object with source 'signet-signing-room' and a known event.
 * Null for everything else.
 */
export function acceptEmbeddedMessage(
  event: { origin: string; data: unknown },
  expectedOrigin: string | null,
): EmbeddedEventMessage | null {
  if (!expectedOrigin || event.origin !== expectedOrigin) return null;
  const data = event.data;
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (record.source !== EMBEDDED_SOURCE || !isEvent(record.event)) return null;
  const packageId = record.packageId ?? null;
  const participantId = record.participantId ?? null;
  if (!isIdOrNull(packageId) || !isIdOrNull(participantId)) return null;
  const message: EmbeddedEventMessage = { source: EMBEDDED_SOURCE, event: record.event, packageId, participantId };
  if (typeof record.detail === "string") message.detail = record.detail;
  return message;
}

export interface EventLogEntry {
  id: number;
  /** ISO 8601 */
  at: string;
  event: EmbeddedEvent;
  detail: string;
}

/** A log line of an accepted message: when it came, the event, and its detail (or the ids it names). */
export function eventLogEntry(message: EmbeddedEventMessage, id: number, at: Date): EventLogEntry {
  const detail =
    message.detail ?? (message.participantId ? `participant ${message.participantId}` : (message.packageId ?? ""));
  return { id, at: at.toISOString(), event: message.event, detail };
}

/** 'HH:MM:SS' in the browser's time zone, for the log. */
export function logTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString("en-US", { hour12: false, hour: "2-digit", minute: "2-digit", second: "2-digit" });
}
