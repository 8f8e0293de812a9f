import { describe, expect, it } from "vitest";
import { dayNumber, federalHolidays, federalHolidaysBetween } from "./federal-holidays.ts";

describe("federal holidays", () => {
  it("lists the eleven holidays of 2026 with legal and observed dates", () => {
    expect(federalHolidays(2026)).toEqual([
      { name: "New Year's Day", legalDate: "2026-01-01", observedDate: "2026-01-01" },
      { name: "Birthday of Martin Luther King, Jr.", legalDate: "2026-01-19", observedDate: "2026-01-19" },
      { name: "Washington's Birthday", legalDate: "2026-02-16", observedDate: "2026-02-16" },
      { name: "Memorial Day", legalDate: "2026-05-25", observedDate: "2026-05-25" },
      { name: "Juneteenth National Independence Day", legalDate: "2026-06-19", observedDate: "2026-06-19" },
      { name: "Independence Day", legalDate: "2026-07-04", observedDate: "2026-07-03" },
      { name: "Labor Day", legalDate: "2026-09-07", observedDate: "2026-09-07" },
      { name: "Columbus Day", legalDate: "2026-10-12", observedDate: "2026-10-12" },
      { name: "Veterans Day", legalDate: "2026-11-11", observedDate: "2026-11-11" },
      { name: "Thanksgiving Day", legalDate: "2026-11-26", observedDate: "2026-11-26" },
      { name: "Christmas Day", legalDate: "2026-12-25", observedDate: "2026-12-25" },
    ]);
  });

  it("moves a Sunday holiday to Monday and a Saturday one to Friday", () => {
    const byName = (year: number, name: string) => federalHolidays(year).find((holiday) => holiday.name === name);
    expect(byName(2027, "Juneteenth National Independence Day")?.observedDate).toBe("2027-06-18");
    expect(byName(2028, "Independence Day")?.observedDate).toBe("2028-07-04");
    expect(byName(2027, "Christmas Day")?.observedDate).toBe("2027-12-24");
    expect(byName(2023, "New Year's Day")?.observedDate).toBe("2023-01-02");
  });

  it("has no Juneteenth before 2021 and a last Monday of May that is really the last", () => {
    expect(federalHolidays(2020).map((holiday) => holiday.name)).not.toContain("Juneteenth National Independence Day");
    expect(federalHolidays(2021).find((holiday) => holiday.name === "Memorial Day")?.legalDate).toBe("2021-05-31");
  });

  it("finds holidays in a range by legal or observed date, across the new year", () => {
    const names = federalHolidaysBetween("2027-12-20", "2027-12-31").map((holiday) => holiday.name);
    // New Year's Day 2028 (a Saturday) is observed on 2027-12-31
    expect(names).toEqual(["Christmas Day", "New Year's Day"]);
    expect(federalHolidaysBetween("2026-07-03", "2026-07-03")).toHaveLength(1);
    expect(federalHolidaysBetween("2026-07-05", "2026-07-01")).toEqual([]);
  });

  it("refuses dates that are not calendar days", () => {
    expect(() => dayNumber("2026-02-30")).toThrow(RangeError);
    expect(() => dayNumber("20260101")).toThrow(RangeError);
  });
});
