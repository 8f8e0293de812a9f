import { describe, expect, it } from "vitest";
import { describeExit, nextQuickDeaths, RESTART_POLICY, restartDelayMs } from "./restart-policy.ts";

describe("restart back-off", () => {
  it("waits a second, then twice as long after each quick death, at most half a minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("starts the count again after a run that lasted", () => {
    expect(nextQuickDeaths(0, 500)).toBe(1);
    expect(nextQuickDeaths(4, 2_000)).toBe(5);
    expect(nextQuickDeaths(4, RESTART_POLICY.stableAfterMs)).toBe(1);
  });

  it("says why a child ended", () => {
    expect(describeExit(null, "SIGKILL")).toBe("killed by SIGKILL");
    expect(describeExit(1, null)).toBe("exited with code 1");
  });
});
