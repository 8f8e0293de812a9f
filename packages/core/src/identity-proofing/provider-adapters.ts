// Every identity-proofing provider Signet can speak to, by the IDPROOF_PROVIDER name. A vendor
// joins with one file under adapters/ and one line here.
import type { Config } from "../config/config.ts";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import {
  type ReferenceIdProofingAdapterOptions,
  referenceIdProofingAdapter,
} from "./adapters/reference-idproof-adapter.ts";
import type { IdentityProofingAdapter, IdentityProofingConnection } from "./provider-adapter.ts";

export const IDENTITY_PROOFING_ADAPTERS = {
  /** Signet's reference provider (apps/idproof) */
  reference: referenceIdProofingAdapter,
} satisfies Record<string, (options?: ReferenceIdProofingAdapterOptions) => IdentityProofingAdapter>;

export type IdentityProofingAdapterName = keyof typeof IDENTITY_PROOFING_ADAPTERS;

/** The adapter named `name`; throws for a name no adapter has. */
export function identityProofingAdapter(
  name: string,
  options?: ReferenceIdProofingAdapterOptions,
): IdentityProofingAdapter {
  if (!Object.hasOwn(IDENTITY_PROOFING_ADAPTERS, name)) {
    throw new Error(
      `There is no identity-proofing adapter named ${name}; the adapters are ${Object.keys(IDENTITY_PROOFING_ADAPTERS).join(", ")}.`,
    );
  }
  return IDENTITY_PROOFING_ADAPTERS[name as IdentityProofingAdapterName](options);
}

/** The configured provider, or null when IDPROOF_URL is unset (proofing then reports the service unreachable). */
export function configuredIdentityProofing(
  config: Config,
): { adapter: IdentityProofingAdapter; connection: IdentityProofingConnection; provider: string } | null {
  if (!config.IDPROOF_URL) return null;
  return {
    provider: config.IDPROOF_PROVIDER,
    adapter: identityProofingAdapter(config.IDPROOF_PROVIDER, {
      timeoutMs: config.IDPROOF_TIMEOUT_SECONDS * 1000,
      policy: outboundPolicy(config),
    }),
    connection: {
      url: config.IDPROOF_URL,
      clientId: config.IDPROOF_CLIENT_ID ?? "",
      clientSecret: config.IDPROOF_CLIENT_SECRET ?? "",
    },
  };
}
