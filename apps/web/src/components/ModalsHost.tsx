import { lazy, Suspense, useEffect, useState } from "react";

// Mantine's modals manager (and with it Modal, its focus trap and scroll area) mounts the first time a
// dialog is opened through it, not with every page: the sign-in page never needs it. The manager is
// reached through its static API (`modals.open`), which needs no provider around the app.

const ModalsManager = lazy(() => import("./ModalsManager.tsx"));

let requestHost: (() => void) | null = null;
let hostMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** Resolves once the modals manager listens, mounting it first if needed. */
export function modalsReady(): Promise<void> {
  requestHost?.();
  return mounted;
}

/** Renders the modals manager once `modalsReady` asked for it. */
export function ModalsHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestHost = () => setWanted(true);
    return () => {
      requestHost = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsManager onMounted={hostMounted} />
    </Suspense>
  );
}
