export * from "./key-fingerprint.ts";
export * from "./record-key-rotations.ts";
export * from "./reencrypt-field-values.ts";
