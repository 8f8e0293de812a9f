import { z } from "zod";
import type { ExecutionType } from "./document-rules.ts";
import { ID } from "./ids.ts";
import { PACKAGE_STATUS_TEXT } from "./package-status-schemas.ts";
import { defineRouteEntry as define } from "./route-def.ts";
import { mustFinish } from "./signing-rules.ts";

// Issue 16 §2, DOMAIN.md §8: host-led A/V eSign sessions. The host (the participant flagged avHost)
// starts a live session from their signing link; signers join from theirs; everybody talks over
// WebRTC (signalled over a WebSocket on the signing origin) and follows the host's page; the host's
// browser records the mixed streams and uploads them in chunks; completing the session completes
// the package (PENDING_ENOTARY → COMPLETED) and seals it.

export const AV_SESSION_STATUSES = ["LIVE", "ENDED", "COMPLETED"] as const;
export type AvSessionStatus = (typeof AV_SESSION_STATUSES)[number];

export const AV_SESSION_STATUS_WORDS: Record<AvSessionStatus, string> = {
  LIVE: "Live",
  ENDED: "Ended without completing",
  COMPLETED: "Completed",
};

/** Limits the server enforces on what the browsers send. */
export const AV_LIMITS = {
  /** one recording chunk (the host's MediaRecorder slices a few seconds each) */
  maxChunkBytes: 8 * 1024 * 1024,
  /** chunk indexes run 0…maxChunks-1 (at 5 s a chunk: about 14 hours) */
  maxChunks: 10_000,
  /** one signalling message over the WebSocket (an SDP offer is a few KB) */
  maxSignalBytes: 64 * 1024,
  /** DOMAIN.md §8: recordings are kept at least this many years */
  minRetentionYears: 10,
} as const;

/** The WebSocket path on the signing origin (the signing-session cookie authenticates it). */
export const AV_SIGNAL_PATH = "/api/v1/signing/av-session/signal";
/** The recording chunk upload path on the signing origin (PUT, application/octet-stream). */
export const AV_CHUNK_PATH = "/api/v1/signing/av-session/recording/chunks/:index";

export const AV_SESSION_MESSAGES = {
  notAvPackage: "This package has no A/V eSign session.",
  notHost: "Only the session host can do this.",
  noLiveSession: "Join the host's live A/V session to sign: the host has not started it, or it has ended.",
  alreadyLive: "A session is already live for this package.",
  notLive: "The session is not live.",
  notProofed: "Complete identity proofing before joining the A/V session.",
  signersMissing: (names: readonly string[]) =>
    `Every signer must sign before the session can complete. Still to sign: ${names.join(", ")}.`,
  packageNotReady: "The package is not out for signature or waiting for its A/V session.",
  recordingMissing: "Upload the session recording before completing the session.",
  recordingGap: (index: number) => `The recording is missing chunk ${index}: upload it again before completing.`,
  chunkTooLarge: `A recording chunk may be at most ${AV_LIMITS.maxChunkBytes / (1024 * 1024)} MB.`,
  chunkIndex: `The chunk index must be a whole number from 0 to ${AV_LIMITS.maxChunks - 1}.`,
  chunkEmpty: "A recording chunk cannot be empty.",
  chunkDiffers: "This chunk was already uploaded with different bytes.",
  sendNeedsHost: "An A/V eSign package needs exactly one session host: choose the participant who hosts the session.",
  hostNotSigner:
    "The session host must be a participant who signs or a dedicated host: choose another participant as host.",
} as const;

const isoDate = z.string().describe("ISO 8601 time");
const STATUS_TEXT =
  "LIVE while the host runs it; ENDED when it stopped before the package was completed; COMPLETED when the host completed the signing";

export const avViewSchema = z
  .object({
    documentId: ID.documentId.describe("The document the host shows"),
    page: z.number().int().min(1).max(100_000).describe("1-based page of that document"),
  })
  .meta({ id: "AvView" });
export type AvView = z.infer<typeof avViewSchema>;

export const avIceServerSchema = z
  .object({
    urls: z
      .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
      .describe("The server's stun: or turn: URL, or several"),
    username: z.string().optional().describe("TURN: the user name"),
    credential: z.string().optional().describe("TURN: the password"),
  })
  .meta({ id: "AvIceServer", description: "A STUN or TURN server (an RTCIceServer)" });
export type AvIceServer = z.infer<typeof avIceServerSchema>;

/** AV_ICE_SERVERS: a JSON array of RTCIceServer objects; empty works on one network (host candidates). */
export const avIceServersSchema = z.array(avIceServerSchema);

export const avRoomParticipantSchema = z
  .object({
    id: z.uuid().describe("The participant's id"),
    name: z.string().describe("The participant's name"),
    isHost: z.boolean().describe("Hosts the session"),
    signs: z.boolean().describe("Needs to sign (mustFinish)"),
    signed: z.boolean().describe("Has finished signing"),
    online: z.boolean().describe("Connected to the session's signalling now"),
  })
  .meta({ id: "AvRoomParticipant" });

export const avRoomStateSchema = z
  .object({
    avEsign: z.boolean().describe("The package is signed in an A/V session"),
    isHost: z.boolean().describe("This participant hosts the session"),
    self: ID.participantId.describe("This participant's id (their peer id in signalling)"),
    hostName: z.string().nullable().describe("The host's name; null: no host chosen"),
    packageStatus: z.string().describe(PACKAGE_STATUS_TEXT),
    session: z
      .object({
        id: ID.sessionId,
        status: z.enum(AV_SESSION_STATUSES).describe(STATUS_TEXT),
        startedAt: isoDate,
        view: avViewSchema.nullable().describe("What the host shows now; null: nothing yet"),
        recordedChunks: z.number().int().describe("Recording chunks received so far"),
      })
      .nullable()
      .describe("The live session, or null when none is live"),
    participants: z.array(avRoomParticipantSchema).describe("The package's participants in the session"),
    documents: z
      .array(
        z.object({
          id: ID.documentId,
          name: z.string().describe("The document's name"),
          numPages: z.number().int().describe("Number of pages"),
        }),
      )
      .describe("The documents the host can show"),
    iceServers: avIceServersSchema.describe("AV_ICE_SERVERS: STUN/TURN servers for RTCPeerConnection"),
    missingSigners: z.array(z.string()).describe("Who must still sign before the host may complete (names)"),
    identityProofed: z.boolean().describe("This participant may join (hosts always may)"),
  })
  .meta({ id: "AvRoomState" });
export type AvRoomState = z.infer<typeof avRoomStateSchema>;

export const avChunkReceiptSchema = z
  .object({
    index: z.number().int().describe("The chunk's index"),
    bytes: z.number().int().describe("The chunk's size in bytes"),
    sha256: z.string().describe("SHA-256 (hex) of the chunk"),
    received: z.number().int().describe("Chunks received so far"),
  })
  .meta({ id: "AvChunkReceipt" });

// ——— signalling messages (WebSocket, JSON text frames) ———

const peerId = z.uuid();
const sdp = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().max(60_000) });
const ice = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(100).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1_000).nullable().optional(),
  usernameFragment: z.string().max(200).nullable().optional(),
});

/** What a browser may send. Anything else is answered with an error frame (repeated abuse closes). */
export const avClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("offer"), to: peerId, description: sdp }),
  z.object({ type: z.literal("answer"), to: peerId, description: sdp }),
  z.object({ type: z.literal("ice"), to: peerId, candidate: ice }),
  z.object({ type: z.literal("view"), view: avViewSchema }),
  z.object({ type: z.literal("ping") }),
]);
export type AvClientMessage = z.infer<typeof avClientMessageSchema>;

export const avPresenceSchema = z.array(z.object({ id: z.uuid(), name: z.string(), isHost: z.boolean() }));

/** What the server sends. */
export const avServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("welcome"),
    self: peerId,
    view: avViewSchema.nullable(),
    present: avPresenceSchema,
  }),
  z.object({ type: z.literal("joined"), peer: z.object({ id: z.uuid(), name: z.string(), isHost: z.boolean() }) }),
  z.object({ type: z.literal("left"), peer: z.object({ id: z.uuid(), name: z.string(), isHost: z.boolean() }) }),
  z.object({ type: z.literal("offer"), from: peerId, description: sdp }),
  z.object({ type: z.literal("answer"), from: peerId, description: sdp }),
  z.object({ type: z.literal("ice"), from: peerId, candidate: ice }),
  z.object({ type: z.literal("view"), view: avViewSchema }),
  z.object({ type: z.literal("signed"), participantId: peerId }),
  z.object({ type: z.literal("session"), status: z.enum(AV_SESSION_STATUSES) }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({ type: z.literal("pong") }),
]);
export type AvServerMessage = z.infer<typeof avServerMessageSchema>;

// ——— the sender's side (package page) ———

export const avRecordingSchema = z
  .object({
    id: z.uuid().describe("The recording's id"),
    sha256: z.string().describe("SHA-256 of the stored recording"),
    bytes: z.number().int().describe("Size in bytes"),
    durationSeconds: z.number().int().describe("Length of the recording in seconds"),
    contentType: z.string().describe("The recording's media type, e.g. video/webm"),
    retainUntil: isoDate.describe("Kept at least until this time (AV_RECORDING_RETENTION_YEARS)"),
    createdAt: isoDate,
  })
  .meta({ id: "AvRecording" });

export const avSessionSummarySchema = z
  .object({
    id: z.uuid().describe("The A/V session's id"),
    status: z.enum(AV_SESSION_STATUSES).describe(STATUS_TEXT),
    hostName: z.string().describe("The host's name"),
    startedAt: isoDate,
    endedAt: isoDate.nullable(),
    recording: avRecordingSchema.nullable().describe("The session's recording; null until the host uploaded it"),
  })
  .meta({ id: "AvSessionSummary" });
export type AvSessionSummary = z.infer<typeof avSessionSummarySchema>;

export const avSessionListSchema = z
  .object({
    avEsign: z.boolean().describe("The package is signed in an A/V session"),
    hostName: z.string().nullable().describe("The host's name; null: no host chosen"),
    records: z.array(avSessionSummarySchema).describe("The package's sessions, oldest first"),
  })
  .meta({ id: "AvSessionList" });
export type AvSessionList = z.infer<typeof avSessionListSchema>;

const noParams = z.object({});
const signing = { base: "api", version: 1, auth: "participant", tags: ["A/V sessions"] } as const;

/** Signing origin: the participant's side of the session (the signing-session cookie). */
export const avSigningRoutes = {
  getAvRoom: define({
    ...signing,
    method: "GET",
    path: "/signing/av-session",
    summary: "The A/V session as this participant sees it: live or not, who is there, the shared view, ICE servers",
    params: noParams,
    response: avRoomStateSchema,
    status: 200,
  }),
  startAvSession: define({
    ...signing,
    method: "POST",
    path: "/signing/av-session",
    summary: "Host only: start a live session (the package must be out for signature or waiting for its session)",
    params: noParams,
    response: avRoomStateSchema,
    status: 201,
  }),
  setAvView: define({
    ...signing,
    method: "PUT",
    path: "/signing/av-session/view",
    summary: "Host only: show this document and page to everyone in the session",
    params: noParams,
    body: avViewSchema,
    response: avRoomStateSchema,
    status: 200,
  }),
  completeAvSession: define({
    ...signing,
    method: "POST",
    path: "/signing/av-session/complete",
    summary:
      "Host only: complete the session once every signer signed; the recording is verified and stored and the package completes and seals",
    params: noParams,
    response: avRoomStateSchema,
    status: 200,
  }),
  endAvSession: define({
    ...signing,
    method: "POST",
    path: "/signing/av-session/end",
    summary: "Host only: end the session without completing; the package waits and a new session can start later",
    params: noParams,
    response: avRoomStateSchema,
    status: 200,
  }),
};

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const member = { base: "api", version: 1, auth: "user", tags: ["A/V sessions"] } as const;

/** Main origin: what the sender sees of a package's sessions. */
export const avSessionRoutes = {
  listAvSessions: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/av-sessions",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's A/V sessions with their recordings (hash, duration, retention date)",
    params: packageParams,
    response: avSessionListSchema,
    status: 200,
  }),
  downloadAvRecording: define({
    ...member,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/av-sessions/:sessionId/recording",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The session's recording (WebM video)",
    params: packageParams.extend({ sessionId: ID.sessionId }),
    produces: "video/webm",
    response: null,
    status: 200,
  }),
};

/**
 * Whether a participant of an A/V session has something to do before it completes: whoever must
 * finish (signers, reviewers), except the host, who runs the session and has to sign only E-Sign
 * documents of their own (a dedicated host who only views is never "still to sign").
 */
export function avMustAct(facts: { executionTypes: readonly ExecutionType[] }, isHost: boolean): boolean {
  return isHost ? facts.executionTypes.includes("E_SIGN") : mustFinish(facts);
}

/**
 * Whether the session can complete: every participant who must sign has signed. The names of those
 * still missing (empty when it can).
 */
export function avMissingSigners(
  participants: readonly { name: string; signs: boolean; signed: boolean; isHost?: boolean }[],
): string[] {
  return participants.filter((participant) => participant.signs && !participant.signed).map((p) => p.name);
}

/** The retention date of a recording stored at `storedAt` (whole years; 29 February falls to 28). */
export function avRetainUntil(storedAt: Date, years: number): Date {
  const until = new Date(storedAt.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  // 29 Feb + n years lands on 1 Mar when the target year has no 29 Feb: keep it in February
  if (until.getUTCMonth() !== storedAt.getUTCMonth()) until.setUTCDate(0);
  return until;
}
