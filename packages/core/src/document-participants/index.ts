export * from "./document-participants.ts";
