import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { applyWatermark } from "./apply-watermark.ts";

// The watermark read back with poppler's pdftotext, which only reads text inside the page (-raw:
// in drawing order, so turned text comes out whole).
function pageText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), "signet-watermark-")), "copy.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
}

async function page(width: number, height: number) {
  const document = await PDFDocument.create();
  document.addPage([width, height]);
  return document.save();
}

const style = { position: "CENTER", angle: 0, opacity: 0.3, fontSize: 144, color: "#cc0000" } as const;

describe("applyWatermark", () => {
  it("shrinks text too long for the page instead of running off it", async () => {
    const long = "COPY of a long document name that cannot fit";
    expect(pageText(await applyWatermark(await page(200, 200), style, long))).toContain(long.replace(/ /g, ""));
  });

  it.each(["CENTER", "TOP", "BOTTOM", "TOP_LEFT", "TOP_RIGHT", "BOTTOM_LEFT", "BOTTOM_RIGHT"] as const)(
    "keeps the text on the page at %s, also turned 45°",
    async (position) => {
      for (const angle of [0, 45, -90]) {
        const copy = await applyWatermark(await page(612, 792), { ...style, position, angle, fontSize: 48 }, "COPY 12");
        expect(pageText(copy), `${position} ${angle}`).toContain("COPY12");
      }
    },
  );

  it("puts the text where the position says (pdftotext -bbox)", async () => {
    const copy = await applyWatermark(await page(612, 792), { ...style, position: "TOP_LEFT", fontSize: 20 }, "MARK");
    const file = join(mkdtempSync(join(tmpdir(), "signet-watermark-")), "copy.pdf");
    writeFileSync(file, copy);
    const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>MARK</.exec(html);
    expect(word).not.toBeNull();
    // top left, inside the 18 pt margin (pdftotext's y grows downwards)
    expect(Number(word![1])).toBeGreaterThanOrEqual(17);
    expect(Number(word![1])).toBeLessThan(40);
    expect(Number(word![2])).toBeLessThan(40);
  });

  it("changes the bytes even for an empty text (the copy is never the original)", async () => {
    const original = await page(300, 300);
    const copy = await applyWatermark(original, style, "   ");
    expect(Buffer.from(copy).equals(Buffer.from(original))).toBe(false);
  });

  it("refuses an encrypted PDF, even one locked only by an owner password, instead of drawing on it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "signet-watermark-"));
    writeFileSync(join(dir, "plain.pdf"), await page(300, 300));
    for (const [bits, extra] of [
      ["128", ["--use-aes=n"]],
      ["256", []],
    ] as const) {
      const target = join(dir, `owner-${bits}.pdf`);
      execFileSync("qpdf", [
        "--allow-weak-crypto",
        "--encrypt",
        "",
        "owner",
        bits,
        ...extra,
        "--",
        join(dir, "plain.pdf"),
        target,
      ]);
      await expect(applyWatermark(new Uint8Array(readFileSync(target)), style, "COPY")).rejects.toThrow();
    }
  });
});
