export * from "./list-holidays.ts";
export * from "./organization-logo.ts";
export * from "./package-settings.ts";
export * from "./read-organization-settings.ts";
export * from "./session-upload-settings.ts";
export * from "./setting-metadata.ts";
