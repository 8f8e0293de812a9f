import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { listenLocally } from "./static-server.ts";

// the web app's own copy: the viewer and the builder run the same pdf.js
const PDFJS = fileURLToPath(new URL("../../apps/web/node_modules/pdfjs-dist/", import.meta.url));

/** Where the page writes the time (ms from the navigation) of the viewer's first `pagerendered`. */
export const FIRST_PAGE_DRAWN = "firstPageDrawnAt";
/** The page's function that opens the document, and where it writes when it was called. */
export const OPEN_DOCUMENT = "openDocument";
export const OPENED_AT = "documentOpenedAt";
/** Set once the viewer is made and its worker started, ready to open a document. */
export const VIEWER_READY = "viewerReady";

// pdf.js's own viewer component as its examples set it up (examples/components/simpleviewer), the
// page width fitted as the builder's first page fills its column; pdf_viewer.mjs reads pdfjsLib from
// globalThis, hence the import after it is set. The viewer is made and its worker started when the
// page loads (the builder starts its worker when its code loads); the document opens when asked,
// as the builder's opens when its documents step is entered
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pdf.js viewer</title>
<link rel="stylesheet" href="/pdfjs/web/pdf_viewer.css">
<style>#viewerContainer { position: absolute; inset: 0; overflow: auto; }</style>
</head>
<body>
<div id="viewerContainer"><div id="viewer" class="pdfViewer"></div></div>
<script type="module">
import * as pdfjsLib from "/pdfjs/build/pdf.min.mjs";
globalThis.pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = "/pdfjs/build/pdf.worker.min.mjs";
const { EventBus, PDFLinkService, PDFViewer } = await import("/pdfjs/web/pdf_viewer.mjs");
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const viewer = new PDFViewer({ container: document.getElementById("viewerContainer"), eventBus, linkService });
linkService.setViewer(viewer);
eventBus.on("pagesinit", () => { viewer.currentScaleValue = "page-width"; });
eventBus.on("pagerendered", () => { window.${FIRST_PAGE_DRAWN} ??= performance.now(); });
const worker = new pdfjsLib.PDFWorker();
await worker.promise;
window.${OPEN_DOCUMENT} = async () => {
  window.${OPENED_AT} = performance.now();
  const pdf = await pdfjsLib.getDocument({ url: "/document.pdf", worker }).promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf, null);
};
window.${VIEWER_READY} = true;
</script>
</body>
</html>
`;

const TYPES: Record<string, string> = {
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
};

/**
 * The builder-first-page baseline: a static page with pdf.js's PDFViewer opening `pdfPath`. Served
 * as the API serves the web app: pdf.js's files cached for good (the app's hashed assets are), the
 * page revalidated, the PDF never cached (the API's document download is private, no-store).
 */
export async function servePdfjsViewer(pdfPath: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    try {
      if (path === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }).end(PAGE);
      } else if (path === "/document.pdf") {
        const body = await readFile(pdfPath);
        response.writeHead(200, { "content-type": "application/pdf", "cache-control": "private, no-store" }).end(body);
      } else if (path.startsWith("/pdfjs/")) {
        const file = join(PDFJS, normalize(path.slice("/pdfjs/".length)).replace(/^(\.\.[/\\])+/, ""));
        const body = await readFile(file);
        response
          .writeHead(200, {
            "content-type": TYPES[extname(file)] ?? "application/octet-stream",
            "cache-control": "public, max-age=31536000, immutable",
          })
          .end(body);
      } else {
        response.writeHead(404).end();
      }
    } catch {
      response.writeHead(404).end();
    }
  });
  return listenLocally(server);
}
