import { LIMITS } from "@signet/contract";

// Tags are stored in PDF points from the page's top-left corner; the editor draws pages at a scale
// (pixels per point). These conversions keep a tag inside its page and at least 9×9 points.

export interface PageSize {
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function toPixels(box: Box, scale: number): Box {
  return { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale };
}

/** A box drawn in pixels as points, at least the minimum size and inside the page. */
export function toPoints(box: Box, scale: number, page: PageSize): Box {
  const width = Math.min(page.width, Math.max(LIMITS.minTagSize, box.width / scale));
  const height = Math.min(page.height, Math.max(LIMITS.minTagSize, box.height / scale));
  return {
    x: round(Math.min(Math.max(0, box.x / scale), page.width - width)),
    y: round(Math.min(Math.max(0, box.y / scale), page.height - height)),
    width: round(width),
    height: round(height),
  };
}

/** Where a dropped tag lands: centred on the pointer (pixels within the page), clamped inside the page. */
export function dropBox(pointer: { x: number; y: number }, size: PageSize, scale: number, page: PageSize): Box {
  return toPoints(
    {
      x: pointer.x - (size.width * scale) / 2,
      y: pointer.y - (size.height * scale) / 2,
      width: size.width * scale,
      height: size.height * scale,
    },
    scale,
    page,
  );
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The page under a pointer (screen pixels) and the pointer within it, or null when the pointer is
 * over no page (a drop there is refused with a message, never placed somewhere else).
 */
export function pageUnderPointer(
  pointer: { x: number; y: number },
  pages: readonly { number: number; rect: Rect }[],
): { page: number; at: { x: number; y: number } } | null {
  for (const { number, rect } of pages) {
    const x = pointer.x - rect.left;
    const y = pointer.y - rect.top;
    if (x >= 0 && y >= 0 && x <= rect.width && y <= rect.height) return { page: number, at: { x, y } };
  }
  return null;
}

/**
 * Where a tag added without dragging goes: the centre of the part of the page in view (pixels
 * within the page), so that it appears where the sender is looking; null when the page is not in view.
 */
export function visibleCentre(page: Rect, view: Rect): { x: number; y: number } | null {
  const left = Math.max(page.left, view.left);
  const right = Math.min(page.left + page.width, view.left + view.width);
  const top = Math.max(page.top, view.top);
  const bottom = Math.min(page.top + page.height, view.top + view.height);
  if (right <= left || bottom <= top) return null;
  return { x: (left + right) / 2 - page.left, y: (top + bottom) / 2 - page.top };
}
