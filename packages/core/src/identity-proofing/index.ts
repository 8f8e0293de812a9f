export * from "./adapters/reference-idproof-adapter.ts";
export * from "./av-proofing-gate.ts";
export * from "./package-proofing.ts";
export * from "./proofing-actions.ts";
export * from "./proofing-required.ts";
export * from "./provider-adapter.ts";
export * from "./provider-adapters.ts";
