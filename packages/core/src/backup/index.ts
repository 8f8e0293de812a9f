export * from "./backup-manifest.ts";
export * from "./blob-references.ts";
export * from "./check-storage.ts";
export * from "./create-backup.ts";
export * from "./restore-backup.ts";
