import { describe, expect, it } from "vitest";
import { bulkSendPercent, bulkSendSummary } from "./bulk-send-words.ts";

const counts = (
  totalRows: number,
  sentCount: number,
  failedCount: number,
  skippedCount = 0,
  createdCount = sentCount,
) => ({
  totalRows,
  sentCount,
  failedCount,
  skippedCount,
  createdCount,
});

describe("bulk send progress words", () => {
  it.each([
    [counts(5, 0, 2), 40],
    [counts(5, 3, 2), 100],
    [counts(3, 1, 0, 0, 2), 33],
    [counts(4, 1, 0, 3), 100],
    [counts(0, 0, 0), 100],
  ])("%j is %i %% done", (bulkSend, percent) => {
    expect(bulkSendPercent(bulkSend)).toBe(percent);
  });

  it.each([
    [counts(5, 3, 2), "3 packages created, 3 sent, 2 rows failed"],
    [counts(1, 1, 1), "1 package created, 1 sent, 1 row failed"],
    [counts(4, 1, 0, 3), "1 package created, 1 sent, 0 rows failed, 3 rows skipped"],
  ])("%j reads %j", (bulkSend, words) => {
    expect(bulkSendSummary(bulkSend)).toBe(words);
  });
});
