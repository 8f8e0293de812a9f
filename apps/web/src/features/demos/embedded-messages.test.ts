import { describe, expect, it } from "vitest";
import { acceptEmbeddedMessage, eventLogEntry, signingOrigin } from "./embedded-messages.ts";

const origin = "http://localhost:8017";
const message = {
  source: "signet-signing-room",
  event: "signed",
  packageId: "6f1c2b7e-4a57-4a2b-9c39-2f1d7e3c8a10",
  participantId: "0b9e1d3a-7c2f-4f0e-8d51-93b6a2c4e7f1",
  detail: "Document signed",
};

describe("embedded signing messages", () => {
  it("takes the origin of a signing URL", () => {
    expect(signingOrigin("http://localhost:8017/sign/abc?x=1#y")).toBe(origin);
    expect(signingOrigin("https://sign.example.com:8443/s/token")).toBe("https://sign.example.com:8443");
    expect(signingOrigin("javascript:alert(1)")).toBeNull();
    expect(signingOrigin("not a url")).toBeNull();
  });

  it("accepts the room's message from the signing origin", () => {
    expect(acceptEmbeddedMessage({ origin, data: message }, origin)).toEqual(message);
    const { detail: _, ...withoutDetail } = message;
    expect(acceptEmbeddedMessage({ origin, data: withoutDetail }, origin)).toEqual(withoutDetail);
    expect(
      acceptEmbeddedMessage({ origin, data: { ...message, packageId: null, participantId: null } }, origin),
    ).toEqual({
      ...message,
      packageId: null,
      participantId: null,
    });
  });

  it("ignores messages from any other origin", () => {
    for (const other of ["http://localhost:8016", "http://localhost", "https://localhost:8017", "null", ""]) {
      expect(acceptEmbeddedMessage({ origin: other, data: message }, origin)).toBeNull();
    }
    expect(acceptEmbeddedMessage({ origin, data: message }, null)).toBeNull();
  });

  it("ignores messages without the room's source marker or with an unknown event", () => {
    expect(acceptEmbeddedMessage({ origin, data: { ...message, source: "someone-else" } }, origin)).toBeNull();
    expect(acceptEmbeddedMessage({ origin, data: { ...message, source: undefined } }, origin)).toBeNull();
    expect(acceptEmbeddedMessage({ origin, data: { ...message, event: "hacked" } }, origin)).toBeNull();
    expect(acceptEmbeddedMessage({ origin, data: { ...message, packageId: 42 } }, origin)).toBeNull();
    for (const data of [null, undefined, "signet-signing-room", 7, [message]]) {
      expect(acceptEmbeddedMessage({ origin, data }, origin)).toBeNull();
    }
  });

  it("keeps only the known fields and a text detail", () => {
    const accepted = acceptEmbeddedMessage({ origin, data: { ...message, detail: { html: "<b>" }, extra: 1 } }, origin);
    expect(accepted).toEqual({
      source: "signet-signing-room",
      event: "signed",
      packageId: message.packageId,
      participantId: message.participantId,
    });
  });

  it("turns an accepted message into a log line", () => {
    const at = new Date("2026-03-01T10:20:30.000Z");
    expect(eventLogEntry({ ...message, event: "finished" } as never, 3, at)).toEqual({
      id: 3,
      at: "2026-03-01T10:20:30.000Z",
      event: "finished",
      detail: "Document signed",
    });
    expect(eventLogEntry({ ...message, detail: undefined } as never, 4, at).detail).toBe(
      `participant ${message.participantId}`,
    );
  });
});
