import { describe, expect, it } from "vitest";
import { dropBox, pageUnderPointer, toPixels, toPoints, visibleCentre } from "./tag-geometry.ts";

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

describe("drops and visible spots", () => {
  const pages = [
    { number: 1, rect: { left: 100, top: 0, width: 612, height: 792 } },
    { number: 2, rect: { left: 100, top: 808, width: 612, height: 792 } },
  ];

  it.each([
    { pointer: { x: 150, y: 50 }, expected: { page: 1, at: { x: 50, y: 50 } } },
    { pointer: { x: 150, y: 900 }, expected: { page: 2, at: { x: 50, y: 92 } } },
    { pointer: { x: 150, y: 800 }, expected: null },
    { pointer: { x: 50, y: 50 }, expected: null },
    { pointer: { x: 800, y: 900 }, expected: null },
  ])("finds the page under $pointer", ({ pointer, expected }) => {
    expect(pageUnderPointer(pointer, pages)).toEqual(expected);
  });

  it("clamps a drop at a page's corner inside the page", () => {
    expect(dropBox({ x: 605, y: 838 }, { width: 160, height: 36 }, 1, A4)).toEqual({
      x: 435,
      y: 806,
      width: 160,
      height: 36,
    });
    expect(dropBox({ x: 2, y: 2 }, { width: 160, height: 36 }, 2, A4)).toMatchObject({ x: 0, y: 0 });
  });

  it("centres on the part of the page in view", () => {
    const view = { left: 0, top: 0, width: 900, height: 600 };
    expect(visibleCentre({ left: 100, top: -400, width: 612, height: 792 }, view)).toEqual({ x: 306, y: 596 });
    expect(visibleCentre({ left: 100, top: 700, width: 612, height: 792 }, view)).toBeNull();
  });
});
