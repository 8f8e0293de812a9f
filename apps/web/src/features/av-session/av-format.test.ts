import { describe, expect, it } from "vitest";
import { formatDuration } from "./av-format.ts";

describe("formatDuration", () => {
  it.each([
    [0, "0 s"],
    [45, "45 s"],
    [185, "3 min 05 s"],
    [3720, "1 h 02 min"],
    [-3, "0 s"],
  ])("%i seconds → %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
