import { PACKAGE_STATUSES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import {
  auditEventDetail,
  auditEventLabel,
  CONTACT_SUMMARY_LABELS,
  localInputToIso,
  SIGNING_ORDER_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
} from "./package-format.ts";

describe("package format", () => {
  it("names and colours every status", () => {
    for (const status of PACKAGE_STATUSES) {
      expect(STATUS_LABELS[status]).toBeTruthy();
      expect(STATUS_COLORS[status]).toBeTruthy();
    }
  });

  it("shows the sender's words for the API's statuses and signing orders", () => {
    expect(STATUS_LABELS.STARTED).toBe("Draft");
    expect(STATUS_LABELS.AVAILABLE_TO_SIGNERS).toBe("Out for signature");
    expect(STATUS_LABELS.COMPLETED).toBe("Completed");
    expect(SIGNING_ORDER_LABELS).toEqual({ PARALLEL: "Everyone at once", PARTICIPANT: "In order" });
    for (const label of [...Object.values(STATUS_LABELS), ...Object.values(CONTACT_SUMMARY_LABELS)]) {
      expect(label).not.toMatch(/_|^[A-Z]{2,}-|^(?!SMS$)[A-Z]{2,}$/);
    }
  });

  it("reads audit events as sentences, unknown ones from their words", () => {
    expect(auditEventLabel("package.cancelled")).toBe("Package cancelled");
    expect(auditEventLabel("signing-room.consent_given")).toBe("Signing room consent given");
    expect(auditEventLabel("")).toBe("");
  });

  it("summarises an event's data", () => {
    expect(auditEventDetail({ notify: true, reason: "CANCELLED_BY_MEMBER" })).toBe(
      "participants notified · reason: Cancelled by member",
    );
    expect(auditEventDetail({ reason: "not-enabled-for-org" })).toBe("reason: Not enabled for org");
    expect(auditEventDetail({ reason: "Wrong address" })).toBe("reason: Wrong address");
    expect(auditEventDetail({ reason: "Moved" })).toBe("reason: Moved");
    expect(auditEventDetail({ name: "Note", type: "SIGNATURE" })).toBe("Note · Signature");
    expect(auditEventDetail({ packageVersion: 3 })).toBeNull();
  });

  it("turns a datetime-local value into ISO", () => {
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("nonsense")).toBeNull();
    expect(localInputToIso("2030-01-02T03:04")).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
  });
});
