import { UI } from "@signet/contract";

// The upload queue of the documents step as pure state: at most UI.concurrentUploads files move at
// once (spec §9: 2); a network failure retries every UI.documentRetryDelayMs until
// UI.documentRetryTimeoutMs have passed since the first attempt (spec §9: 10 s / 600 s).

export type UploadStatus = "queued" | "uploading" | "waiting-retry" | "done" | "failed" | "cancelled";

export interface UploadItem {
  id: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  /** 0–1 */
  progress: number;
  error: string | null;
  /**
   * whether sending the same file again can work: after a lost connection or a cancel, yes; after
   * the server refused the file itself (size, format, duplicate name), no: it would be refused again
   */
  canRetry: boolean;
  /** when the first attempt started (ms), for the retry timeout */
  firstAttemptAt: number | null;
  /** when a waiting retry may start (ms) */
  retryAt: number | null;
}

export function newUpload(id: string, file: { name: string; size: number }): UploadItem {
  return {
    id,
    fileName: file.name,
    size: file.size,
    status: "queued",
    progress: 0,
    error: null,
    canRetry: false,
    firstAttemptAt: null,
    retryAt: null,
  };
}

/** The items to start now: queued ones, and waiting retries whose time came, up to the free slots. */
export function nextToStart(items: readonly UploadItem[], now: number, slots = UI.concurrentUploads): UploadItem[] {
  const running = items.filter((item) => item.status === "uploading").length;
  const free = Math.max(0, slots - running);
  return items
    .filter(
      (item) =>
        item.status === "queued" || (item.status === "waiting-retry" && item.retryAt !== null && item.retryAt <= now),
    )
    .slice(0, free);
}

export function started(item: UploadItem, now: number): UploadItem {
  return { ...item, status: "uploading", progress: 0, error: null, firstAttemptAt: item.firstAttemptAt ?? now };
}

/**
 * After a failed attempt: a network failure (retryable) waits and retries until the timeout; an
 * answer from the server (size, format, duplicate name) fails at once with its message.
 */
export function afterFailure(item: UploadItem, error: string, retryable: boolean, now: number): UploadItem {
  const first = item.firstAttemptAt ?? now;
  if (retryable && now + UI.documentRetryDelayMs - first <= UI.documentRetryTimeoutMs) {
    return { ...item, status: "waiting-retry", error, canRetry: true, retryAt: now + UI.documentRetryDelayMs };
  }
  return { ...item, status: "failed", error, canRetry: retryable, retryAt: null };
}

/** Refused before it was sent (too large for the organization's limit): the same file cannot go. */
export function refused(item: UploadItem, error: string): UploadItem {
  return { ...item, status: "failed", error, canRetry: false };
}

/** Cancelled by the person: sending it again is theirs to choose. */
export function cancelled(item: UploadItem, error: string): UploadItem {
  return { ...item, status: "cancelled", error, canRetry: true, retryAt: null };
}

/** A manual retry (also of a waiting one, at once) starts a fresh timeout; a refused file is not retried. */
export function retried(item: UploadItem): UploadItem {
  if (!item.canRetry) return item;
  return { ...item, status: "queued", error: null, progress: 0, firstAttemptAt: null, retryAt: null };
}
