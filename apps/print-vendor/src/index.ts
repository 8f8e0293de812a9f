export { signCallback } from "./callback-signature.ts";
export type { ReferencePrintVendorOptions, RunningReferencePrintVendor } from "./start-reference-print-vendor.ts";
export { startReferencePrintVendor } from "./start-reference-print-vendor.ts";
