import type { ServerResponse } from "node:http";
import type { AccessTokens, FaultBook } from "@signet/reference-service";
import type { FaultMode, FaultStep } from "./protocol.ts";
import type { VaultStore } from "./vault-store.ts";

export interface VaultContext {
  store: VaultStore;
  tokens: AccessTokens;
  /** null when test controls are off */
  faults: FaultBook<FaultStep, FaultMode> | null;
  vaultName: string;
  /** answers held open by a timeout fault, dropped when the vault closes */
  held: Set<ServerResponse>;
}
