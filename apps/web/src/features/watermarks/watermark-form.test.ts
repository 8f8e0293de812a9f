import { describe, expect, it } from "vitest";
import {
  insertVariable,
  moveRule,
  NEW_WATERMARK,
  previewGeometry,
  type RuleRow,
  sameRules,
  watermarkProblems,
} from "./watermark-form.ts";

const row = (key: string): RuleRow => ({
  key,
  templateId: key,
  packageStatus: null,
  documentType: null,
  requesterType: null,
});

describe("watermark form", () => {
  it.each([
    [{}, {}],
    [{ name: " " }, { name: "Enter a name" }],
    [{ text: "COPY {docName}" }, { text: expect.stringContaining("Unknown variable {docName}.") }],
    [{ angle: 91 }, { angle: "Angle: -90 to 90" }],
    [{ opacity: 0 }, { opacity: "Opacity: 0.05 to 1" }],
    [{ fontSize: 200 }, { fontSize: "Size: 6 to 144" }],
    [{ color: "grey" }, { color: "Enter a colour like #808080" }],
  ])("%j → %j", (change, problems) => {
    expect(watermarkProblems({ ...NEW_WATERMARK, name: "Copy", ...change })).toEqual(problems);
  });

  it("moves a rule up and down, and leaves the ends alone", () => {
    const rows = [row("a"), row("b"), row("c")];
    expect(moveRule(rows, 1, -1).map((r) => r.key)).toEqual(["b", "a", "c"]);
    expect(moveRule(rows, 1, 1).map((r) => r.key)).toEqual(["a", "c", "b"]);
    expect(moveRule(rows, 0, -1)).toBe(rows);
    expect(moveRule(rows, 2, 1)).toBe(rows);
    // the keys are the table's own: only the rules count
    expect(
      sameRules(
        rows,
        rows.map((r) => ({ ...r, key: `${r.key}2` })),
      ),
    ).toBe(true);
    expect(sameRules(rows, [row("a"), row("b"), { ...row("c"), requesterType: "MEMBER" }])).toBe(false);
  });

  it("inserts a variable at the cursor", () => {
    expect(insertVariable("COPY  at", "requester", 5, 5)).toEqual({ text: "COPY {requester} at", cursor: 16 });
    expect(insertVariable("COPY", "time", null, null)).toEqual({ text: "COPY{time}", cursor: 10 });
  });

  it("turns the preview the PDF's way (counter-clockwise) and places it by the position", () => {
    const geometry = previewGeometry({ ...NEW_WATERMARK, angle: 30, position: "TOP_RIGHT", fontSize: 20 }, "COPY");
    expect(geometry).toEqual({
      x: 594,
      y: 18,
      fontSize: 20,
      textAnchor: "end",
      dominantBaseline: "hanging",
      transform: "rotate(-30 594 18)",
    });
  });

  it("shrinks text that would not fit", () => {
    const geometry = previewGeometry({ ...NEW_WATERMARK, angle: 0, fontSize: 144 }, "x".repeat(100));
    expect(geometry.fontSize).toBeCloseTo(576 / 50, 5);
  });
});
