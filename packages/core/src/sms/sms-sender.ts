export interface OutgoingSms {
  idempotencyKey: string;
  organizationId: string | null;
  /** ten digits */
  to: string;
  text: string;
}

/** An SMS provider behind one small interface (CONVENTIONS: pluggable infrastructure), chosen at start. */
export interface SmsSender {
  readonly transport: "webhook" | "outbox";
  send(sms: OutgoingSms): Promise<void>;
}
