import { dayNumber, federalHolidays, isoDay, weekday } from "./federal-holidays.ts";

// TRID's two kinds of business day (Reg Z 12 CFR 1026.2(a)(6), DOMAIN.md §5):
// - GENERAL: a day the lender is open for business — by default Monday to Friday except the
//   observed federal holidays; an organization's calendar can say otherwise.
// - SPECIFIC: every day except Sundays and the legal federal holidays (an observed Friday or
//   Monday stays a business day).

export type BusinessDayKind = "GENERAL" | "SPECIFIC";

export interface LenderCalendar {
  /** weekdays the lender is open, 0 = Sunday … 6 = Saturday */
  openWeekdays: number[];
  /** extra days closed ("YYYY-MM-DD"), besides the observed federal holidays */
  closedDates?: string[];
}

export const DEFAULT_LENDER_CALENDAR: LenderCalendar = { openWeekdays: [1, 2, 3, 4, 5] };

function holidaySet(year: number, which: "legalDate" | "observedDate"): Set<string> {
  // observed dates of the next year's New Year's Day can fall on 31 December of this one
  return new Set([...federalHolidays(year), ...federalHolidays(year + 1)].map((holiday) => holiday[which]));
}

export function isBusinessDay(date: string, kind: BusinessDayKind, calendar = DEFAULT_LENDER_CALENDAR): boolean {
  const day = dayNumber(date);
  const year = Number(date.slice(0, 4));
  if (kind === "SPECIFIC") return weekday(day) !== 0 && !holidaySet(year, "legalDate").has(date);
  if (!calendar.openWeekdays.includes(weekday(day))) return false;
  if (calendar.closedDates?.includes(date)) return false;
  return !holidaySet(year, "observedDate").has(date) && !holidaySet(year - 1, "observedDate").has(date);
}

/** The `count`th business day from `start` in one direction (start itself is never counted). */
function walkBusinessDays(
  start: string,
  count: number,
  step: 1 | -1,
  kind: BusinessDayKind,
  calendar: LenderCalendar,
): string {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a business-day count: ${count}`);
  if (kind === "GENERAL" && calendar.openWeekdays.length === 0) throw new RangeError("The lender is never open");
  let day = dayNumber(start);
  for (let counted = 0; counted < count; ) {
    day += step;
    if (isBusinessDay(isoDay(day), kind, calendar)) counted += 1;
  }
  return isoDay(day);
}

/** The date `count` business days after `start` (start itself is never counted). */
export function addBusinessDays(
  start: string,
  count: number,
  kind: BusinessDayKind,
  calendar = DEFAULT_LENDER_CALENDAR,
): string {
  return walkBusinessDays(start, count, 1, kind, calendar);
}

/**
 * The `count`th business day before `end` (end itself is never counted): the latest day a revised
 * Loan Estimate may be received before consummation, or mailed so as to arrive by a given day.
 */
export function businessDaysBefore(
  end: string,
  count: number,
  kind: BusinessDayKind,
  calendar = DEFAULT_LENDER_CALENDAR,
): string {
  return walkBusinessDays(end, count, -1, kind, calendar);
}
