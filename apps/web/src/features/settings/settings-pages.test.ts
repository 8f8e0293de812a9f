import { SETTING_PAGE_IDS } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { SETTINGS_PAGE_IDS } from "./settings-pages.ts";

describe("settings pages", () => {
  it("has a page for every page the setting registry names", () => {
    // a registry page without a web page would leave its settings on no screen
    const shown = new Set<string>(SETTINGS_PAGE_IDS);
    expect(SETTING_PAGE_IDS.filter((page) => !shown.has(page))).toEqual([]);
  });
});
