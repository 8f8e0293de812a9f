import { describe, expect, it } from "vitest";
import { formatBytes, formatList } from "./format.ts";

describe("format", () => {
  it("formats sizes", () => {
    expect(formatBytes(512, "en")).toBe("512 bytes");
    expect(formatBytes(1536, "en")).toBe("1.5 kB");
    expect(formatBytes(20 * 1024 * 1024, "en")).toBe("20 MB");
  });

  it("joins names", () => {
    expect(formatList(["Ann", "Bob"], "en")).toBe("Ann and Bob");
    expect(formatList(["Ana", "Beto"], "es")).toBe("Ana y Beto");
  });
});
