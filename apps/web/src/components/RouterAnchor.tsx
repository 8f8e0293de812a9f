import { useRouter } from "@tanstack/react-router";
import type { MouseEvent } from "react";

/**
 * Click handler for anchors whose target is a plain string (menu items come from the contract's
 * buildMenu): a normal click navigates in the app; modified clicks keep the browser's behaviour.
 */
export function useHrefNavigate() {
  const router = useRouter();
  return (href: string, after?: () => void) => (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate({ href });
    after?.();
  };
}
