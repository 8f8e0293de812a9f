import { describe, expect, it } from "vitest";
import { formatCountdown } from "./countdown.ts";

describe("formatCountdown", () => {
  it.each([
    [120_000, "2:00"],
    [119_001, "2:00"],
    [119_000, "1:59"],
    [65_000, "1:05"],
    [9_999, "0:10"],
    [1, "0:01"],
    [0, "0:00"],
    [-500, "0:00"],
    [3_600_000, "60:00"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});
