import { describe, expect, it } from "vitest";
import { HOLIDAY_MESSAGES, holidayQuerySchema, holidayRange } from "./holidays.ts";

const TODAY = new Date("2026-11-24T10:00:00Z");

describe("holiday range", () => {
  // query → range, or the message it is refused with
  const CASES: [Record<string, string>, { from: string; to: string } | string][] = [
    [{}, { from: "2026-01-01", to: "2026-12-31" }],
    [{ dates: "2027" }, { from: "2027-01-01", to: "2027-12-31" }],
    [{ dates: "2026-07-01/2026-07-31" }, { from: "2026-07-01", to: "2026-07-31" }],
    [
      { from: "2026-01-01", to: "2026-03-31" },
      { from: "2026-01-01", to: "2026-03-31" },
    ],
    [{ dates: "26" }, HOLIDAY_MESSAGES.badDates],
    [{ dates: "2026-02-30/2026-03-01" }, HOLIDAY_MESSAGES.badDates],
    [{ dates: "2026", from: "2026-01-01" }, HOLIDAY_MESSAGES.bothForms],
    [{ from: "2026-01-01" }, HOLIDAY_MESSAGES.fromWithoutTo],
    [{ from: "2026-13-01", to: "2026-12-31" }, HOLIDAY_MESSAGES.badDay],
    [{ from: "2026-12-31", to: "2026-01-01" }, HOLIDAY_MESSAGES.reversed],
    [{ dates: "2000-01-01/2020-12-31" }, HOLIDAY_MESSAGES.tooLong],
    [{ dates: "1900" }, HOLIDAY_MESSAGES.yearOutOfRange],
    [{ dates: "9999" }, HOLIDAY_MESSAGES.yearOutOfRange],
  ];
  it.each(CASES)("%j", (query, expected) => {
    const range = holidayRange(query, TODAY);
    if (typeof expected === "string") expect(range).toMatchObject({ ok: false, message: expected });
    else expect(range).toEqual({ ok: true, ...expected });
  });

  it("refuses a bad query in the schema with the field named", () => {
    const parsed = holidayQuerySchema.safeParse({ from: "2026-01-01" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["to"], message: HOLIDAY_MESSAGES.fromWithoutTo });
  });
});
