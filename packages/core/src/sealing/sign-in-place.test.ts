import { createHash } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { signInPlace } from "./sign-in-place.ts";

async function withPlaceholder(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage().drawText("placeholder");
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: "test",
    name: "test",
    location: "",
    contactInfo: "",
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 1024,
  });
  return document.save({ useObjectStreams: false });
}

const CMS = Buffer.from("3082010a02820101", "hex");

describe("signInPlace", () => {
  it("writes what signpdf writes, and hands the signer the digest of what signpdf hands it", async () => {
    const prepared = await withPlaceholder();
    let signedBySignpdf: Buffer | undefined;
    const signer = new (class extends Signer {
      override async sign(pdf: Buffer): Promise<Buffer> {
        signedBySignpdf = Buffer.from(pdf);
        return CMS;
      }
    })();
    const expected = await new SignPdf().sign(Buffer.from(prepared), signer);

    let digest: Buffer | undefined;
    const actual = await signInPlace(new Uint8Array(prepared), 0, async (value) => {
      digest = value;
      return CMS;
    });
    expect(Buffer.from(actual).equals(expected)).toBe(true);
    expect(digest?.equals(createHash("sha256").update(signedBySignpdf!).digest())).toBe(true);
  });

  it("looks for the placeholder only from where it is told", async () => {
    const prepared = await withPlaceholder();
    await expect(signInPlace(prepared, prepared.length - 10, async () => CMS)).rejects.toThrow(/ByteRange/);
  });

  it("refuses a signature larger than the placeholder", async () => {
    await expect(signInPlace(await withPlaceholder(), 0, async () => Buffer.alloc(2048))).rejects.toThrow(
      /exceeds placeholder length/,
    );
  });
});
