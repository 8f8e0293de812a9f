import { describe, expect, it } from "vitest";
import { signingBlockTags } from "./signing-block.ts";

const LETTER = { width: 612, height: 792 };

describe("a signing block", () => {
  it("centres the block on the pointer: the signature, the initials beside it and the date signed below it", () => {
    const tags = signingBlockTags({ x: 300, y: 200 }, 1, LETTER);
    expect(tags).toEqual([
      { type: "SIGNATURE", box: { x: 193, y: 169, width: 160, height: 36 } },
      { type: "INITIALS", box: { x: 359, y: 175, width: 48, height: 30 } },
      { type: "DATE_SIGNED", box: { x: 193, y: 211, width: 100, height: 20 } },
    ]);
  });

  it("stays whole inside the page when dropped at its corner, at any zoom", () => {
    const tags = signingBlockTags({ x: 1220, y: 1580 }, 2, LETTER);
    for (const { box } of tags) {
      expect(box.x + box.width).toBeLessThanOrEqual(LETTER.width);
      expect(box.y + box.height).toBeLessThanOrEqual(LETTER.height);
    }
    expect(Math.max(...tags.map(({ box }) => box.x + box.width))).toBe(LETTER.width);
    expect(Math.max(...tags.map(({ box }) => box.y + box.height))).toBe(LETTER.height);
  });
});
