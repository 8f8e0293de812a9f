import { describe, expect, it } from "vitest";
import { DEFAULT_PACKAGE_SETTINGS, settingsFromRows, settingToText, updatePackageSettingsSchema } from "./settings.ts";

describe("package settings", () => {
  it("answers the defaults for keys never saved", () => {
    expect(settingsFromRows([])).toEqual(DEFAULT_PACKAGE_SETTINGS);
  });

  it("reads stored text back into typed values, and ignores rows that no longer parse", () => {
    const rows = [
      { key: "default_relative_expiration_days", value: "7" },
      { key: "enable_default_expiration_date", value: "true" },
      { key: "default_expiration_type", value: "RELATIVE" },
      { key: "participant_types", value: settingToText("participant_types", ["Buyer", "Seller"]) },
      { key: "timezone", value: "Not/AZone" },
      { key: "unknown_key", value: "x" },
    ];
    expect(settingsFromRows(rows)).toEqual({
      ...DEFAULT_PACKAGE_SETTINGS,
      default_relative_expiration_days: 7,
      enable_default_expiration_date: true,
      default_expiration_type: "RELATIVE",
      participant_types: ["Buyer", "Seller"],
    });
  });

  it("validates each key of a change", () => {
    expect(updatePackageSettingsSchema.safeParse({ default_relative_expiration_time: "24:00" }).success).toBe(false);
    expect(updatePackageSettingsSchema.safeParse({ timezone: "America/New_York" }).success).toBe(true);
    expect(updatePackageSettingsSchema.safeParse({ timezone: "Mars/Olympus" }).success).toBe(false);
    expect(updatePackageSettingsSchema.safeParse({ participant_types: ["A", "a"] }).success).toBe(false);
    expect(updatePackageSettingsSchema.safeParse({ nope: 1 }).success).toBe(false);
  });
});
