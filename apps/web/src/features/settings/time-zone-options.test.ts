import { TIME_ZONE_CHOICES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { timeZoneOptions } from "./time-zone-options.ts";

describe("timeZoneOptions", () => {
  it("offers the spec §9 zones by name, in the spec's order, stored as IANA names", () => {
    expect(timeZoneOptions("America/Chicago")).toEqual([
      { value: "America/Puerto_Rico", label: "Atlantic (Puerto Rico)" },
      { value: "America/New_York", label: "Eastern (New York)" },
      { value: "America/Chicago", label: "Central (Chicago)" },
      { value: "America/Denver", label: "Mountain (Denver)" },
      { value: "America/Phoenix", label: "Arizona (Phoenix)" },
      { value: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
      { value: "America/Anchorage", label: "Alaska (Anchorage)" },
      { value: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
      { value: "Pacific/Pago_Pago", label: "Samoa (Pago Pago)" },
      { value: "Pacific/Guam", label: "Chamorro (Guam)" },
    ]);
  });

  it.each([
    ["UTC", "Coordinated Universal Time (UTC) — current setting"],
    ["Europe/Paris", "Paris — current setting"],
    ["America/Argentina/Buenos_Aires", "Buenos Aires — current setting"],
  ])("keeps an unknown stored zone %s visible as %s", (stored, label) => {
    const options = timeZoneOptions(stored);
    expect(options[0]).toEqual({ value: stored, label });
    expect(options).toHaveLength(TIME_ZONE_CHOICES.length + 1);
  });

  it("adds nothing for no stored value", () => {
    expect(timeZoneOptions(null)).toHaveLength(TIME_ZONE_CHOICES.length);
    expect(timeZoneOptions("")).toHaveLength(TIME_ZONE_CHOICES.length);
  });

  it("every offered zone is a zone this runtime knows (the API's validation accepts it)", () => {
    for (const { value } of timeZoneOptions(null)) {
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: value })).not.toThrow();
    }
  });
});
