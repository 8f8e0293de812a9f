import { witnessToLine } from "@signet/contract";
import type { TagFill } from "./flatten-document.ts";

/** share of a witness tag's height the signature image takes; the two text lines share the rest */
const IMAGE_SHARE = 0.56;

/**
 * Issue 34 §2b: how a witness tag is burnt into the page: the witness's signature on top, their
 * printed name beneath it and "Witness to <signer>" under that, all inside the tag's box, so the
 * attestation reads on paper without the certificate of completion.
 */
export function witnessTagFills(
  box: { page: number; x: number; y: number; width: number; height: number },
  input: { png: Uint8Array; printedName: string; signerName: string },
): TagFill[] {
  const imageHeight = box.height * IMAGE_SHARE;
  const lineHeight = (box.height - imageHeight) / 2;
  return [
    { kind: "image", ...box, height: imageHeight, png: input.png },
    { kind: "text", ...box, y: box.y + imageHeight, height: lineHeight, text: input.printedName },
    {
      kind: "text",
      ...box,
      y: box.y + imageHeight + lineHeight,
      height: lineHeight,
      text: witnessToLine(input.signerName),
    },
  ];
}
