import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DOCUMENT_API_MESSAGES } from "@signet/contract";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import {
  ACTIVE_CONTENT_SAMPLES,
  activeContentPdf,
  activeContentTraces,
  buildDynamicXfa,
  HARMLESS_SAMPLES,
  pageContents,
} from "../testing/active-content-pdfs.ts";
import { findActiveContent, removeActiveContent } from "./remove-active-content.ts";

const FIXTURES = new URL("../../../../fixtures/pdfs/", import.meta.url);
const fixture = (file: string) => new Uint8Array(readFileSync(new URL(file, FIXTURES)));
const load = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });
const scratch = mkdtempSync(join(tmpdir(), "signet-active-content-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** What poppler reads from the file: fails on a file a viewer could not open. */
function pdftotext(bytes: Uint8Array): string {
  const file = join(scratch, "file.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("removeActiveContent", () => {
  it.each(ACTIVE_CONTENT_SAMPLES.map((sample) => [sample.label, sample] as const))(
    "removes %s, keeping the pages",
    async (_label, sample) => {
      const input = await activeContentPdf((document) => sample.build(document));
      expect(sample.located(await load(input))).toBeDefined();
      expect(await findActiveContent(input)).toEqual(sample.removed);

      const { bytes, removed } = await removeActiveContent(input);
      expect(removed).toEqual(sample.removed);
      const reloaded = await load(bytes);
      expect(sample.located(reloaded)).toBeUndefined();
      expect(reloaded.getPageCount()).toBe(2);
      expect(await pageContents(bytes)).toEqual(await pageContents(input));
      expect(await findActiveContent(bytes)).toEqual([]);
      // nothing of it is left in the file either, not even unreferenced
      expect(await activeContentTraces(bytes)).toEqual([]);
    },
  );

  it.each(HARMLESS_SAMPLES.map((sample) => [sample.label, sample] as const))(
    "keeps %s and the file as it was",
    async (_label, sample) => {
      const input = await activeContentPdf((document) => sample.build(document));
      const result = await removeActiveContent(input);
      expect(result).toEqual({ bytes: input, removed: [] });
      expect(result.bytes).toBe(input);
      expect(sample.located(await load(result.bytes))).toBeDefined();
    },
  );

  it("keeps the harmless first action of a chain and unlinks only the risky ones", async () => {
    const sample = ACTIVE_CONTENT_SAMPLES.find((candidate) => candidate.label.includes("/Next"))!;
    const { bytes } = await removeActiveContent(await activeContentPdf((document) => sample.build(document)));
    const link = String((await load(bytes)).getPage(0).node.Annots()?.lookup(0));
    expect(link).toContain("/S /URI");
    expect(link).toContain("https://example.com/");
  });

  it("follows a /Next chain that loops back on itself", async () => {
    const input = await activeContentPdf((document) => {
      const { context } = document;
      const first = context.obj({ S: "URI", URI: context.obj("x") });
      const firstRef = context.register(first);
      const second = context.register(context.obj({ S: "JavaScript", Next: firstRef }));
      first.set(context.obj("Next") as never, second);
      const link = context.register(context.obj({ Type: "Annot", Subtype: "Link", Rect: [0, 0, 10, 10], A: firstRef }));
      document.getPage(0).node.addAnnot(link);
    });
    const { bytes, removed } = await removeActiveContent(input);
    expect(removed).toEqual(["JavaScript"]);
    expect(await activeContentTraces(bytes)).toEqual([]);
  });

  it("reports every kind found in one file, in a stable order", async () => {
    const kinds = ["a JavaScript OpenAction", "additional actions on the last page", "a link running a Launch action"];
    const input = await activeContentPdf((document) => {
      for (const sample of ACTIVE_CONTENT_SAMPLES.filter((candidate) => kinds.includes(candidate.label)))
        sample.build(document);
      ACTIVE_CONTENT_SAMPLES.find((candidate) => candidate.removed[0] === "JavaScript")!.build(document);
    });
    const { removed } = await removeActiveContent(input);
    expect(removed).toEqual(["OpenAction", "AA", "JavaScript", "Launch"]);
  });

  it("refuses a dynamic XFA form, whose pages only its scripts draw", async () => {
    const input = await activeContentPdf(buildDynamicXfa);
    await expect(removeActiveContent(input)).rejects.toMatchObject({
      status: 415,
      message: DOCUMENT_API_MESSAGES.dynamicXfaForm,
    });
  });

  it("refuses an encrypted PDF, which it cannot look into", async () => {
    await expect(removeActiveContent(fixture("libreoffice-writer-password.pdf"))).rejects.toMatchObject({
      status: 415,
      message: DOCUMENT_API_MESSAGES.passwordProtected,
    });
  });

  it("refuses bytes that are not a PDF", async () => {
    await expect(removeActiveContent(new TextEncoder().encode("%PDF-1.7\nnot really"))).rejects.toMatchObject({
      status: 415,
    });
  });

  it.each(["pdflatex-4-pages.pdf", "libreoffice-form.pdf", "google-doc-document.pdf"])(
    "removes active content added to the real-world %s, keeping its pages for viewers",
    async (file) => {
      const document = await load(fixture(file));
      for (const sample of ACTIVE_CONTENT_SAMPLES.filter((candidate) =>
        ["a JavaScript OpenAction", "additional actions on the last page", "a link running a Launch action"].includes(
          candidate.label,
        ),
      ))
        sample.build(document);
      const input = await document.save();
      const { bytes, removed } = await removeActiveContent(input);
      expect(removed).toEqual(["OpenAction", "AA", "Launch"]);
      expect(await activeContentTraces(bytes)).toEqual([]);
      expect(await pageContents(bytes)).toEqual(await pageContents(input));
      expect(pdftotext(bytes)).toBe(pdftotext(fixture(file)));
    },
  );

  it.each(readdirSync(FIXTURES).filter((file) => file.endsWith(".pdf") && !file.includes("password")))(
    "leaves the real-world fixture %s byte for byte",
    async (file) => {
      const input = fixture(file);
      const result = await removeActiveContent(input);
      expect(result.removed).toEqual([]);
      expect(result.bytes).toBe(input);
    },
  );
});
