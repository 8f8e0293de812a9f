export type { Person } from "./person-store.ts";
export type { ReferenceIdProofingOptions, RunningReferenceIdProofing } from "./start-reference-idproofing.ts";
export { demoIdentity, startReferenceIdProofing } from "./start-reference-idproofing.ts";
