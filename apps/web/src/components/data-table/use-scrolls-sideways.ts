import { useEffect, useState } from "react";

/**
 * Whether the element's content is wider than the element, kept up to date as either resizes: a
 * table frame that scrolls sideways must then be reachable by keyboard (axe:
 * scrollable-region-focusable), and only then, so a table that fits adds no tab stop.
 */
export function useScrollsSideways(frame: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!frame || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(frame.scrollWidth > frame.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    for (const child of Array.from(frame.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [frame]);
  return scrolls;
}
