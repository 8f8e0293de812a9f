import * as pdfjs from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useState } from "react";

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

/** Opens a stored document (same-origin, the session cookie authenticates the download). */
export function openPdf(url: string): Promise<PdfDocument> {
  return pdfjs.getDocument({ url, withCredentials: true }).promise;
}

export async function pageSizes(pdf: PdfDocument): Promise<{ width: number; height: number }[]> {
  const sizes = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const viewport = (await pdf.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width: viewport.width, height: viewport.height });
  }
  return sizes;
}

// the thumbnails and the open page show the same file: it is downloaded and parsed once
const opened = new Map<string, Promise<OpenedPdf>>();

function load(url: string): Promise<OpenedPdf> {
  let pending = opened.get(url);
  if (!pending) {
    pending = openPdf(url).then(async (pdf) => ({ pdf, sizes: await pageSizes(pdf) }));
    pending.catch(() => opened.delete(url));
    opened.set(url, pending);
  }
  return pending;
}

/** The document at the URL once opened, or the failure. */
export function usePdf(url: string): { opened: OpenedPdf | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; opened: OpenedPdf | null; failed: boolean }>({
    url,
    opened: null,
    failed: false,
  });
  useEffect(() => {
    let cancelled = false;
    load(url).then(
      (result) => !cancelled && setState({ url, opened: result, failed: false }),
      () => !cancelled && setState({ url, opened: null, failed: true }),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);
  return state.url === url ? state : { opened: null, failed: false };
}

/**
 * Draws one page into the canvas at the scale (pixels per point), sharp on high-density screens.
 * The returned function cancels the drawing (a zoom change draws again into the same canvas).
 * `onDrawn` runs once the page is on the canvas.
 */
export function renderPage(
  pdf: PdfDocument,
  number: number,
  canvas: HTMLCanvasElement,
  scale: number,
  onDrawn: () => void = () => {},
): () => void {
  let task: { cancel(): void; promise: Promise<void> } | null = null;
  let cancelled = false;
  void pdf.getPage(number).then((page) => {
    if (cancelled) return;
    const density = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scale * density });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / density)}px`;
    canvas.style.height = `${Math.floor(viewport.height / density)}px`;
    task = page.render({ canvas, viewport });
    task.promise.then(onDrawn, () => undefined);
  });
  return () => {
    cancelled = true;
    task?.cancel();
  };
}
