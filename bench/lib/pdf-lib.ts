import { createRequire } from "node:module";
import type * as PdfLibModule from "../../packages/core/node_modules/pdf-lib/cjs/index.js";

// pdf-lib is a dependency of @signet/core, not of the bench (no install here): the bench loads
// core's copy, the very one the product draws and saves with, and takes its types from there.
const fromBench = createRequire(import.meta.url);
export const pdfLib = createRequire(fromBench.resolve("@signet/core"))("pdf-lib") as typeof PdfLibModule;
