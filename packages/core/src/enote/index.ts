export * from "./parse-xml-safely.ts";
export * from "./seal-enote.ts";
export * from "./sign-smart-doc.ts";
export * from "./smart-doc-view.ts";
export * from "./validate-smart-doc.ts";
export * from "./verify-xml-signatures.ts";
