import * as pdfjs from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

// pdf.js, loaded only when a document is shown (import("./pdf.ts")): its worker is a separate file.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = pdfjs.PDFDocumentProxy;

/** Opens a document of the signing origin (the session cookie authenticates the download). */
export function openPdf(url: string): Promise<PdfDocument> {
  return pdfjs.getDocument({ url, withCredentials: true }).promise;
}

/** The displayed size of every page in points (rotation applied), for documents whose sizes are not known. */
export async function measurePages(pdf: PdfDocument): Promise<{ width: number; height: number }[]> {
  const sizes = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const viewport = (await pdf.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width: viewport.width, height: viewport.height });
  }
  return sizes;
}

export interface RenderHandle {
  promise: Promise<void>;
  cancel(): void;
}

/** Draws one page into the canvas at `cssWidth` CSS pixels wide, sharp on high-density screens. */
export function renderPage(
  pdf: PdfDocument,
  number: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): RenderHandle {
  let task: ReturnType<pdfjs.PDFPageProxy["render"]> | null = null;
  let cancelled = false;
  const promise = (async () => {
    const page = await pdf.getPage(number);
    if (cancelled) return;
    const natural = page.getViewport({ scale: 1 });
    const density = Math.min(window.devicePixelRatio || 1, 3);
    const viewport = page.getViewport({ scale: (cssWidth / natural.width) * density });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    task = page.render({ canvas, viewport });
    try {
      await task.promise;
    } catch (error) {
      if (!cancelled) throw error;
    }
  })();
  return {
    promise,
    cancel() {
      cancelled = true;
      task?.cancel();
    },
  };
}
