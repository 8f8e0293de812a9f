import type { ServerResponse } from "node:http";
import type { AccessTokens } from "./access-tokens.ts";
import type { FaultBook } from "./fault-book.ts";
import type { PersonStore } from "./person-store.ts";

export interface ProviderContext {
  store: PersonStore;
  tokens: AccessTokens;
  faults: FaultBook | null;
  /** responses a timeout fault holds open, destroyed on close */
  held: Set<ServerResponse>;
}
