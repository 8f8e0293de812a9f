export * from "./certificate-of-completion.ts";
export * from "./flatten-document.ts";
export * from "./inspect-seal.ts";
export * from "./long-term-validation.ts";
export * from "./seal-credentials.ts";
export * from "./seal-pdf.ts";
export { unicodeFontBytes } from "./unicode-font.ts";
