import { describe, expect, it } from "vitest";
import { witnessTagFills } from "./witness-tag-fills.ts";

describe("witnessTagFills", () => {
  const box = { page: 2, x: 72, y: 600, width: 200, height: 64 };
  const png = new Uint8Array([1, 2, 3]);
  const fills = witnessTagFills(box, { png, printedName: "Wes Lee", signerName: "Ada Stone" });

  it("draws the signature, then the printed name, then the witness line, top to bottom", () => {
    expect(fills.map((fill) => fill.kind)).toEqual(["image", "text", "text"]);
    expect(fills.map((fill) => (fill.kind === "text" ? fill.text : null))).toEqual([
      null,
      "Wes Lee",
      "Witness to Ada Stone",
    ]);
    expect(fills[0]!.y).toBeLessThan(fills[1]!.y);
    expect(fills[1]!.y).toBeLessThan(fills[2]!.y);
  });

  it("stays inside the tag's box, one after the other without overlapping", () => {
    for (const fill of fills) {
      expect(fill.page).toBe(2);
      expect([fill.x, fill.width]).toEqual([72, 200]);
      expect(fill.y).toBeGreaterThanOrEqual(box.y);
      expect(fill.y + fill.height).toBeLessThanOrEqual(box.y + box.height + 1e-9);
    }
    for (const [index, fill] of fills.slice(1).entries()) {
      const previous = fills[index]!;
      expect(fill.y).toBeCloseTo(previous.y + previous.height, 9);
    }
    expect(fills.reduce((sum, fill) => sum + fill.height, 0)).toBeCloseTo(box.height, 9);
  });
});
