export * from "./apply-watermark.ts";
export * from "./issue-document-copy.ts";
export * from "./preview-watermark.ts";
export * from "./system-default-watermark.ts";
export * from "./watermark-rules.ts";
export * from "./watermark-templates.ts";
