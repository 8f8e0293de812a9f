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
