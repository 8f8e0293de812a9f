/**
 * Undo and redo for the tag editor: every edit records the tags as they were before it. Edits that
 * carry the same `merge` key one after another (the keystrokes of one label) make one step, so Undo
 * takes back the whole label instead of one letter. Saving never clears it: the restored tags save
 * like any other edit.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** the merge key of the last recorded edit */
  lastMerge: string | null;
}

/** How many steps back the editor remembers. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastMerge: null };
}

export function record<T>(history: History<T>, next: T, merge: string | null = null): History<T> {
  if (next === history.present) return history;
  if (merge !== null && merge === history.lastMerge) {
    return { ...history, present: next, future: [] };
  }
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    lastMerge: merge,
  };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastMerge: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastMerge: null };
}

/** Replaces the present without an undo step (the ids a save assigned, a reload after a conflict). */
export function replacePresent<T>(history: History<T>, present: T, forget = false): History<T> {
  return forget ? startHistory(present) : { ...history, present };
}
