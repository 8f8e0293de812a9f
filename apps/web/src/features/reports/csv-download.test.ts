import { describe, expect, it } from "vitest";
import { countRecordEnds, fileNameOf } from "./csv-download.ts";

describe("CSV download helpers", () => {
  it("counts record ends in a chunk", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(countRecordEnds(encode("a,b\r\nc,d\r\n"))).toBe(2);
    expect(countRecordEnds(encode("no end yet"))).toBe(0);
    expect(countRecordEnds(encode("王小明\r\n"))).toBe(1);
  });

  it.each([
    ['attachment; filename="package-report-2026-11-23.csv"', "package-report-2026-11-23.csv"],
    ["attachment", "fallback.csv"],
    [null, "fallback.csv"],
  ])("reads the file name of %j", (header, name) => {
    expect(fileNameOf(header, "fallback.csv")).toBe(name);
  });
});
