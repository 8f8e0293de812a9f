import { useSyncExternalStore } from "react";

// The width below which the signing bar moves to the bottom and fields are filled in a sheet; the
// same breakpoint as the phone rules in styles/room.css.
const NARROW = "(max-width: 720px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a phone-sized screen, kept current when the window is resized or the phone turned. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
