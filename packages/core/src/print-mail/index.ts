export * from "./mailing-files.ts";
export * from "./mailings.ts";
export type { PrintVendorAdapter, PrintVendorConnection } from "./print-vendor-adapter.ts";
export { PrintVendorError } from "./print-vendor-adapter.ts";
export { PRINT_VENDOR_ADAPTERS, printVendorAdapterFor } from "./print-vendor-adapters.ts";
export { recordMilestones, recordVendorCallback } from "./record-milestone.ts";
export { printCallbackUrl } from "./run-mailing-submission-job.ts";
export { ensureDemoPrintSetup } from "./seed-demo-print-setup.ts";
