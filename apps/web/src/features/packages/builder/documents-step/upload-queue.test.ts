import { UI } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { afterFailure, cancelled, newUpload, nextToStart, refused, retried, started } from "./upload-queue.ts";

const file = (name: string) => ({ name, size: 100 });

describe("upload queue", () => {
  it("starts at most two at a time, in order", () => {
    const items = ["a", "b", "c"].map((name) => newUpload(name, file(name)));
    expect(nextToStart(items, 0).map((item) => item.id)).toEqual(["a", "b"]);
    const running = [started(items[0]!, 0), items[1]!, items[2]!];
    expect(nextToStart(running, 0).map((item) => item.id)).toEqual(["b"]);
    expect(nextToStart([started(items[0]!, 0), started(items[1]!, 0), items[2]!], 0)).toEqual([]);
  });

  it("retries a network failure every 10 s until 600 s after the first attempt", () => {
    let item = started(newUpload("a", file("a")), 0);
    item = afterFailure(item, "offline", true, 1000);
    expect(item).toMatchObject({ status: "waiting-retry", retryAt: 1000 + UI.documentRetryDelayMs });
    expect(nextToStart([item], 1000)).toEqual([]);
    expect(nextToStart([item], 1000 + UI.documentRetryDelayMs)).toHaveLength(1);
    // the first attempt's time is kept across retries
    item = started(item, 11_000);
    expect(item.firstAttemptAt).toBe(0);
    const late = afterFailure(item, "offline", true, UI.documentRetryTimeoutMs - 5_000);
    expect(late.status).toBe("failed");
  });

  it("fails at once on a server answer, which a retry would only repeat", () => {
    const item = afterFailure(
      started(newUpload("a", file("a")), 0),
      "Upload failed. File format not supported.",
      false,
      10,
    );
    expect(item).toMatchObject({
      status: "failed",
      error: "Upload failed. File format not supported.",
      canRetry: false,
    });
    expect(retried(item)).toBe(item);
    expect(retried(refused(newUpload("b", file("b")), "Too large"))).toMatchObject({ status: "failed" });
  });

  it("a manual retry of a lost connection or a cancel starts over, also while an automatic one waits", () => {
    const lost = afterFailure(started(newUpload("a", file("a")), 0), "offline", true, UI.documentRetryTimeoutMs);
    expect(lost).toMatchObject({ status: "failed", canRetry: true });
    expect(retried(lost)).toMatchObject({ status: "queued", error: null, firstAttemptAt: null });
    const waiting = afterFailure(started(newUpload("b", file("b")), 0), "offline", true, 10);
    expect(retried(waiting)).toMatchObject({ status: "queued", retryAt: null });
    expect(retried(cancelled(started(newUpload("c", file("c")), 0), "Cancelled"))).toMatchObject({ status: "queued" });
  });
});
