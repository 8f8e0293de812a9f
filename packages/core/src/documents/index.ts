export * from "./change-documents.ts";
export * from "./document-views.ts";
export * from "./pdf-intake.ts";
export * from "./read-documents.ts";
export * from "./remove-active-content.ts";
export * from "./upload-document.ts";
