import { describe, expect, it } from "vitest";
import {
  AV_LIMITS,
  avClientMessageSchema,
  avIceServersSchema,
  avMissingSigners,
  avMustAct,
  avRetainUntil,
} from "./av-session.ts";
import { decideTransition } from "./package-status.ts";

const PEER = "11111111-1111-4111-8111-111111111111";
const DOC = "22222222-2222-4222-8222-222222222222";

describe("avRetainUntil", () => {
  it.each([
    ["2026-11-24T10:00:00.000Z", 10, "2036-11-24T10:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", 10, "2038-02-28T12:00:00.000Z"],
    ["2028-02-29T12:00:00.000Z", 12, "2040-02-29T12:00:00.000Z"],
  ])("%s + %i years → %s", (from, years, expected) => {
    expect(avRetainUntil(new Date(from), years).toISOString()).toBe(expected);
  });
});

describe("avMustAct", () => {
  it("asks the host to act only on E-Sign documents of their own; others as they must finish", () => {
    expect(avMustAct({ executionTypes: ["VIEW_ONLY"] }, true)).toBe(false);
    expect(avMustAct({ executionTypes: [] }, true)).toBe(false);
    expect(avMustAct({ executionTypes: ["VIEW_ONLY", "E_SIGN"] }, true)).toBe(true);
    expect(avMustAct({ executionTypes: ["E_SIGN"] }, false)).toBe(true);
    expect(avMustAct({ executionTypes: ["VIEW_ONLY"] }, false)).toBe(true);
    expect(avMustAct({ executionTypes: ["PAPER"] }, false)).toBe(false);
  });
});

describe("avMissingSigners", () => {
  it("names the signers who have not signed, never those who only watch", () => {
    expect(
      avMissingSigners([
        { name: "Ada", signs: true, signed: false },
        { name: "Bo", signs: true, signed: true },
        { name: "Host", signs: false, signed: false, isHost: true },
      ]),
    ).toEqual(["Ada"]);
    expect(avMissingSigners([{ name: "Bo", signs: true, signed: true }])).toEqual([]);
  });
});

describe("avClientMessageSchema", () => {
  const valid: unknown[] = [
    { type: "offer", to: PEER, description: { type: "offer", sdp: "v=0" } },
    { type: "answer", to: PEER, description: { type: "answer", sdp: "v=0" } },
    { type: "ice", to: PEER, candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 9 typ host", sdpMid: "0" } },
    { type: "view", view: { documentId: DOC, page: 2 } },
    { type: "ping" },
  ];
  const invalid: unknown[] = [
    null,
    "offer",
    {},
    { type: "offer", to: "not-a-uuid", description: { type: "offer", sdp: "" } },
    { type: "view", view: { documentId: DOC, page: 0 } },
    { type: "view", view: { documentId: DOC, page: 1.5 } },
    { type: "ice", to: PEER, candidate: { candidate: "x".repeat(AV_LIMITS.maxSignalBytes) } },
    { type: "session", status: "COMPLETED" },
  ];
  it.each(valid.map((message) => [JSON.stringify(message).slice(0, 60), message]))("accepts %s", (_, message) => {
    expect(avClientMessageSchema.safeParse(message).success).toBe(true);
  });
  it.each(invalid.map((message) => [JSON.stringify(message)?.slice(0, 60), message]))("refuses %s", (_, message) => {
    expect(avClientMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe("AV_ICE_SERVERS", () => {
  it("takes RTCIceServer objects with one or many URLs", () => {
    expect(avIceServersSchema.safeParse([]).success).toBe(true);
    expect(
      avIceServersSchema.safeParse([
        { urls: "stun:stun.example.org:3478" },
        { urls: ["turn:turn.example.org:3478"], username: "u", credential: "c" },
      ]).success,
    ).toBe(true);
    expect(avIceServersSchema.safeParse([{ urls: [] }]).success).toBe(false);
  });
});

describe("the host completing the session", () => {
  it("moves PENDING_ENOTARY to COMPLETED and nothing else", () => {
    expect(decideTransition("PENDING_ENOTARY", "finishNotary")).toMatchObject({ allowed: true, to: "COMPLETED" });
    expect(decideTransition("AVAILABLE_TO_SIGNERS", "finishNotary").allowed).toBe(false);
    expect(decideTransition("COMPLETED", "finishNotary").allowed).toBe(false);
  });
});
