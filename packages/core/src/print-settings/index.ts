export * from "./carriers.ts";
export {
  getPrintFulfillmentSettings,
  getPrintOptions,
  testPrintVendorConnection,
  updatePrintFulfillmentSettings,
} from "./print-settings.ts";
export * from "./print-setup.ts";
export {
  createReturnAddress,
  deleteReturnAddress,
  listReturnAddresses,
  updateReturnAddress,
} from "./return-addresses.ts";
export * from "./return-envelopes.ts";
export * from "./vendor-health.ts";
