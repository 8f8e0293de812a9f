import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import {
  DEFAULT_CONSENT_SHA256,
  DEFAULT_CONSENT_VERSION,
  DEFAULT_REVIEW_CONSENT_SHA256,
  DEFAULT_REVIEW_CONSENT_VERSION,
} from "./default-consent.ts";
import { type ConsentDocumentInput, renderConsentDocument } from "./render-consent-document.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), "signet-consent-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
function run(command: string, pdf: Uint8Array, ...args: string[]): string {
  const file = join(scratch, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const result = spawnSync(command, [...args, file, ...(command === "pdftotext" ? ["-"] : [])], { encoding: "utf8" });
  return `${result.stdout}${result.stderr}`;
}
/** the emb column of every font pdffonts lists */
const embedded = (pdf: Uint8Array) =>
  run("pdffonts", pdf)
    .split("\n")
    .slice(2)
    .filter((line) => line.trim() !== "")
    .map((line) => line.trim().split(/\s+/).slice(-5)[0]);

const input: ConsentDocumentInput = {
  language: "en",
  organizationName: "Bankası Ğüneş A.Ş.",
  packageName: "Loan agreement – Jane & John Doe",
  code: "K7Q2ZP",
  version: DEFAULT_CONSENT_VERSION,
  sha256: DEFAULT_CONSENT_SHA256,
  updatedOn: "2026-11-29",
  customPdf: null,
};

describe("renderConsentDocument", () => {
  it("prints the package and organization names as typed, in an embedded font", async () => {
    const pdf = await renderConsentDocument(input);
    const text = run("pdftotext", pdf).replace(/\s+/g, " ");
    expect(text).toContain("Bankası Ğüneş A.Ş. — Loan agreement – Jane & John Doe");
    expect(text).toContain("Consent to electronic records and signatures");
    expect(text).toMatch(/confirmation code: K7Q2ZP/i);
    // plain words on the page; the version and its hash in the document's properties
    expect(text).toContain("Last updated November 29, 2026");
    expect(text).not.toContain(DEFAULT_CONSENT_VERSION);
    expect((await PDFDocument.load(pdf)).getSubject()).toBe(
      `Version ${DEFAULT_CONSENT_VERSION} · SHA-256 ${DEFAULT_CONSENT_SHA256}`,
    );
    const fonts = embedded(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((emb) => emb === "yes")).toBe(true);
  });

  it("writes the Spanish disclosure with its accents", async () => {
    const text = run("pdftotext", await renderConsentDocument({ ...input, language: "es" })).replace(/\s+/g, " ");
    expect(text).toContain("Consentimiento para registros y firmas electrónicos");
    expect(text).toContain("Su código de confirmación: K7Q2ZP");
    expect(text).toContain("Última actualización: 29 de noviembre de 2026");
  });

  it("writes the disclosure in Chinese, Vietnamese, Korean and Tagalog, wrapped inside the page", async () => {
    const expected = {
      "zh-Hant": ["電子記錄和電子簽名同意書", "您的確認代碼：K7Q2ZP", "撤回同意"],
      vi: ["Đồng ý sử dụng hồ sơ và chữ ký điện tử", "Mã xác nhận của quý vị: K7Q2ZP", "Rút lại sự đồng ý"],
      ko: ["전자 기록 및 전자 서명 사용 동의", "확인 코드: K7Q2ZP", "동의 철회"],
      tl: ["Pahintulot sa mga elektronikong rekord at lagda", "Ang inyong confirmation code: K7Q2ZP"],
    } as const;
    for (const [language, phrases] of Object.entries(expected)) {
      const pdf = await renderConsentDocument({ ...input, language: language as keyof typeof expected });
      const raw = run("pdftotext", pdf);
      // Chinese lines break between characters: compare with the line breaks taken out
      const text = raw.replace(/\s+/g, " ");
      const joined = raw.replace(/\s+/g, "");
      for (const phrase of phrases) expect(language === "zh-Hant" ? joined : text, language).toContain(phrase);
      expect(
        embedded(pdf).every((emb) => emb === "yes"),
        language,
      ).toBe(true);
      // no line runs off the page: every line pdftotext finds is inside the page's width
      const bbox = run("pdftotext", pdf, "-bbox");
      const rights = [...bbox.matchAll(/xMax="([\d.]+)"/g)].map((match) => Number(match[1]));
      expect(rights.length, language).toBeGreaterThan(10);
      expect(Math.max(...rights), language).toBeLessThanOrEqual(612 - 50);
    }
  });

  it("words the disclosure for receiving and reviewing when the participant only reviews", async () => {
    for (const language of ["en", "es"] as const) {
      const pdf = await renderConsentDocument({
        ...input,
        language,
        reviewOnly: true,
        version: DEFAULT_REVIEW_CONSENT_VERSION,
        sha256: DEFAULT_REVIEW_CONSENT_SHA256,
      });
      // the organization's name is not ours to judge; everything else must not ask for a signature
      const text = run("pdftotext", pdf).replace(/\s+/g, " ").replace(input.organizationName, "");
      // "confirmation" holds "firm": match whole-word stems only
      expect(text, language).not.toMatch(/\b(sign|firm)/i);
      expect(text).toMatch(language === "en" ? /receive and review/ : /recibir y revisar/);
    }
    expect(DEFAULT_REVIEW_CONSENT_SHA256).not.toBe(DEFAULT_CONSENT_SHA256);
  });

  it("prints no code when the organization does not ask for one", async () => {
    const text = run("pdftotext", await renderConsentDocument({ ...input, code: null })).replace(/\s+/g, " ");
    expect(text).toContain("Before you sign electronically");
    expect(text).not.toMatch(/confirmation code|type this code/i);
  });

  it("adds the code page after an organization's own consent PDF", async () => {
    const custom = new Uint8Array(readFileSync(new URL("pdflatex-4-pages.pdf", FIXTURES)));
    const pdf = await renderConsentDocument({ ...input, customPdf: custom });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(5);
    const last = run("pdftotext", pdf, "-f", "5", "-l", "5").replace(/\s+/g, " ");
    expect(last).toContain("Loan agreement – Jane & John Doe");
    expect(last).not.toContain("Before you sign electronically");
    expect(embedded(pdf).every((emb) => emb === "yes")).toBe(true);
  });
});
