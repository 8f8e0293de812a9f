import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { sessionRoutes } from "@signet/contract";
import { IconClock } from "@tabler/icons-react";
import { useRouter, useRouterState } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { api } from "../api/client.ts";
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
export function SessionTimeout() {
  const services = useServices();
  const { session, activity, idle } = services;
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hasCookie = useSyncExternalStore(session.subscribe, session.hasCookie);
  const enabled = hasCookie && pathname !== "/sign-in";

  const [shown, setShown] = useState<Shown>({ kind: "active" });
  const warning = useRef(false);
  const ending = useRef(false);
  const keepAliveInFlight = useRef(false);

  const keepAlive = useCallback(async () => {
    if (keepAliveInFlight.current) return;
    keepAliveInFlight.current = true;
    try {
      await api(sessionRoutes.keepAlive);
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

  return (
    <Modal
      opened={enabled && shown.kind === "warning"}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      zIndex={1000}
      title="Session expiry"
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="center">
          <IconClock size={28} color="var(--mantine-color-orange-7)" />
          <Text>
            Your session will expire in{" "}
            <Text span fw={700} ff="monospace" role="timer">
              {shown.kind === "warning" ? shown.countdown : ""}
            </Text>
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void logOut()}>
            Log out
          </Button>
          <Button onClick={stayLoggedIn} data-autofocus>
            Stay logged in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
