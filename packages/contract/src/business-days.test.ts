import { describe, expect, it } from "vitest";
import { addBusinessDays, businessDaysBefore, isBusinessDay } from "./business-days.ts";

// The fixtures of DOMAIN.md §5 (a lender open Monday to Friday, closed on observed holidays).
describe("TRID business days", () => {
  it("application Wed 2025-12-31: Loan Estimate due Tue 01-06, mailed then received Fri 01-09, consummation Wed 01-14", () => {
    const due = addBusinessDays("2025-12-31", 3, "GENERAL");
    expect(due).toBe("2026-01-06");
    expect(addBusinessDays(due, 3, "SPECIFIC")).toBe("2026-01-09");
    expect(addBusinessDays(due, 7, "SPECIFIC")).toBe("2026-01-14");
  });

  it("Closing Disclosure e-mailed Wed 2026-07-01: the observed Friday counts, Saturday July 4 does not", () => {
    const received = addBusinessDays("2026-07-01", 3, "SPECIFIC");
    expect(received).toBe("2026-07-06");
    expect(addBusinessDays(received, 3, "SPECIFIC")).toBe("2026-07-09");
    expect(addBusinessDays("2026-07-02", 3, "SPECIFIC")).toBe("2026-07-07");
  });

  it("Closing Disclosure mailed Wed 2027-12-22: received Mon 12-27, consummation Thu 12-30", () => {
    const received = addBusinessDays("2027-12-22", 3, "SPECIFIC");
    expect(received).toBe("2027-12-27");
    expect(addBusinessDays(received, 3, "SPECIFIC")).toBe("2027-12-30");
  });

  it("Loan Estimate issued Fri 2026-11-06: costs expire Mon 11-23, Veterans Day skipped", () => {
    expect(addBusinessDays("2026-11-06", 10, "GENERAL")).toBe("2026-11-23");
  });

  it("consummation Mon 2026-11-30: revised Loan Estimate received by Tue 11-24, mailed by Fri 11-20", () => {
    const receivedBy = businessDaysBefore("2026-11-30", 4, "SPECIFIC");
    expect(receivedBy).toBe("2026-11-24");
    const mailedBy = businessDaysBefore(receivedBy, 3, "SPECIFIC");
    expect(mailedBy).toBe("2026-11-20");
    expect(addBusinessDays(mailedBy, 3, "SPECIFIC")).toBe(receivedBy);
  });

  it("tells the two kinds apart on Saturdays, Sundays, legal and observed dates", () => {
    // Saturday 2026-07-04 is the legal date, Friday 07-03 the observed one
    expect(isBusinessDay("2026-07-03", "SPECIFIC")).toBe(true);
    expect(isBusinessDay("2026-07-03", "GENERAL")).toBe(false);
    expect(isBusinessDay("2026-07-04", "SPECIFIC")).toBe(false);
    expect(isBusinessDay("2026-07-11", "SPECIFIC")).toBe(true);
    expect(isBusinessDay("2026-07-11", "GENERAL")).toBe(false);
    expect(isBusinessDay("2026-07-12", "SPECIFIC")).toBe(false);
    // New Year's Day 2028 is a Saturday: observed on Friday 2027-12-31
    expect(isBusinessDay("2027-12-31", "GENERAL")).toBe(false);
    expect(isBusinessDay("2027-12-31", "SPECIFIC")).toBe(true);
  });

  it("follows an organization's calendar for general business days", () => {
    const openSaturdays = { openWeekdays: [1, 2, 3, 4, 5, 6], closedDates: ["2026-11-27"] };
    expect(isBusinessDay("2026-11-28", "GENERAL", openSaturdays)).toBe(true);
    expect(isBusinessDay("2026-11-27", "GENERAL", openSaturdays)).toBe(false);
    expect(addBusinessDays("2026-11-25", 2, "GENERAL", openSaturdays)).toBe("2026-11-30");
    expect(() => addBusinessDays("2026-11-25", 1, "GENERAL", { openWeekdays: [] })).toThrow(RangeError);
  });

  it("counts zero days as the start itself and refuses negative counts", () => {
    expect(addBusinessDays("2026-11-26", 0, "SPECIFIC")).toBe("2026-11-26");
    expect(() => addBusinessDays("2026-11-26", -1, "SPECIFIC")).toThrow(RangeError);
  });
});
