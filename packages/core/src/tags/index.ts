export * from "./conditional-rules.ts";
export * from "./execution-types.ts";
export * from "./read-tags.ts";
export * from "./signature-tag-problems.ts";
export * from "./tag-removal.ts";
export * from "./tag-views.ts";
export * from "./write-tags.ts";
