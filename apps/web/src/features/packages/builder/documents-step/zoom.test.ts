import { describe, expect, it } from "vitest";
import { fitWidth, MAX_ZOOM, MIN_ZOOM, zoomIn, zoomLabel, zoomOut } from "./zoom.ts";

describe("zoom", () => {
  it.each([
    { scale: 1, up: 1.1, down: 0.9 },
    { scale: 1.18, up: 1.25, down: 1.1 },
    { scale: MAX_ZOOM, up: MAX_ZOOM, down: 1.75 },
    { scale: MIN_ZOOM, up: 0.67, down: MIN_ZOOM },
  ])("steps from $scale", ({ scale, up, down }) => {
    expect(zoomIn(scale)).toBe(up);
    expect(zoomOut(scale)).toBe(down);
  });

  it.each([
    { available: 612, widest: 612, scale: 1 },
    { available: 800, widest: 612, scale: 1.3 },
    { available: 100, widest: 612, scale: MIN_ZOOM },
    { available: 5000, widest: 612, scale: MAX_ZOOM },
    { available: 800, widest: 0, scale: 1 },
  ])("fits $widest points into $available pixels", ({ available, widest, scale }) => {
    expect(fitWidth(available, widest)).toBe(scale);
  });

  it("reads as a percentage", () => {
    expect(zoomLabel(1.25)).toBe("125%");
  });
});
