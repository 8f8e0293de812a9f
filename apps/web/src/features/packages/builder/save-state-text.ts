import type { SaveFailure } from "./builder-context.tsx";

/** The save state in words (issue 33 §4): never "saved" while a save is failing. */
export function saveStateText(state: { saving: boolean; failure: SaveFailure | null; dirty: boolean }): {
  text: string;
  color: string;
} {
  if (state.failure === "unreachable") return { text: "Not saved — retrying", color: "red" };
  if (state.saving) return { text: "Saving…", color: "blue" };
  if (state.failure === "refused") return { text: "Not saved", color: "red" };
  if (state.dirty) return { text: "Unsaved changes", color: "orange" };
  return { text: "All changes saved", color: "teal" };
}
