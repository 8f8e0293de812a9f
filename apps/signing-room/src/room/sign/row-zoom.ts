import type { SigningTag } from "@signet/contract";

type Box = Pick<SigningTag, "id" | "documentId" | "page" | "x" | "y" | "width" | "height">;

/**
 * Beyond this the page's canvas (drawn at the screen's pixel density, up to 3) would pass the
 * ~16 million pixels a phone's browser allows for one canvas, and the page would go blank.
 */
export const MAX_ZOOM = 2.5;
/** the row leaves this share of the screen's width free, so its ends are not under the screen's edges */
const FILL = 0.92;

/** The row a field sits on: from the left of it and the participant's fields beside it (at the same height) to their right, in points. */
export function fieldRow(tag: Box, tags: readonly Box[]): { left: number; right: number } {
  const top = tag.y;
  const bottom = tag.y + tag.height;
  let left = tag.x;
  let right = tag.x + tag.width;
  for (const other of tags) {
    if (other.documentId !== tag.documentId || other.page !== tag.page) continue;
    if (other.y >= bottom || other.y + other.height <= top) continue;
    left = Math.min(left, other.x);
    right = Math.max(right, other.x + other.width);
  }
  return { left, right };
}

/** How much to magnify a page so that a row fills the screen's width: between 1 (the whole page) and MAX_ZOOM. */
export function rowZoom(row: { left: number; right: number }, pageWidth: number): number {
  const width = Math.max(row.right - row.left, 1);
  return Math.min(MAX_ZOOM, Math.max(1, (pageWidth * FILL) / width));
}
