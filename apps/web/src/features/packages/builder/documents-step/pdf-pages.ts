import * as pdfjs from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { type RefObject, useEffect, useState } from "react";

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = pdfjs.PDFDocumentProxy;

/**
 * Marked on the performance timeline each time a page of the open document is drawn, its number in
 * the detail: bench/scenarios/builder-first-page.ts times the first one from the navigation.
 */
export const PAGE_DRAWN_MARK = "signet:builder-page-drawn";

export interface OpenedPdf {
  pdf: PdfDocument;
  /** every page's displayed size in points (rotation applied), as tags are placed */
  sizes: { width: number; height: number }[];
}

// Started when the builder's code loads rather than when its first document is opened: the worker
// then compiles its script while the package and its documents are still being fetched, and pdf.js
// starts the download only once its worker answers. Every document opened shares it.
const worker = typeof Worker === "undefined" ? undefined : new pdfjs.PDFWorker();

/** Opens a stored document (same-origin, the session cookie authenticates the download). */
export function openPdf(url: string): Promise<PdfDocument> {
  return pdfjs.getDocument({ url, withCredentials: true, worker }).promise;
}

export function pageSizes(pdf: PdfDocument): Promise<{ width: number; height: number }[]> {
  // asked all at once: the worker answers them in one go rather than one round trip per page
  return Promise.all(
    Array.from({ length: pdf.numPages }, async (_, index) => {
      const viewport = (await pdf.getPage(index + 1)).getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    }),
  );
}

/**
 * A document as soon as its first page is known (every page given the first one's size, as pdf.js's
 * own viewer lays out its placeholders), then with every page's own size: asking all fifty pages
 * first kept the first page's drawing waiting behind them in the worker.
 */
interface Loading {
  first: Promise<OpenedPdf>;
  exact: Promise<OpenedPdf>;
}

// the thumbnails and the open page show the same file: it is downloaded and parsed once
const opened = new Map<string, Loading>();

function load(url: string): Loading {
  let pending = opened.get(url);
  if (!pending) {
    const first = openPdf(url).then(async (pdf) => {
      const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
      return { pdf, sizes: Array.from({ length: pdf.numPages }, () => ({ width, height })) };
    });
    const exact = first.then(async ({ pdf, sizes }) => {
      if (pdf.numPages === 1) return { pdf, sizes };
      await firstPageDrawn();
      return { pdf, sizes: await pageSizes(pdf) };
    });
    pending = { first, exact };
    exact.catch(() => opened.delete(url));
    opened.set(url, pending);
  }
  return pending;
}

/** The document at the URL once opened (its page sizes exact a moment later), or the failure. */
export function usePdf(url: string): { opened: OpenedPdf | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; opened: OpenedPdf | null; failed: boolean }>({
    url,
    opened: null,
    failed: false,
  });
  useEffect(() => {
    let cancelled = false;
    let exactShown = false;
    const { first, exact } = load(url);
    const fail = () => !cancelled && setState({ url, opened: null, failed: true });
    first.then((result) => !cancelled && !exactShown && setState({ url, opened: result, failed: false }), fail);
    exact.then((result) => {
      exactShown = true;
      if (!cancelled) setState({ url, opened: result, failed: false });
    }, fail);
    return () => {
      cancelled = true;
    };
  }, [url]);
  return state.url === url ? state : { opened: null, failed: false };
}

/** Which drawings go first: the open document's pages before the thumbnails. */
export type DrawPriority = "page" | "thumbnail";

interface Drawing {
  priority: DrawPriority;
  draw(): Promise<void>;
  cancelled: boolean;
}

// Pages are drawn one at a time, the open document's first, as pdf.js's own viewer queues them:
// fifty pages and their thumbnails drawn at once shared the main thread and the worker, and the
// first page showed only when nearly all of them had been drawn.
const waiting: Drawing[] = [];
let drawing = false;
let pageDrawnWaiters: (() => void)[] = [];

/** Once a page of an open document has been drawn (or a second has passed): the rest can wait until then. */
function firstPageDrawn(): Promise<void> {
  return new Promise((resolve) => {
    pageDrawnWaiters.push(resolve);
    setTimeout(resolve, 1000);
  });
}

async function drawInTurn(): Promise<void> {
  if (drawing) return;
  drawing = true;
  while (waiting.length > 0) {
    const next = Math.max(
      waiting.findIndex((candidate) => candidate.priority === "page"),
      0,
    );
    const [turn] = waiting.splice(next, 1);
    if (turn && !turn.cancelled) await turn.draw().catch(() => undefined);
    if (turn?.priority === "page") {
      const woken = pageDrawnWaiters;
      pageDrawnWaiters = [];
      for (const wake of woken) wake();
    }
  }
  drawing = false;
}

/**
 * Draws one page into the canvas at the scale (pixels per point), sharp on high-density screens,
 * when its turn comes. The returned function cancels the drawing (a zoom change draws again into
 * the same canvas). `onDrawn` runs once the page is on the canvas.
 */
export function renderPage(
  pdf: PdfDocument,
  number: number,
  canvas: HTMLCanvasElement,
  scale: number,
  options: { priority?: DrawPriority; onDrawn?: () => void } = {},
): () => void {
  let task: { cancel(): void; promise: Promise<void> } | null = null;
  const turn: Drawing = {
    priority: options.priority ?? "page",
    cancelled: false,
    async draw() {
      const page = await pdf.getPage(number);
      if (turn.cancelled) return;
      const density = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * density });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / density)}px`;
      canvas.style.height = `${Math.floor(viewport.height / density)}px`;
      task = page.render({ canvas, viewport });
      await task.promise;
      options.onDrawn?.();
    },
  };
  waiting.push(turn);
  void drawInTurn();
  return () => {
    turn.cancelled = true;
    task?.cancel();
  };
}

/**
 * Whether the element has come within `margin` of its scrolling container's view (and stays
 * true once it has): pages and thumbnails far down a long document are drawn when scrolled to.
 */
export function useNearView(element: RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      {
        root: scrollingParent(node),
        rootMargin: margin,
      },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}

/** The nearest ancestor that scrolls vertically: the margin is taken around its view, not the window's. */
function scrollingParent(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}
