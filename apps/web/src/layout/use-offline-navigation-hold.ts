import { useNetwork } from "@mantine/hooks";
import { useBlocker, useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";

/**
 * While the browser is offline, a page asked for is held rather than opened: opening it would fail
 * to download its code, and the router answers that by reloading the whole document (the browser's
 * own offline page, the app gone). It opens when the connection is back; the offline banner says so.
 */
export function useOfflineNavigationHold() {
  const router = useRouter();
  const { online } = useNetwork();
  const held = useRef<string | null>(null);
  useBlocker({
    shouldBlockFn: ({ next }) => {
      if (navigator.onLine) return false;
      held.current = `${next.pathname}${router.options.stringifySearch(next.search as Record<string, unknown>)}`;
      return true;
    },
    enableBeforeUnload: false,
  });
  useEffect(() => {
    if (!online || !held.current) return;
    const href = held.current;
    held.current = null;
    void router.navigate({ href });
  }, [online, router]);
}
