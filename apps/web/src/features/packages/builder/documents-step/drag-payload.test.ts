import { describe, expect, it } from "vitest";
import { decodeDragPayload, encodeDragPayload } from "./drag-payload.ts";

const PARTICIPANT = "0b6f3c52-3f0e-4a57-9d1b-2b0e6f6f1a10";

describe("palette drag payload", () => {
  it("round-trips a type alone, a type for one participant and a signing block", () => {
    for (const payload of [
      { type: "SIGNATURE" as const, participantId: null },
      { type: "DATE_SIGNED" as const, participantId: PARTICIPANT },
      { type: "SIGNING_BLOCK" as const, participantId: PARTICIPANT },
    ]) {
      expect(decodeDragPayload(encodeDragPayload(payload))).toEqual(payload);
    }
  });

  it("refuses what is not a palette item", () => {
    expect(decodeDragPayload("")).toBeNull();
    expect(decodeDragPayload("PICTURE")).toBeNull();
    expect(decodeDragPayload("SIGNATURE:not-an-id")).toBeNull();
    expect(decodeDragPayload(`SIGNATURE:${PARTICIPANT}:extra`)).toBeNull();
  });
});
