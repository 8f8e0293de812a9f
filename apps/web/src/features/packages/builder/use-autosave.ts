import { useCallback, useEffect, useRef, useState } from "react";
import { useBuilder } from "./builder-context.tsx";

/** How long after the last edit a part of the builder saves itself. */
export const AUTOSAVE_DELAY_MS = 600;
/** After a save that could not reach the server: the first wait before sending it again, doubled up to the longest. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_LONGEST_MS = 30_000;

/**
 * Saves a part of the builder by itself (UX.md: saving happens by itself; issue 11 §2): `save` runs
 * AUTOSAVE_DELAY_MS after the last edit, one save at a time, and at once when the part unmounts
 * (Next, Back, leaving). `edits` changes with every edit, `changed` says whether anything differs
 * from what is saved. The same edits are never saved twice: a refused save waits for the next
 * edit, and a value the server normalises (a trimmed subject) does not save again and again.
 * A save that could not reach the server (or that it failed) is sent again, waiting longer each
 * time, while the header says the edits are not saved yet.
 * Until saved, the edits count as saving in the header's counter, not as unsaved changes.
 */
export function useAutosave(options: {
  key: string;
  changed: boolean;
  edits: string;
  /** answers whether the save succeeded */
  save: () => Promise<boolean>;
  disabled?: boolean;
}) {
  const { setPending, lastSaveFailure } = useBuilder();
  const latest = useRef(options);
  latest.current = options;
  const saving = useRef(false);
  const attempted = useRef<string | null>(null);
  const [settled, setSettled] = useState(0);
  const retries = useRef(0);
  const due = options.changed && !options.disabled && attempted.current !== options.edits;

  const run = useCallback(async () => {
    if (saving.current) return;
    const { edits, save } = latest.current;
    saving.current = true;
    attempted.current = edits;
    try {
      const saved = await save();
      if (!saved && lastSaveFailure() === "unreachable") {
        // the edits did not arrive: the same ones are due again, after a longer wait each time
        attempted.current = null;
        retries.current += 1;
      } else retries.current = 0;
    } finally {
      saving.current = false;
      setSettled((count) => count + 1);
    }
  }, [lastSaveFailure]);

  useEffect(() => setPending(options.key, due), [options.key, due, setPending]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every edit (and every settled save) restarts the wait
  useEffect(() => {
    if (!due || saving.current) return;
    const wait =
      retries.current === 0
        ? AUTOSAVE_DELAY_MS
        : Math.min(RETRY_LONGEST_MS, RETRY_FIRST_MS * 2 ** (retries.current - 1));
    const timer = setTimeout(() => void run(), wait);
    return () => clearTimeout(timer);
  }, [due, options.edits, settled, run]);

  // leaving the step saves what is waiting instead of dropping it
  useEffect(
    () => () => {
      const current = latest.current;
      setPending(current.key, false);
      const waiting = current.changed && !current.disabled && attempted.current !== current.edits;
      if (waiting && !saving.current) void current.save();
    },
    [setPending],
  );
}
