import type { PublicConfig } from "@signet/contract";
import type { QueryClient } from "@tanstack/react-query";
import { configureApiClient } from "../api/client.ts";
import { type ActivityMessage, ActivityTracker } from "../session/activity-tracker.ts";
import { type IdleSettings, idleSettings } from "../session/idle-policy.ts";
import { createSessionStore, type SessionStore } from "../session/session-store.ts";
import { queryClientSlot } from "./query-client-slot.ts";

/** What the whole app shares: created once at start, after the public config has loaded. */
export interface AppServices {
  config: PublicConfig;
  session: SessionStore;
  activity: ActivityTracker;
  idle: IdleSettings;
  /** Loaded by the root route's beforeLoad for every route but sign-in (query-client-slot.ts). */
  readonly queryClient: QueryClient;
}

const ACTIVITY_CHANNEL = "signet-activity";

export function createServices(config: PublicConfig): AppServices {
  const session = createSessionStore(config);
  const idle = idleSettings(config.idleTimeoutSeconds, config.countdownSeconds);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(ACTIVITY_CHANNEL);
  const activity = new ActivityTracker(() => Date.now(), idle.throttleMs, channel);
  if (channel) channel.onmessage = (event: MessageEvent<ActivityMessage>) => activity.receive(event.data);

  configureApiClient({
    csrfToken: () => session.csrfToken(),
    onRequest: () => activity.serverContact(),
    onResponse: () => session.refresh(),
    onSignInPage: () => window.location.pathname === "/sign-in",
  });

  return {
    config,
    session,
    activity,
    idle,
    get queryClient() {
      const client = queryClientSlot.current();
      if (!client) throw new Error("The query client is not loaded yet (the sign-in route does not load it).");
      return client;
    },
  };
}
