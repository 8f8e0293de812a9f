import { z } from "zod";
import { dayNumber } from "./federal-holidays.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Spec §7 'Holidays (dates query)' (issue 13 §7, DOMAIN.md §5): the US federal holidays of a year
// or a date range, each with its legal date (5 U.S.C. 6103) and the date it is observed (a
// Saturday holiday on the Friday before, a Sunday one on the Monday after).

export const HOLIDAY_MESSAGES = {
  badDates: "Use dates=YYYY (a year) or dates=YYYY-MM-DD/YYYY-MM-DD (a range), or from and to (YYYY-MM-DD).",
  bothForms: "Give either dates or from and to, not both.",
  fromWithoutTo: "Give both from and to.",
  badDay: "Use a calendar date as YYYY-MM-DD.",
  reversed: "The range ends before it starts.",
  tooLong: "Ask for at most 10 years at a time.",
  yearOutOfRange: "Use a year from 1971 to 9998.",
} as const;

const MAX_RANGE_DAYS = 3_660;
const FIRST_DAY = "1971-01-01";
const LAST_DAY = "9998-12-31";

const isDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    dayNumber(text);
    return true;
  } catch {
    return false;
  }
};

/** The inclusive range a holidays query names (no query: the current UTC year), or why it names none. */
export function holidayRange(
  query: { dates?: string; from?: string; to?: string },
  today: Date = new Date(),
): { ok: true; from: string; to: string } | { ok: false; path: string; message: string } {
  const { dates, from, to } = query;
  if (dates !== undefined && (from !== undefined || to !== undefined)) {
    return { ok: false, path: "dates", message: HOLIDAY_MESSAGES.bothForms };
  }
  let range: { from: string; to: string };
  if (dates !== undefined) {
    const year = /^(\d{4})$/.exec(dates);
    const interval = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(dates);
    if (year) range = { from: `${year[1]}-01-01`, to: `${year[1]}-12-31` };
    else if (interval && isDay(interval[1]!) && isDay(interval[2]!)) range = { from: interval[1]!, to: interval[2]! };
    else return { ok: false, path: "dates", message: HOLIDAY_MESSAGES.badDates };
  } else if (from !== undefined || to !== undefined) {
    if (from === undefined || to === undefined) {
      return { ok: false, path: from === undefined ? "from" : "to", message: HOLIDAY_MESSAGES.fromWithoutTo };
    }
    if (!isDay(from)) return { ok: false, path: "from", message: HOLIDAY_MESSAGES.badDay };
    if (!isDay(to)) return { ok: false, path: "to", message: HOLIDAY_MESSAGES.badDay };
    range = { from, to };
  } else {
    const year = today.getUTCFullYear();
    range = { from: `${year}-01-01`, to: `${year}-12-31` };
  }
  const path = dates !== undefined ? "dates" : "from";
  if (range.from < FIRST_DAY || range.to > LAST_DAY) {
    return { ok: false, path, message: HOLIDAY_MESSAGES.yearOutOfRange };
  }
  const days = dayNumber(range.to) - dayNumber(range.from);
  if (days < 0) return { ok: false, path, message: HOLIDAY_MESSAGES.reversed };
  if (days > MAX_RANGE_DAYS) return { ok: false, path, message: HOLIDAY_MESSAGES.tooLong };
  return { ok: true, ...range };
}

export const holidayQuerySchema = z
  .object({
    dates: z
      .string()
      .max(21)
      .optional()
      .describe("A year (2026) or a range (2026-01-01/2026-03-31); without any dates: the current year"),
    from: z.string().max(10).optional().describe("First day of the range (YYYY-MM-DD), with to"),
    to: z.string().max(10).optional().describe("Last day of the range (YYYY-MM-DD), with from"),
  })
  .superRefine((query, context) => {
    const range = holidayRange(query);
    if (!range.ok) context.addIssue({ code: "custom", path: [range.path], message: range.message });
  })
  .describe("A year or a date range");
export type HolidayQuery = z.infer<typeof holidayQuerySchema>;

export const holidaySchema = z
  .object({
    name: z.string().describe("The holiday's name, e.g. Independence Day"),
    legalDate: z.iso.date().describe("The date the law names (5 U.S.C. 6103)"),
    observedDate: z.iso.date().describe("The weekday it is observed: Friday for a Saturday, Monday for a Sunday"),
  })
  .meta({ id: "Holiday" });
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayListSchema = z
  .object({
    records: z.array(holidaySchema).describe("Holidays whose legal or observed date falls in the range, in date order"),
    count: z.number().int().describe("Number of holidays listed"),
    from: z.iso.date().describe("First day of the range, YYYY-MM-DD"),
    to: z.iso.date().describe("Last day of the range, YYYY-MM-DD"),
  })
  .meta({ id: "HolidayList" });
export type HolidayList = z.infer<typeof holidayListSchema>;

export const holidayRoutes = {
  listHolidays: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/holidays",
    auth: "user",
    summary: "US federal holidays of a year or a date range, with legal and observed dates",
    tags: ["settings"],
    query: holidayQuerySchema,
    response: holidayListSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
