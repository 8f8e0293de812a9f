import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { repeatEvery } from "./repeat-every.ts";

describe("repeatEvery", () => {
  it("runs at once, again after each interval, never two runs at a time, and stop waits for the run in progress", async () => {
    let runs = 0;
    let inside = 0;
    let most = 0;
    let finished = 0;
    const task = repeatEvery(5, async () => {
      runs += 1;
      inside += 1;
      most = Math.max(most, inside);
      await sleep(15);
      inside -= 1;
      finished += 1;
    });
    expect(runs).toBe(1);
    await sleep(80);
    await task.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(finished).toBe(runs);
    const after = runs;
    await sleep(40);
    expect(runs).toBe(after);
  });
});
