import type { ServerResponse } from "node:http";
import type { AccessTokens, FaultBook } from "@signet/reference-service";
import type { PersonStore } from "./person-store.ts";
import type { FaultMode, FaultStep } from "./protocol.ts";

export interface ProviderContext {
  store: PersonStore;
  tokens: AccessTokens;
  faults: FaultBook<FaultStep, FaultMode> | null;
  /** responses a timeout fault holds open, destroyed on close */
  held: Set<ServerResponse>;
}
