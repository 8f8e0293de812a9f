export * from "./document-from-template.ts";
export * from "./document-templates.ts";
export * from "./package-from-template.ts";
export * from "./package-templates.ts";
export * from "./publish-document-template.ts";
export * from "./read-blueprint.ts";
export * from "./write-blueprint.ts";
