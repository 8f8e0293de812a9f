// Every print service provider Signet can send print sets to, by the provider code a package and
// the organization's print settings carry (spec §3 printServiceProvider, default 'WK'). A vendor
// joins with one file under adapters/ and one line here.
import type { OutboundPolicy } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { outboundPolicy } from "../outbound/outbound-fetch.ts";
import { referencePrintVendorAdapter } from "./adapters/reference-print-vendor-adapter.ts";
import type { PrintVendorAdapter } from "./print-vendor-adapter.ts";

export const PRINT_VENDOR_ADAPTERS = {
  /** the spec's default provider, spoken through the reference protocol (apps/print-vendor) */
  WK: referencePrintVendorAdapter,
} satisfies Record<string, (options?: { timeoutMs?: number; policy?: OutboundPolicy }) => PrintVendorAdapter>;

/** The adapter for provider `code`, or null for a code no adapter has. */
export function printVendorAdapterFor(code: string, deps: Pick<CoreDeps, "config">): PrintVendorAdapter | null {
  if (!Object.hasOwn(PRINT_VENDOR_ADAPTERS, code)) return null;
  return PRINT_VENDOR_ADAPTERS[code as keyof typeof PRINT_VENDOR_ADAPTERS]({
    timeoutMs: deps.config.PRINT_VENDOR_TIMEOUT_SECONDS * 1000,
    policy: outboundPolicy(deps.config),
  });
}
