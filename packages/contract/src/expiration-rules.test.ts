import { describe, expect, it } from "vitest";
import { relativeExpiry, zonedTimeToInstant } from "./expiration-rules.ts";

describe("relativeExpiry", () => {
  it("counts calendar days and sets the time (UTC)", () => {
    expect(relativeExpiry(new Date("2026-11-23T10:00:00Z"), 5, "17:00").toISOString()).toBe("2026-11-28T17:00:00.000Z");
    expect(relativeExpiry(new Date("2026-11-23T10:00:00Z"), 2, null).toISOString()).toBe("2026-11-25T23:59:00.000Z");
  });

  it("uses the organization's time zone, across a DST change", () => {
    // New York leaves DST on 2026-11-01: 17:00 local is 21:00Z before, 22:00Z after
    expect(relativeExpiry(new Date("2026-10-30T15:00:00Z"), 3, "17:00", "America/New_York").toISOString()).toBe(
      "2026-11-02T22:00:00.000Z",
    );
    expect(relativeExpiry(new Date("2026-10-27T15:00:00Z"), 1, "17:00", "America/New_York").toISOString()).toBe(
      "2026-10-28T21:00:00.000Z",
    );
  });

  it("takes the local date of the start in the zone", () => {
    // 02:00Z on the 24th is still the 23rd in Los Angeles
    expect(relativeExpiry(new Date("2026-11-24T02:00:00Z"), 1, "09:00", "America/Los_Angeles").toISOString()).toBe(
      "2026-11-24T17:00:00.000Z",
    );
  });

  it("never expires before the package is available", () => {
    const start = new Date("2026-11-23T18:00:00Z");
    expect(relativeExpiry(start, 0, "09:00").getTime()).toBe(start.getTime() + 60_000);
  });
});

describe("zonedTimeToInstant", () => {
  it("converts a wall time", () => {
    expect(
      zonedTimeToInstant({ year: 2026, month: 7, day: 1 }, { hour: 12, minute: 30 }, "Europe/Berlin").toISOString(),
    ).toBe("2026-07-01T10:30:00.000Z");
  });
});

describe("relativeExpiry in a DST gap and fold", () => {
  it("gives an instant, after the start, for a wall time that does not exist or exists twice", () => {
    // New York: 02:30 on 2026-03-08 does not exist; 01:30 on 2026-11-01 exists twice
    const gap = relativeExpiry(new Date("2026-03-07T15:00:00Z"), 1, "02:30", "America/New_York");
    expect(gap.getTime()).toBeGreaterThan(new Date("2026-03-08T06:00:00Z").getTime());
    expect(gap.getTime()).toBeLessThan(new Date("2026-03-08T08:00:00Z").getTime());
    const fold = relativeExpiry(new Date("2026-10-31T15:00:00Z"), 1, "01:30", "America/New_York");
    expect(["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]).toContain(fold.toISOString());
  });

  it("rolls the month and the year over", () => {
    expect(relativeExpiry(new Date("2026-12-30T12:00:00Z"), 3, "09:00", "Europe/Paris").toISOString()).toBe(
      "2027-01-02T08:00:00.000Z",
    );
  });
});
