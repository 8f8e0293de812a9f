import { DEFAULT_TAG_SIZE, type TagType } from "@signet/contract";
import { type Box, dropBox, type PageSize } from "./tag-geometry.ts";

// Issue 33 §3: nearly every signature line of a loan document wants the signer's signature, their
// initials and the date signed. A signing block places the three as ordinary tags in one drag, laid
// out as on a paper signature line: the signature, the initials beside it, the date below it.

/** Points between the block's tags. */
const GAP = 6;

const signature = DEFAULT_TAG_SIZE.SIGNATURE;
const initials = DEFAULT_TAG_SIZE.INITIALS;
const date = DEFAULT_TAG_SIZE.DATE_SIGNED;
const BLOCK: PageSize = {
  width: signature.width + GAP + initials.width,
  height: signature.height + GAP + date.height,
};

/** The tags of a block dropped at a pointer (pixels within the page): centred on it, kept inside the page. */
export function signingBlockTags(
  pointer: { x: number; y: number },
  scale: number,
  page: PageSize,
): { type: TagType; box: Box }[] {
  const { x, y } = dropBox(pointer, BLOCK, scale, page);
  return [
    { type: "SIGNATURE", box: { x, y, ...signature } },
    { type: "INITIALS", box: { x: x + signature.width + GAP, y: y + signature.height - initials.height, ...initials } },
    { type: "DATE_SIGNED", box: { x, y: y + signature.height + GAP, ...date } },
  ];
}
