import type { PublicConfig } from "@signet/contract";
import { QueryClient } from "@tanstack/react-query";
import { configureApiClient } from "../api/client.ts";
import { type ActivityMessage, ActivityTracker } from "../session/activity-tracker.ts";
import { type IdleSettings, idleSettings } from "../session/idle-policy.ts";
import { createSessionStore, type SessionStore } from "../session/session-store.ts";

/** What the whole app shares: created once at start, after the public config has loaded. */
export interface AppServices {
  config: PublicConfig;
  session: SessionStore;
  activity: ActivityTracker;
  idle: IdleSettings;
  queryClient: QueryClient;
}

const ACTIVITY_CHANNEL = "signet-activity";

export function createServices(config: PublicConfig): AppServices {
  const session = createSessionStore(config);
  const idle = idleSettings(config.idleTimeoutSeconds, config.countdownSeconds);
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(ACTIVITY_CHANNEL);
  const activity = new ActivityTracker(() => Date.now(), idle.throttleMs, channel);
  if (channel) channel.onmessage = (event: MessageEvent<ActivityMessage>) => activity.receive(event.data);

  const queryClient = new QueryClient({
    defaultOptions: {
      // Errors are shown or acted on (error pages) at once; a retry would only hide them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

  configureApiClient({
    csrfToken: () => session.csrfToken(),
    onRequest: () => activity.serverContact(),
    onResponse: () => session.refresh(),
    onSignInPage: () => window.location.pathname === "/sign-in",
  });

  return { config, session, activity, idle, queryClient };
}
