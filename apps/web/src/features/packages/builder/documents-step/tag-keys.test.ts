import { describe, expect, it } from "vitest";
import { duplicateBox, nudge } from "./tag-keys.ts";

const page = { width: 612, height: 792 };
const box = { x: 100, y: 200, width: 160, height: 36 };
const press = (key: string, mods: { shiftKey?: boolean; altKey?: boolean } = {}) => ({
  key,
  shiftKey: mods.shiftKey ?? false,
  altKey: mods.altKey ?? false,
});

describe("nudge", () => {
  it.each([
    { key: "ArrowRight", mods: {}, expected: { x: 101, y: 200, width: 160, height: 36 } },
    { key: "ArrowLeft", mods: {}, expected: { x: 99, y: 200, width: 160, height: 36 } },
    { key: "ArrowUp", mods: { shiftKey: true }, expected: { x: 100, y: 190, width: 160, height: 36 } },
    { key: "ArrowDown", mods: { shiftKey: true }, expected: { x: 100, y: 210, width: 160, height: 36 } },
    { key: "ArrowRight", mods: { altKey: true }, expected: { x: 100, y: 200, width: 161, height: 36 } },
    { key: "ArrowLeft", mods: { altKey: true, shiftKey: true }, expected: { x: 100, y: 200, width: 150, height: 36 } },
    { key: "ArrowDown", mods: { altKey: true }, expected: { x: 100, y: 200, width: 160, height: 37 } },
  ])("$key $mods", ({ key, mods, expected }) => {
    expect(nudge(box, press(key, mods), page)).toEqual(expected);
  });

  it("ignores other keys", () => {
    expect(nudge(box, press("a"), page)).toBeNull();
  });

  it("keeps the tag on the page", () => {
    expect(nudge({ ...box, x: 0 }, press("ArrowLeft", { shiftKey: true }), page)?.x).toBe(0);
    expect(nudge({ ...box, x: 450 }, press("ArrowRight", { shiftKey: true }), page)?.x).toBe(452);
    expect(nudge({ ...box, y: 790 - 36 }, press("ArrowDown", { shiftKey: true }), page)?.y).toBe(756);
  });

  it("never resizes under 9 by 9 points nor past the page", () => {
    const small = { x: 10, y: 10, width: 12, height: 10 };
    expect(nudge(small, press("ArrowLeft", { altKey: true, shiftKey: true }), page)).toMatchObject({ width: 9 });
    expect(nudge(small, press("ArrowUp", { altKey: true, shiftKey: true }), page)).toMatchObject({ height: 9 });
    expect(nudge({ ...box, x: 450 }, press("ArrowRight", { altKey: true, shiftKey: true }), page)?.width).toBe(162);
  });
});

describe("duplicateBox", () => {
  it("offsets the copy inside the page", () => {
    expect(duplicateBox(box, page)).toEqual({ x: 112, y: 212, width: 160, height: 36 });
    expect(duplicateBox({ x: 452, y: 756, width: 160, height: 36 }, page)).toEqual({
      x: 440,
      y: 744,
      width: 160,
      height: 36,
    });
  });
});
