import { QueryClientContext } from "@tanstack/react-query";
import { type ReactNode, useSyncExternalStore } from "react";
import type { QueryClientSlot } from "./query-client-slot.ts";

/**
 * react-query's context, empty until the slot's client has loaded. Unlike QueryClientProvider (which
 * needs a client from its first render), the same element is rendered before and after, so nothing
 * under it remounts when the client arrives.
 */
export function QueryClientHost({ slot, children }: { slot: QueryClientSlot; children: ReactNode }) {
  const client = useSyncExternalStore(slot.subscribe, slot.current);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
