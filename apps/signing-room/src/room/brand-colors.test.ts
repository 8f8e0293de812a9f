import { describe, expect, it } from "vitest";
import { contrastRatio, readableBackground } from "./brand-colors.ts";

describe("readableBackground", () => {
  it.each([
    // [background, text, keeps the background]
    ["#1c7ed6", "#ffffff", false],
    ["#0b3d91", "#ffffff", true],
    ["#ffe066", "#000000", true],
    ["#ffe066", "#ffffff", false],
    ["#777777", "#000000", true],
    ["#888888", "#888888", false],
  ])("%s behind %s", (background, text, keeps) => {
    const chosen = readableBackground(background, text);
    expect(chosen === background).toBe(keeps);
    expect(contrastRatio(chosen, text)).toBeGreaterThanOrEqual(4.5);
  });

  it("leaves colours it cannot read alone", () => {
    expect(readableBackground("rebeccapurple", "#ffffff")).toBe("rebeccapurple");
    expect(readableBackground("#1c7ed6", "white")).toBe("#1c7ed6");
  });
});
