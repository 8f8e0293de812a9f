import { PACKAGE_STATUSES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { auditEventDetail, auditEventLabel, localInputToIso, STATUS_COLORS, STATUS_LABELS } from "./package-format.ts";

describe("package format", () => {
  it("names and colours every status", () => {
    for (const status of PACKAGE_STATUSES) {
      expect(STATUS_LABELS[status]).toBeTruthy();
      expect(STATUS_COLORS[status]).toBeTruthy();
    }
  });

  it("reads audit events as sentences, unknown ones from their words", () => {
    expect(auditEventLabel("package.cancelled")).toBe("Package cancelled");
    expect(auditEventLabel("signing-room.consent_given")).toBe("Signing room consent given");
    expect(auditEventLabel("")).toBe("");
  });

  it("summarises an event's data", () => {
    expect(auditEventDetail({ notify: true, reason: "CANCELLED_BY_MEMBER" })).toBe(
      "participants notified · reason: CANCELLED_BY_MEMBER",
    );
    expect(auditEventDetail({ name: "Note", type: "SIGNATURE" })).toBe("Note · Signature");
    expect(auditEventDetail({ packageVersion: 3 })).toBeNull();
  });

  it("turns a datetime-local value into ISO", () => {
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("nonsense")).toBeNull();
    expect(localInputToIso("2030-01-02T03:04")).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
  });
});
