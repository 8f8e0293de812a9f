export * from "./custom-field-definitions.ts";
export * from "./custom-field-values.ts";
export * from "./custom-field-views.ts";
