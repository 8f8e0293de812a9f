import { MESSAGES } from "@signet/contract";
import { useBlocker } from "@tanstack/react-router";
import { useCallback, useRef } from "react";
import { openConfirmDialog } from "./ConfirmDialog.tsx";

export const UNSAVED_CHANGES = {
  title: MESSAGES.unsavedChangesTitle,
  exit: MESSAGES.unsavedChangesExit,
  discard: MESSAGES.unsavedChangesDiscard,
} as const;

const guarding = (s: { dirty: boolean; leaving: boolean }) => s.dirty && !s.leaving;

/**
 * Spec §2: leaving a page with unsaved changes asks first (in-app navigation through the router's
 * blocker, reloads and tab closes through beforeunload). `confirmDiscard` is the cancel-edit variant;
 * call `allowLeave` before navigating away on purpose (after a save or a confirmed discard).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const state = useRef({ dirty, leaving: false });
  state.current.dirty = dirty;

  useBlocker({
    shouldBlockFn: async () => {
      if (!guarding(state.current)) return false;
      const exit = await openConfirmDialog({ title: UNSAVED_CHANGES.title, message: UNSAVED_CHANGES.exit });
      return !exit;
    },
    enableBeforeUnload: () => guarding(state.current),
  });

  const confirmDiscard = useCallback(async () => {
    if (!guarding(state.current)) return true;
    return openConfirmDialog({ title: UNSAVED_CHANGES.title, message: UNSAVED_CHANGES.discard });
  }, []);

  const allowLeave = useCallback(() => {
    state.current.leaving = true;
  }, []);

  return { confirmDiscard, allowLeave };
}
