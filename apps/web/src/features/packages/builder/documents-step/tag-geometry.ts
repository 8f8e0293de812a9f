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
