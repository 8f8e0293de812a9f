// Every eVault Signet can deposit into, by the `adapter` name an eVault's settings carry
// (issue 15 §1). A vendor joins with one file under adapters/ and one line here.

import { type ReferenceEVaultAdapterOptions, referenceEVaultAdapter } from "./adapters/reference-evault-adapter.ts";
import type { EVaultAdapter } from "./evault-adapter.ts";

export type EVaultAdapterOptions = ReferenceEVaultAdapterOptions;

export const EVAULT_ADAPTERS = {
  /** Signet's reference eVault (apps/evault) */
  reference: referenceEVaultAdapter,
} satisfies Record<string, (options?: EVaultAdapterOptions) => EVaultAdapter>;

export type EVaultAdapterName = keyof typeof EVAULT_ADAPTERS;

export const isEVaultAdapterName = (name: string): name is EVaultAdapterName => Object.hasOwn(EVAULT_ADAPTERS, name);

/** The adapter named `name`; throws for a name no adapter has. */
export function evaultAdapter(name: string, options?: EVaultAdapterOptions): EVaultAdapter {
  if (!isEVaultAdapterName(name)) {
    throw new Error(
      `There is no eVault adapter named ${name}; the adapters are ${Object.keys(EVAULT_ADAPTERS).join(", ")}.`,
    );
  }
  return EVAULT_ADAPTERS[name](options);
}
