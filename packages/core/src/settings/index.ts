export * from "./package-settings.ts";
