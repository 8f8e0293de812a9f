// The reference print vendor's wire protocol (README.md), one zod schema per body and answer, named
// in this app's own registry so its OpenAPI component names never collide with Signet's.
import { z } from "zod";

export const PROTOCOL_VERSION = "1";

export const LEGS = ["OUTBOUND", "RETURN"] as const;
export type Leg = (typeof LEGS)[number];
export const MILESTONES = ["READY", "PRINTING", "MAILED", "DELIVERED", "RETURNED_TO_SENDER", "FAILED"] as const;
export type Milestone = (typeof MILESTONES)[number];

/** The requests a test can make misbehave (README "Test controls"). */
export const FAULT_STEPS = ["token", "submit", "status", "callback", "delivery"] as const;
export type FaultStep = (typeof FAULT_STEPS)[number];
/** return-to-sender and print-failure only apply to `delivery`: what happens to the next job accepted. */
export const FAULT_MODES = [
  "fail",
  "timeout",
  "slow",
  "fail-after-commit",
  "garbage",
  "return-to-sender",
  "print-failure",
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const protocolRegistry = z.registry<{ id: string }>();
const named = <T extends z.ZodType>(id: string, schema: T): T => {
  protocolRegistry.add(schema, { id });
  return schema;
};

export const errorBody = named(
  "Error",
  z.object({ error: z.string().describe("a stable code"), message: z.string().describe("what went wrong") }),
);

export const tokenAnswer = named(
  "AccessToken",
  z.object({ access_token: z.string(), token_type: z.literal("Bearer"), expires_in: z.number().int() }),
);
export const tokenForm = z.object({ grant_type: z.string().describe("client_credentials") });

export const address = named(
  "Address",
  z.object({
    name: z.string().min(1).max(200),
    company: z.string().max(200).nullable().optional(),
    line1: z.string().min(1).max(200),
    line2: z.string().max(200).nullable().optional(),
    city: z.string().min(1).max(100),
    state: z.string().min(1).max(20),
    postalCode: z.string().min(1).max(20),
    country: z.string().max(2).default("US"),
  }),
);

const carrier = z.object({ code: z.string().min(1).max(20), service: z.string().min(1).max(100) });

export const printJobRequest = named(
  "PrintJobRequest",
  z.object({
    reference: z.string().min(1).max(200).describe("the sender's own id for the mailing (echoed in callbacks)"),
    document: z.object({
      contentType: z.literal("application/pdf"),
      base64: z.string().min(1).describe("the print set, printed duplex-off in page order"),
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .describe("hex SHA-256 of the decoded bytes"),
    }),
    recipient: address.describe("printed in the window of a #10 double-window envelope"),
    returnAddress: address.nullable().describe("the outbound envelope's return address"),
    businessReturnEnvelope: z
      .object({ permitNumber: z.string().max(50), imb: z.string().max(40).nullable(), address })
      .nullable()
      .describe("enclosed so the recipient mails the signed papers back"),
    outboundCarrier: carrier,
    returnCarrier: carrier.nullable(),
    callbackUrl: z.url().describe("where each milestone is posted (signed with the client secret)"),
  }),
);
export type PrintJobRequest = z.infer<typeof printJobRequest>;

export const milestoneEvent = named(
  "MilestoneEvent",
  z.object({
    eventId: z.string(),
    jobId: z.string(),
    reference: z.string(),
    leg: z.enum(LEGS),
    code: z.enum(MILESTONES),
    occurredAt: z.string(),
    carrier: z.string().nullable(),
    service: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    detail: z.string().nullable(),
  }),
);
export type MilestoneEvent = z.infer<typeof milestoneEvent>;

export const printJob = named(
  "PrintJob",
  z.object({
    jobId: z.string(),
    reference: z.string(),
    status: z.string().describe("the last milestone's code"),
    pageCount: z.number().int(),
    sha256: z.string(),
    createdAt: z.string(),
    outboundTrackingNumber: z.string(),
    returnTrackingNumber: z.string().nullable(),
    milestones: z.array(milestoneEvent),
  }),
);

export const faultBody = named(
  "Fault",
  z.object({
    step: z.enum(FAULT_STEPS),
    mode: z.enum(FAULT_MODES),
    count: z.number().int().min(1).max(100).default(1),
    delayMs: z.number().int().min(0).max(120_000).default(0),
  }),
);
export const faultList = named("FaultList", z.object({ faults: z.array(faultBody) }));

export const clockBody = named(
  "Clock",
  z.object({
    stepMs: z.number().int().min(10).max(86_400_000).describe("time between two milestones of a job"),
    paused: z.boolean().default(false).describe("no milestone happens by itself; use /_test/advance"),
  }),
);

export const receivedJob = named(
  "ReceivedJob",
  z.object({
    jobId: z.string(),
    reference: z.string(),
    clientId: z.string(),
    pageCount: z.number().int(),
    sizeBytes: z.number().int(),
    firstPageText: z.string().nullable().describe("pdftotext of page 1 when poppler is installed"),
    recipient: address,
    outboundCarrier: carrier,
    callbacksDelivered: z.number().int(),
    callbacksPending: z.number().int(),
  }),
);
export const receivedList = named("ReceivedList", z.object({ jobs: z.array(receivedJob) }));
