export * from "./blob-storage.ts";
export * from "./create-blob-storage.ts";
export * from "./filesystem-storage.ts";
export * from "./s3-storage.ts";
