export * from "./notarial-acts.ts";
export * from "./notarial-seal.ts";
export * from "./notary-journal.ts";
export * from "./notary-profiles.ts";
