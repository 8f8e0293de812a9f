/**
 * Spec §1: shown inside a foreign frame, the application navigates the top window to itself.
 * Returns true when it did (the framed copy then renders nothing).
 */
export function bustFrame(): boolean {
  if (window.top === window.self) return false;
  try {
    window.top!.location.href = window.self.location.href;
  } catch {
    // A sandboxed frame may not navigate its top: render nothing there either.
  }
  return true;
}
