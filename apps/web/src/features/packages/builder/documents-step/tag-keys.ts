import { LIMITS } from "@signet/contract";
import type { Box, PageSize } from "./tag-geometry.ts";

// Keyboard editing of the selected tag (issue 11 §3), in PDF points whatever the zoom: arrows move
// by 1 point (Shift: 10), Alt+arrows resize from the bottom-right corner (Alt+Shift: 10), never
// under the minimum tag size and never past the page's edge.

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
}

const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** The box after the key, or null when the key is not a move or resize. */
export function nudge(box: Box, press: KeyPress, page: PageSize): Box | null {
  const arrow = ARROWS[press.key];
  if (!arrow) return null;
  const step = press.shiftKey ? 10 : 1;
  const min = LIMITS.minTagSize;
  if (press.altKey) {
    const width = Math.min(page.width - box.x, Math.max(min, box.width + arrow.dx * step));
    const height = Math.min(page.height - box.y, Math.max(min, box.height + arrow.dy * step));
    return { ...box, width, height };
  }
  return {
    ...box,
    x: Math.min(Math.max(0, box.x + arrow.dx * step), page.width - box.width),
    y: Math.min(Math.max(0, box.y + arrow.dy * step), page.height - box.height),
  };
}

/** Where a copy of a tag goes: a little below and right, or above and left when that leaves the page. */
export function duplicateBox(box: Box, page: PageSize): Box {
  const offset = 12;
  const x = box.x + offset + box.width <= page.width ? box.x + offset : Math.max(0, box.x - offset);
  const y = box.y + offset + box.height <= page.height ? box.y + offset : Math.max(0, box.y - offset);
  return { ...box, x, y };
}
