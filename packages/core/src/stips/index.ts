export * from "./stips.ts";
