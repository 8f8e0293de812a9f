import { describe, expect, it } from "vitest";
import { fieldRow, MAX_ZOOM, rowZoom } from "./row-zoom.ts";

const DOC = "00000000-0000-4000-8000-00000000000a";
const box = (id: string, x: number, y: number, width: number, height = 20, page = 1, documentId = DOC) => ({
  id,
  documentId,
  page,
  x,
  y,
  width,
  height,
});

describe("fieldRow", () => {
  it("is the field alone when nothing is beside it", () => {
    const field = box("a", 100, 300, 300);
    expect(fieldRow(field, [field])).toEqual({ left: 100, right: 400 });
  });

  it("takes in the fields beside it, not those above or below", () => {
    const signature = box("sig", 90, 560, 170, 40);
    const date = box("date", 300, 575, 100, 20);
    const below = box("below", 20, 620, 580, 20);
    expect(fieldRow(signature, [signature, date, below])).toEqual({ left: 90, right: 400 });
  });

  it("ignores fields on other pages and documents", () => {
    const field = box("a", 200, 100, 250);
    const elsewhere = [box("p2", 0, 100, 600, 20, 2), box("d2", 0, 100, 600, 20, 1, "other")];
    expect(fieldRow(field, [field, ...elsewhere])).toEqual({ left: 200, right: 450 });
  });
});

describe("rowZoom", () => {
  it("magnifies a row until it fills the screen", () => {
    expect(rowZoom({ left: 90, right: 400 }, 612)).toBeCloseTo((612 * 0.92) / 310);
  });

  it("stays between the whole page and the largest magnification", () => {
    expect(rowZoom({ left: 90, right: 99 }, 612)).toBe(MAX_ZOOM);
    expect(rowZoom({ left: 10, right: 610 }, 612)).toBe(1);
  });
});
