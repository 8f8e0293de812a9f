export type { ReferenceEVaultOptions, RunningReferenceEVault } from "./start-reference-evault.ts";
export { DEFAULT_VAULT_NAME, startReferenceEVault } from "./start-reference-evault.ts";
