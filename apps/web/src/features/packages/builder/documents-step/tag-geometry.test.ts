import { describe, expect, it } from "vitest";
import { dropBox, toPixels, toPoints } from "./tag-geometry.ts";

const A4 = { width: 595, height: 842 };

describe("tag geometry", () => {
  it("converts between points and pixels at a scale", () => {
    expect(toPixels({ x: 10, y: 20, width: 100, height: 30 }, 1.5)).toEqual({ x: 15, y: 30, width: 150, height: 45 });
    expect(toPoints({ x: 15, y: 30, width: 150, height: 45 }, 1.5, A4)).toEqual({
      x: 10,
      y: 20,
      width: 100,
      height: 30,
    });
  });

  it("keeps a tag at least 9×9 and inside its page", () => {
    expect(toPoints({ x: -10, y: 5, width: 4, height: 4 }, 1, A4)).toEqual({ x: 0, y: 5, width: 9, height: 9 });
    expect(toPoints({ x: 590, y: 840, width: 100, height: 30 }, 1, A4)).toEqual({
      x: 495,
      y: 812,
      width: 100,
      height: 30,
    });
  });

  it("centres a dropped tag on the pointer", () => {
    expect(dropBox({ x: 200, y: 100 }, { width: 160, height: 36 }, 2, A4)).toEqual({
      x: 20,
      y: 32,
      width: 160,
      height: 36,
    });
  });
});
