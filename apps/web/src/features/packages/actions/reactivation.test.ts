import { EXPIRED_CANCELLATION_REASON, PACKAGE_ACTION_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { reactivationBody, reactivationNeeds, reactivationProblem } from "./reactivation.ts";

const now = new Date("2026-06-01T12:00:00Z");
const base = {
  packageExpiresAt: null,
  cancelReason: "CANCELLED_BY_MEMBER",
  scheduledAvailability: false,
  scheduledOn: null,
};

describe("reactivation needs", () => {
  it("asks for nothing when the package had no expiration and no schedule", () => {
    expect(reactivationNeeds(base, now)).toEqual({ expiry: false, schedule: false });
  });

  it("requires a new expiration when it had one or expired", () => {
    expect(reactivationNeeds({ ...base, packageExpiresAt: "2026-05-01T00:00:00Z" }, now).expiry).toBe(true);
    expect(reactivationNeeds({ ...base, cancelReason: EXPIRED_CANCELLATION_REASON }, now).expiry).toBe(true);
  });

  it("requires a new schedule only when the scheduled date has passed", () => {
    expect(
      reactivationNeeds({ ...base, scheduledAvailability: true, scheduledOn: "2026-05-01T00:00:00Z" }, now).schedule,
    ).toBe(true);
    expect(
      reactivationNeeds({ ...base, scheduledAvailability: true, scheduledOn: "2026-07-01T00:00:00Z" }, now).schedule,
    ).toBe(false);
  });
});

describe("reactivation problems", () => {
  const none = { scheduledOn: null, packageExpiresAt: null };
  it("names the missing or past date with the spec's message", () => {
    expect(reactivationProblem({ expiry: true, schedule: false }, none, now, PACKAGE_ACTION_MESSAGES)).toEqual({
      field: "packageExpiresAt",
      message: PACKAGE_ACTION_MESSAGES.newExpiryRequired,
    });
    expect(
      reactivationProblem(
        { expiry: false, schedule: false },
        { scheduledOn: "2026-05-01T00:00:00Z", packageExpiresAt: null },
        now,
        PACKAGE_ACTION_MESSAGES,
      )?.message,
    ).toBe(PACKAGE_ACTION_MESSAGES.scheduleMustBeFuture);
    expect(reactivationProblem({ expiry: false, schedule: true }, none, now, PACKAGE_ACTION_MESSAGES)?.message).toBe(
      PACKAGE_ACTION_MESSAGES.newScheduleRequired,
    );
  });

  it("accepts future dates", () => {
    const input = { scheduledOn: "2026-06-02T00:00:00Z", packageExpiresAt: "2026-06-10T00:00:00Z" };
    expect(reactivationProblem({ expiry: true, schedule: true }, input, now, PACKAGE_ACTION_MESSAGES)).toBeNull();
  });

  it("sends only chosen dates", () => {
    expect(reactivationBody(3, { scheduledOn: null, packageExpiresAt: null })).toEqual({ version: 3 });
    expect(reactivationBody(3, { scheduledOn: "a", packageExpiresAt: "b" })).toEqual({
      version: 3,
      scheduledOn: "a",
      packageExpiresAt: "b",
    });
  });
});
