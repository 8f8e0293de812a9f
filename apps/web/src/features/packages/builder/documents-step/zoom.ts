// Zoom of the tag editor's pages, in pixels per PDF point. Tags keep their geometry in points
// (tag-geometry.ts), so zooming never moves a tag on the page.

export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 2;

/** The next step up from the current zoom (which may sit between steps after fit width). */
export function zoomIn(scale: number): number {
  return ZOOM_STEPS.find((step) => step > scale + 0.001) ?? MAX_ZOOM;
}

export function zoomOut(scale: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.001) ?? MIN_ZOOM;
}

/** The zoom at which the widest page fills the available width, within the zoom range. */
export function fitWidth(available: number, widestPage: number): number {
  if (widestPage <= 0 || available <= 0) return 1;
  const scale = Math.floor((available / widestPage) * 100) / 100;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** The zoom as people read it: "125%". */
export const zoomLabel = (scale: number) => `${Math.round(scale * 100)}%`;
