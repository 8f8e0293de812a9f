import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PdfDocument } from "./pdf.ts";

// The pages of one PDF, stacked. Each page is laid out at once from its known size (so the fields on
// it can be used straight away) and drawn with pdf.js when it comes near the screen.

const LETTER = { width: 612, height: 792 };

let pdfModule: Promise<typeof import("./pdf.ts")> | null = null;
const loadPdfModule = () => {
  pdfModule ??= import("./pdf.ts");
  return pdfModule;
};
const documents = new Map<string, Promise<PdfDocument>>();
function loadDocument(url: string): Promise<PdfDocument> {
  let pending = documents.get(url);
  if (!pending) {
    pending = loadPdfModule().then((module) => module.openPdf(url));
    pending.catch(() => documents.delete(url));
    documents.set(url, pending);
  }
  return pending;
}

/** True once the element came within `margin` of the viewport. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

/** The element's width in CSS pixels, kept current. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export type PdfStatus = "idle" | "loading" | "ready" | "failed";

export function PdfPages(props: {
  url: string;
  numPages: number;
  pageSizes: readonly { width: number; height: number }[];
  /** what lies over a page (the participant's fields), positioned in percent of the page */
  overlay?: (page: number) => ReactNode;
  onStatus?: (status: PdfStatus) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const near = useNearViewport(container, "800px");
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [status, setStatus] = useState<PdfStatus>("idle");
  const [measured, setMeasured] = useState<{ width: number; height: number }[] | null>(null);
  const known = props.pageSizes.length > 0;
  const onStatus = useRef(props.onStatus);
  onStatus.current = props.onStatus;

  useEffect(() => {
    if (!near) return;
    let active = true;
    setStatus("loading");
    loadDocument(props.url).then(
      async (opened) => {
        if (!active) return;
        if (!known) {
          const sizes = await (await loadPdfModule()).measurePages(opened).catch(() => null);
          if (!active) return;
          setMeasured(sizes);
        }
        setPdf(opened);
        setStatus("ready");
      },
      () => active && setStatus("failed"),
    );
    return () => {
      active = false;
    };
  }, [near, props.url, known]);

  useEffect(() => onStatus.current?.(status), [status]);

  const sizes = known ? props.pageSizes : (measured ?? []);
  const count = Math.max(props.numPages, sizes.length, 1);
  return (
    <div ref={container} className="pdf-pages" aria-busy={status === "loading"}>
      {Array.from({ length: count }, (_, index) => {
        const number = index + 1;
        return (
          <PdfPage
            key={number}
            pdf={pdf}
            number={number}
            size={sizes[index] ?? LETTER}
            label={t("sign.page", { page: number, count })}
          >
            {props.overlay?.(number)}
          </PdfPage>
        );
      })}
    </div>
  );
}

function PdfPage(props: {
  pdf: PdfDocument | null;
  number: number;
  size: { width: number; height: number };
  label: string;
  children?: ReactNode;
}) {
  const page = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(page, "400px");
  const width = useWidth(page);
  const [drawn, setDrawn] = useState(false);
  // redraw only when the width changes noticeably (not on every pixel of a resize)
  const bucket = Math.ceil(width / 64) * 64;

  useEffect(() => {
    const target = canvas.current;
    if (!props.pdf || !near || !target || bucket === 0) return;
    let handle: { cancel(): void } | null = null;
    let active = true;
    void loadPdfModule().then((module) => {
      if (!active || !props.pdf) return;
      const render = module.renderPage(props.pdf, props.number, target, bucket);
      handle = render;
      render.promise.then(
        () => active && setDrawn(true),
        () => {},
      );
    });
    return () => {
      active = false;
      handle?.cancel();
    };
  }, [props.pdf, props.number, near, bucket]);

  const scale = width > 0 ? width / props.size.width : 1;
  // a page groups the fields laid over it and says which page it is (a fieldset cannot keep a page's shape)
  return (
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div
      ref={page}
      className={drawn ? "pdf-page pdf-page--drawn" : "pdf-page"}
      role="group"
      aria-label={props.label}
      data-page={props.number}
      style={
        {
          aspectRatio: `${props.size.width} / ${props.size.height}`,
          "--pt": scale.toFixed(4),
        } as React.CSSProperties
      }
    >
      <canvas ref={canvas} className="pdf-page__canvas" />
      {props.children}
    </div>
  );
}
