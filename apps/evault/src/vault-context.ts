import type { ServerResponse } from "node:http";
import type { AccessTokens } from "./access-tokens.ts";
import type { FaultBook } from "./fault-book.ts";
import type { VaultStore } from "./vault-store.ts";

export interface VaultContext {
  store: VaultStore;
  tokens: AccessTokens;
  /** null when test controls are off */
  faults: FaultBook | null;
  vaultName: string;
  /** answers held open by a timeout fault, dropped when the vault closes */
  held: Set<ServerResponse>;
}
