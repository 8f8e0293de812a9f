// The seam between Signet and a print and mail service provider (issue 16 §4). The submission job
// and the callback route speak only this interface; each provider is one file under adapters/,
// chosen by the package's printServiceProvider code (print-vendor-adapters.ts).
import type { LegDirection, MilestoneCode, PostalAddress } from "@signet/contract";

export interface PrintVendorConnection {
  url: string;
  clientId: string;
  clientSecret: string;
}

export interface PrintJobSubmission {
  /** the same key for every try of one mailing, so a lost answer never prints a set twice */
  idempotencyKey: string;
  /** Signet's mailing id, echoed in every milestone */
  reference: string;
  pdf: Uint8Array;
  sha256: string;
  recipient: PostalAddress;
  returnAddress: PostalAddress | null;
  businessReturnEnvelope: { permitNumber: string; imb: string | null; address: PostalAddress } | null;
  outboundCarrier: { code: string; service: string };
  returnCarrier: { code: string; service: string } | null;
  callbackUrl: string;
}

export interface VendorMilestone {
  eventId: string;
  leg: LegDirection;
  code: MilestoneCode;
  occurredAt: string;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  detail: string | null;
}

export interface PrintJobState {
  jobId: string;
  pageCount: number;
  milestones: VendorMilestone[];
}

/** Why a vendor call failed; `kind` tells a refusal (fix data or settings) from a transient fault. */
export class PrintVendorError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "auth" | "refused" | "server",
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "PrintVendorError";
  }
}

export interface PrintVendorAdapter {
  submit(connection: PrintVendorConnection, job: PrintJobSubmission): Promise<PrintJobState>;
  getJob(connection: PrintVendorConnection, jobId: string): Promise<PrintJobState>;
  /**
   * Whether a callback's body is what the vendor signed with this connection's secret (constant
   * time); `headers` are lower-case. Replay protection by age is the adapter's too.
   */
  verifyCallback(
    connection: PrintVendorConnection,
    headers: Record<string, string | undefined>,
    rawBody: string,
    now?: Date,
  ): boolean;
}
