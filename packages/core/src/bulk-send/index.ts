export * from "./bulk-send-csv-template.ts";
export * from "./bulk-sends.ts";
export * from "./check-bulk-send.ts";
export * from "./run-bulk-send-job.ts";
export * from "./start-bulk-send.ts";
