import { useDebouncedValue } from "@mantine/hooks";
import { UI } from "@signet/contract";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

interface HeaderVisibility {
  hidden: boolean;
  requestHide(): () => void;
}

const HeaderVisibilityContext = createContext<HeaderVisibility>({ hidden: false, requestHide: () => () => {} });

export function HeaderVisibilityProvider({ children }: { children: ReactNode }) {
  const [requests, setRequests] = useState(0);
  const requestHide = useCallback(() => {
    setRequests((n) => n + 1);
    return () => setRequests((n) => n - 1);
  }, []);
  const value = useMemo(() => ({ hidden: requests > 0, requestHide }), [requests, requestHide]);
  return <HeaderVisibilityContext value={value}>{children}</HeaderVisibilityContext>;
}

/** A page asks to hide the header while it is shown. */
export function useHideHeader(hide = true): void {
  const { requestHide } = useContext(HeaderVisibilityContext);
  useEffect(() => (hide ? requestHide() : undefined), [hide, requestHide]);
}

/** Whether a page asked to hide the header, debounced (spec §9: 100 ms) so page changes do not flicker. */
export function usePageHidesHeader(): boolean {
  const { hidden } = useContext(HeaderVisibilityContext);
  const [debounced] = useDebouncedValue(hidden, UI.headerHideDebounceMs);
  return debounced;
}
