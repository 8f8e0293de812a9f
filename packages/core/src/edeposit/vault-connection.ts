import type { CoreDeps } from "../core-deps.ts";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import type { EVaultAdapter, EVaultConnection } from "./evault-adapter.ts";
import { evaultAdapter } from "./evault-adapters.ts";

/** The vault's address and decrypted credentials, for one call; never logged or returned. */
export function vaultConnection(
  row: { url: string; clientId: string; clientSecretEncrypted: string },
  deps: Pick<CoreDeps, "fieldCipher">,
): EVaultConnection {
  return { url: row.url, clientId: row.clientId, clientSecret: deps.fieldCipher.decrypt(row.clientSecretEncrypted) };
}

export function vaultAdapterFor(name: string, deps: Pick<CoreDeps, "config">): EVaultAdapter {
  return evaultAdapter(name, {
    timeoutMs: deps.config.EVAULT_TIMEOUT_SECONDS * 1000,
    policy: outboundPolicy(deps.config),
  });
}
