import type { BulkSend, BulkSendStatus } from "@signet/contract";

export const BULK_SEND_STATUS_LABELS: Record<BulkSendStatus, string> = {
  QUEUED: "Waiting to start",
  RUNNING: "Sending",
  COMPLETED: "Finished",
  CANCELLED: "Cancelled",
  FAILED: "Stopped by an error",
};

/** How far the bulk send is, 0–100: rows done (sent, failed or skipped) over all rows. */
export function bulkSendPercent(bulkSend: Pick<BulkSend, "totalRows" | "sentCount" | "failedCount" | "skippedCount">) {
  if (bulkSend.totalRows === 0) return 100;
  const done = bulkSend.sentCount + bulkSend.failedCount + bulkSend.skippedCount;
  return Math.min(100, Math.round((done / bulkSend.totalRows) * 100));
}

/** "3 packages created and sent, 2 rows failed" — what a finished or running bulk send has done. */
export function bulkSendSummary(
  bulkSend: Pick<BulkSend, "createdCount" | "sentCount" | "failedCount" | "skippedCount">,
) {
  const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
  const parts = [
    `${plural(bulkSend.createdCount, "package")} created`,
    `${bulkSend.sentCount.toLocaleString("en-US")} sent`,
    `${plural(bulkSend.failedCount, "row")} failed`,
  ];
  if (bulkSend.skippedCount > 0) parts.push(`${plural(bulkSend.skippedCount, "row")} skipped`);
  return parts.join(", ");
}
