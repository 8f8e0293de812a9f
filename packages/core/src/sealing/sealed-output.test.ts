import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { encodePng } from "../testing/encode-png.ts";
import { type CertificateData, renderCertificateOfCompletion } from "./certificate-of-completion.ts";
import { flattenDocument, type TagFill } from "./flatten-document.ts";
import { createDevelopmentSealP12, loadSealCredentials } from "./seal-credentials.ts";
import { sealPdf } from "./seal-pdf.ts";

// Issue 10 §4: what a sealed file promises (every font embedded, the text as typed, a valid seal,
// and the PDF/A conformance the input declared) checked with poppler on every fixture we hold.

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const ENCRYPTED = "libreoffice-writer-password.pdf";
const PDFA_1B = "minimal-document-pdfa-1b.pdf";
const FIXTURE_NAMES = readdirSync(fileURLToPath(FIXTURES)).filter(
  (name) => name.endsWith(".pdf") && name !== ENCRYPTED,
);

const VALUES = ["Zażółć gęślą jaźń", "Işık Ğüneş", "王小明", "Loan agreement – Jane & John Doe"];

const credentials = loadSealCredentials(createDevelopmentSealP12("Signet Test Seal", "pw"), "pw");
const OPTIONS = { reason: "Signed electronically: Loan agreement", name: "Signet", location: "US" };

const scratch = mkdtempSync(join(tmpdir(), "signet-sealed-output-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function run(command: string, args: string[], pdf: Uint8Array): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync(command, [...args, file, ...(command === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`;
}

interface FontRow {
  name: string;
  embedded: boolean;
  subset: boolean;
}
function pdffonts(pdf: Uint8Array): FontRow[] {
  const lines = run("pdffonts", [], pdf).split("\n");
  const start = lines.findIndex((line) => line.startsWith("----"));
  expect(start, lines.join("\n")).toBeGreaterThan(0);
  return lines
    .slice(start + 1)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      // name type encoding emb sub uni object-number generation: the last five never hold spaces
      const tokens = line.trim().split(/\s+/);
      const [emb, sub] = tokens.slice(-5);
      return { name: tokens[0]!, embedded: emb === "yes", subset: sub === "yes" };
    });
}

const flat = (text: string) => text.replace(/\s+/g, " ");

/** An RGBA PNG of a dark-blue stroke with soft (semi-transparent) edges, like a drawn signature. */
function signaturePng(width = 60, height = 20): Uint8Array {
  return encodePng(
    width,
    height,
    (x, y) => {
      const distance = Math.abs(y - height / 2 - Math.sin(x / 6) * 4);
      return [20, 30, 120, distance < 2 ? 255 : distance < 4 ? 128 : 0];
    },
    { alpha: true },
  );
}

/**
 * Every value in the bottom margin of page 1 (A4; below every fixture's own text), two per row, so
 * pdftotext of that strip reads back only what we stamped.
 */
const STRIP = { top: 774, height: 64 };
function fills(): TagFill[] {
  const text: TagFill[] = VALUES.map((value, index) => ({
    kind: "text",
    page: 1,
    x: 40 + (index % 2) * 260,
    y: STRIP.top + 4 + Math.floor(index / 2) * 26,
    width: 250,
    height: 20,
    text: value,
  }));
  return [
    ...text,
    { kind: "image", page: 1, x: 420, y: 120, width: 120, height: 40, png: signaturePng() },
    { kind: "check", page: 1, x: 400, y: 130, width: 12, height: 12 },
  ];
}

async function stampAndSeal(input: Uint8Array) {
  const flattened = await flattenDocument(input, fills());
  return { flattened, sealed: await sealPdf(flattened, credentials, OPTIONS) };
}

describe("sealed documents", () => {
  it("covers every fixture but the encrypted one, a PDF/A-1B file among them", () => {
    expect(FIXTURE_NAMES).toEqual(expect.arrayContaining(["minimal-document.pdf", "libreoffice-form.pdf", PDFA_1B]));
    expect(FIXTURE_NAMES.length).toBeGreaterThanOrEqual(6);
  });

  it.each(FIXTURE_NAMES)(
    "%s: the stamped text reads back as typed, every font is embedded, the seal validates",
    async (name) => {
      const input = fixture(name);
      const { sealed } = await stampAndSeal(input);

      const stamped = run(
        "pdftotext",
        ["-f", "1", "-l", "1", "-x", "0", "-W", "700", "-y", String(STRIP.top), "-H", String(STRIP.height)],
        sealed,
      );
      for (const value of VALUES) expect(flat(stamped)).toContain(value);

      const fonts = pdffonts(sealed);
      expect(fonts.filter((font) => /^[A-Z]{6}\+WenQuanYiMicroHei$/.test(font.name))).toEqual([
        expect.objectContaining({ embedded: true, subset: true }),
      ]);
      // a font the input itself left out (LibreOffice lists one its form fields named) is not ours
      // to embed: we have no copy of it
      const missingBefore = new Set(
        pdffonts(input)
          .filter((font) => !font.embedded)
          .map((font) => font.name),
      );
      expect(fonts.filter((font) => !font.embedded && !missingBefore.has(font.name))).toEqual([]);

      const report = run("pdfsig", [], sealed);
      expect(report).toContain("Signature Validation: Signature is Valid.");
      expect(report).toContain("Total document signed");
    },
  );

  it("the certificate of completion prints every name as typed, in embedded fonts only, and seals", async () => {
    const data: CertificateData = {
      package: {
        id: "6f1c2c9e-3c57-4b4e-9d4e-0a4f3f1f2b11",
        shortId: "PKG-7K3Q",
        name: VALUES[3]!,
        organizationName: "Bankası Ğüneş A.Ş.",
        status: "COMPLETED",
        sentAt: "2026-11-20T09:00:00.000Z",
        completedAt: "2026-11-20T10:30:00.000Z",
        timeZone: "Europe/Warsaw",
      },
      documents: [
        {
          name: `${VALUES[0]} – umowa.pdf`,
          pages: 1,
          sha256Original: "a".repeat(64),
          sha256AtSend: "a".repeat(64),
          sha256Final: "b".repeat(64),
        },
      ],
      participants: VALUES.slice(0, 3).map((name, index) => ({
        displayName: `Signer ${index + 1}`,
        name,
        email: `signer${index}@example.com`,
        phone: null,
        type: "SIGNER",
        accessMethod: "EMAIL",
        authentication: ["Email link"],
        consent: null,
        status: "FINISHED",
        finishedAt: "2026-11-20T10:05:00.000Z",
        signaturePng: signaturePng(),
      })),
      events: VALUES.map((value, index) => ({
        sequence: index + 1,
        occurredAt: new Date(Date.UTC(2026, 10, 20, 9, 0, index)).toISOString(),
        sentence: `${value} signed Promissory note.`,
        ip: null,
        userAgent: null,
        details: `“${value}”`,
      })),
      chain: { valid: true, events: 4, lastHash: "c".repeat(64) },
      generatedAt: "2026-11-20T10:31:00.000Z",
    };
    const sealed = await sealPdf(await renderCertificateOfCompletion(data), credentials, OPTIONS);
    const text = flat(run("pdftotext", [], sealed));
    for (const value of [...VALUES, "Bankası Ğüneş A.Ş.", `${VALUES[0]} – umowa.pdf`, `“${VALUES[1]}”`]) {
      expect(text).toContain(value);
    }
    const fonts = pdffonts(sealed);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(run("pdfsig", [], sealed)).toContain("Signature Validation: Signature is Valid.");
  });
});

describe("a PDF/A-1B input", () => {
  const latin1 = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");
  const xmp = (pdf: Uint8Array) => run("pdfinfo", ["-meta"], pdf);
  const info = (pdf: Uint8Array) => {
    const lines = run("pdfinfo", ["-isodates"], pdf);
    const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "m").exec(lines)?.[1]?.trim();
    return { created: field("CreationDate"), modified: field("ModDate") };
  };
  const xmpDate = (metadata: string, name: string) =>
    new RegExp(`<xmp:${name}>([^<]+)</xmp:${name}>|xmp:${name}=["']([^"']+)["']`)
      .exec(metadata)
      ?.slice(1)
      .find(Boolean);

  it("is still PDF/A-1B after stamping and sealing", async () => {
    const input = fixture(PDFA_1B);
    expect(latin1(input).startsWith("%PDF-1.4")).toBe(true);
    const { flattened, sealed } = await stampAndSeal(input);

    for (const [step, pdf] of [
      ["stamped", flattened],
      ["sealed", sealed],
    ] as const) {
      const bytes = latin1(pdf);
      // PDF/A-1 is PDF 1.4: the header keeps its version, and 1.4 has no object or xref streams
      expect(bytes.slice(0, 8), step).toBe("%PDF-1.4");
      expect(bytes, step).not.toMatch(/\/ObjStm|\/XRefStm|\/Type\s*\/XRef\b/);
      expect(bytes, step).toMatch(/\nxref\n/);
      // no transparency: the signature image is laid on white instead of carrying a soft mask
      expect(bytes, step).not.toMatch(/\/SMask|\/S\s*\/Transparency/);
      // PDF/A-1 §6.3.5: a CIDFont subset lists its glyphs
      expect(bytes, step).toMatch(/\/CIDSet \d+ 0 R/);

      const metadata = xmp(pdf);
      expect(metadata, step).toMatch(/pdfaid:part=["']1["']|<pdfaid:part>1</);
      expect(metadata, step).toMatch(/pdfaid:conformance=["']B["']|<pdfaid:conformance>B</);
      const dates = info(pdf);
      expect(dates.created, step).toBeTruthy();
      expect(new Date(dates.created!).getTime(), step).toBe(new Date(xmpDate(metadata, "CreateDate")!).getTime());
      expect(new Date(dates.modified!).getTime(), step).toBe(new Date(xmpDate(metadata, "ModifyDate")!).getTime());
    }
    expect(pdffonts(sealed).every((font) => font.embedded)).toBe(true);
    // the image is there, opaque
    expect(latin1(sealed)).toMatch(/\/Subtype\s*\/Image/);
  });
});
