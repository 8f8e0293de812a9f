import * as pdfjs from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = pdfjs.PDFDocumentProxy;

/** Opens a stored document (same-origin, the session cookie authenticates the download). */
export function openPdf(url: string): Promise<PdfDocument> {
  return pdfjs.getDocument({ url, withCredentials: true }).promise;
}

/** The displayed size of every page in points (rotation applied), as tags are placed. */
export async function pageSizes(pdf: PdfDocument): Promise<{ width: number; height: number }[]> {
  const sizes = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const viewport = (await pdf.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width: viewport.width, height: viewport.height });
  }
  return sizes;
}

/** Draws one page into the canvas at the scale (pixels per point), sharp on high-density screens. */
export async function renderPage(pdf: PdfDocument, number: number, canvas: HTMLCanvasElement, scale: number) {
  const page = await pdf.getPage(number);
  const density = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * density });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / density)}px`;
  canvas.style.height = `${Math.floor(viewport.height / density)}px`;
  await page.render({ canvas, viewport }).promise;
}
