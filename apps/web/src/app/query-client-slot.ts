import type { QueryClient } from "@tanstack/react-query";

/**
 * The query client, loaded when first needed rather than with the entry: the sign-in page queries
 * nothing, and react-query's core was ~8 KB gzip of its first download (issue 17). The root route's
 * beforeLoad loads it for every route but sign-in, so route code and pages find it there.
 */
export interface QueryClientSlot {
  /** The client once loaded. */
  current(): QueryClient | undefined;
  /** Loads the client (once) and answers it. */
  load(): Promise<QueryClient>;
  subscribe(listener: () => void): () => void;
}

export function createQueryClientSlot(): QueryClientSlot {
  let client: QueryClient | undefined;
  let loading: Promise<QueryClient> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => client,
    load() {
      loading ??= import("./query-client.ts").then(({ createQueryClient }) => {
        client = createQueryClient();
        for (const listener of listeners) listener();
        return client;
      });
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's slot (the client holds no configuration, so one per page). */
export const queryClientSlot = createQueryClientSlot();
