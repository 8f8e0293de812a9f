export interface OutgoingSms {
  idempotencyKey: string;
  organizationId: string | null;
  /** ten digits */
  to: string;
  text: string;
  /** for the record of notifications (else the idempotency key's prefix) */
  kind?: string;
  packageId?: string | null;
  participantId?: string | null;
}

/** An SMS provider behind one small interface (CONVENTIONS: pluggable infrastructure), chosen at start. */
export interface SmsSender {
  readonly transport: "webhook" | "outbox";
  send(sms: OutgoingSms): Promise<void>;
}
