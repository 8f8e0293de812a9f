import type { KeyboardEvent } from "react";
import type { DraftTag } from "./draft-tag.ts";
import type { Box, PageSize } from "./tag-geometry.ts";
import { nudge } from "./tag-keys.ts";
import { zoomIn, zoomOut } from "./zoom.ts";

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** What the tag editor's keys act on and with. */
export interface EditorKeyContext {
  scale: number;
  onScale: (scale: number) => void;
  step: (direction: "undo" | "redo") => void;
  /** the event happened among the pages (not in the side panel) */
  inPages: boolean;
  /** the selected tag */
  tag: DraftTag | undefined;
  clipboard: DraftTag | null;
  setClipboard: (tag: DraftTag) => void;
  duplicate: (tag: DraftTag) => void;
  remove: (tag: DraftTag) => void;
  deselect: () => void;
  readOnly: boolean;
  sizes: readonly PageSize[];
  update: (key: string, patch: Box, merge: string) => void;
}

/**
 * The editor's keyboard: Ctrl+plus/minus zoom anywhere; outside a text field Ctrl+Z/Y undo and redo;
 * on a selected tag among the pages Ctrl+C/V/D copy, paste and duplicate, Delete removes, Escape
 * deselects, arrows move (Alt: resize).
 */
export function handleEditorKey(event: KeyboardEvent<HTMLElement>, context: EditorKeyContext) {
  const { scale, inPages, tag, clipboard, readOnly, sizes } = context;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && (key === "+" || key === "=")) {
    event.preventDefault();
    context.onScale(zoomIn(scale));
    return;
  }
  if (mod && key === "-") {
    event.preventDefault();
    context.onScale(zoomOut(scale));
    return;
  }
  if (isTyping(event.target)) return;
  if (mod && key === "z") {
    event.preventDefault();
    context.step(event.shiftKey ? "redo" : "undo");
    return;
  }
  if (mod && key === "y") {
    event.preventDefault();
    context.step("redo");
    return;
  }
  if (mod && key === "v" && clipboard && inPages) {
    event.preventDefault();
    context.duplicate(clipboard);
    return;
  }
  if (!tag || !inPages) return;
  if (mod && key === "d") {
    event.preventDefault();
    context.duplicate(tag);
  } else if (mod && key === "c") {
    context.setClipboard(tag);
  } else if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    context.remove(tag);
  } else if (event.key === "Escape") {
    event.preventDefault();
    context.deselect();
  } else if (!mod && !readOnly) {
    const size = sizes[tag.page - 1];
    const box = size ? nudge(tag, event, size) : null;
    if (!box) return;
    event.preventDefault();
    // held arrows make one undo step per tag and kind of change
    context.update(tag.key, box, `${event.altKey ? "resize" : "move"}:${tag.key}`);
  }
}
