import { type ReactNode, useEffect, useRef } from "react";
import { PAGE_DRAWN_MARK, type PdfDocument, renderPage, useNearView } from "./pdf-pages.ts";
import type { PageSize } from "./tag-geometry.ts";

/** One page of the PDF drawn at the zoom, with the tags placed on it as children. */
export function PdfPage(props: {
  pdf: PdfDocument;
  number: number;
  size: PageSize;
  scale: number;
  children: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // about a window's height ahead, so scrolling seldom meets a blank page
  const near = useNearView(canvas, "100% 0px");
  useEffect(() => {
    if (!canvas.current || !near) return;
    const number = props.number;
    return renderPage(props.pdf, number, canvas.current, props.scale, {
      onDrawn: () => performance.mark(PAGE_DRAWN_MARK, { detail: { page: number } }),
    });
  }, [props.pdf, props.number, props.scale, near]);
  return (
    <div
      data-testid={`page-${props.number}`}
      data-page={props.number}
      style={{
        position: "relative",
        flexShrink: 0,
        width: props.size.width * props.scale,
        height: props.size.height * props.scale,
        boxShadow: "0 1px 4px rgba(0,0,0,.25)",
        background: "white",
      }}
    >
      <canvas ref={canvas} aria-hidden style={{ position: "absolute", inset: 0 }} />
      {props.children}
    </div>
  );
}
