export * from "./adapters/reference-evault-adapter.ts";
export * from "./edeposit-actions.ts";
export * from "./edeposit-config.ts";
export * from "./edeposit-download.ts";
export * from "./evault-adapter.ts";
export * from "./evault-adapters.ts";
export * from "./evaults.ts";
export * from "./start-edeposit.ts";
