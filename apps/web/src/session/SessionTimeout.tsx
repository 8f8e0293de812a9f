import { useRouter, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { api } from "../api/client.ts";
import { entryRoutes } from "../api/entry-routes.ts";
import { useServices } from "../app/services-context.tsx";
import { formatCountdown } from "./countdown.ts";
import { endSession } from "./end-session.ts";
import { idlePhase, keepAliveDue } from "./idle-policy.ts";

type Shown = { kind: "active" } | { kind: "warning"; countdown: string };

const TICK_MS = 250;
const ACTIVITY_EVENTS = ["click", "scroll", "keydown"] as const;

/**
 * Spec §4 Session: the idle timer and the Session expiry modal. Runs only while the payload cookie
 * is present and the page is not sign-in.
 */
// The warning dialog (Mantine's Modal with its focus trap and scroll area) is fetched once someone is
// signed in, not with the sign-in page; it is in memory before any warning is due.
const loadDialog = () => import("./SessionExpiryDialog.tsx");
const SessionExpiryDialog = lazy(() => loadDialog().then((module) => ({ default: module.SessionExpiryDialog })));

export function SessionTimeout() {
  const services = useServices();
  const { session, activity, idle } = services;
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hasCookie = useSyncExternalStore(session.subscribe, session.hasCookie);
  const enabled = hasCookie && pathname !== "/sign-in";

  const [shown, setShown] = useState<Shown>({ kind: "active" });
  useEffect(() => {
    if (enabled) void loadDialog();
  }, [enabled]);
  const warning = useRef(false);
  const ending = useRef(false);
  const keepAliveInFlight = useRef(false);

  const keepAlive = useCallback(async () => {
    if (keepAliveInFlight.current) return;
    keepAliveInFlight.current = true;
    try {
      await api(entryRoutes.keepAlive);
    } catch {
      // a 401 already sent the user to /unauthorized; anything else is retried after the next activity
    } finally {
      keepAliveInFlight.current = false;
    }
  }, []);

  const logOut = useCallback(async () => {
    if (ending.current) return;
    ending.current = true;
    const returnUrl = router.state.location.href;
    await endSession(services);
    setShown({ kind: "active" });
    await router.navigate({ to: "/sign-in", search: { returnUrl }, replace: true });
  }, [router, services]);

  // A session (re)starts its timer when the timer starts, not when an older one went idle.
  useEffect(() => {
    if (!enabled) return;
    ending.current = false;
    activity.restart();
  }, [enabled, activity]);

  useEffect(() => {
    if (!enabled) return;
    // While the warning shows, only 'Stay logged in' (or another tab's activity) continues the session.
    const onActivity = () => {
      if (!warning.current) activity.userActivity();
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
    };
  }, [enabled, activity]);

  useEffect(() => {
    if (!enabled) {
      warning.current = false;
      setShown({ kind: "active" });
      return;
    }
    const tick = () => {
      const now = Date.now();
      const phase = idlePhase(now, activity.lastActivityAt, idle);
      warning.current = phase.phase === "warning";
      if (phase.phase === "expired") {
        void logOut();
        return;
      }
      if (phase.phase === "warning") {
        const countdown = formatCountdown(phase.remainingMs);
        setShown((prev) =>
          prev.kind === "warning" && prev.countdown === countdown ? prev : { kind: "warning", countdown },
        );
        return;
      }
      setShown((prev) => (prev.kind === "active" ? prev : { kind: "active" }));
      if (keepAliveDue(now, activity.lastActivityAt, activity.lastServerContactAt, idle.keepAliveMs)) {
        void keepAlive();
      }
    };
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    const unsubscribe = activity.subscribe(tick);
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [enabled, activity, idle, keepAlive, logOut]);

  const stayLoggedIn = () => {
    activity.userActivity(true);
    void keepAlive();
  };

  if (!enabled || shown.kind !== "warning") return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryDialog countdown={shown.countdown} onLogOut={() => void logOut()} onStay={stayLoggedIn} />
    </Suspense>
  );
}
