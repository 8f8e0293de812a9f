import { useBlocker } from "@tanstack/react-router";
import { useCallback, useRef } from "react";
import { openConfirmDialog } from "./ConfirmDialog.tsx";

export const UNSAVED_CHANGES = {
  title: "Unsaved changes",
  exit: "You have unsaved changes. Are you sure you want to exit?",
  discard: "You have unsaved changes. Are you sure you want to discard them?",
} as const;

/**
 * Spec §2: leaving a page with unsaved changes asks first (in-app navigation through the router's
 * blocker, reloads and tab closes through beforeunload). `confirmDiscard` is the cancel-edit variant;
 * call `allowLeave` before navigating away on purpose (after a save or a confirmed discard).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leaving = useRef(false);
  const active = () => dirtyRef.current && !leaving.current;

  useBlocker({
    shouldBlockFn: async () => {
      if (!active()) return false;
      const exit = await openConfirmDialog({ title: UNSAVED_CHANGES.title, message: UNSAVED_CHANGES.exit });
      return !exit;
    },
    enableBeforeUnload: active,
  });

  const confirmDiscard = useCallback(async () => {
    if (!active()) return true;
    return openConfirmDialog({ title: UNSAVED_CHANGES.title, message: UNSAVED_CHANGES.discard });
  }, []);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  return { confirmDiscard, allowLeave };
}
