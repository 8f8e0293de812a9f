// US federal holidays (5 U.S.C. 6103) as TRID timing needs them (DOMAIN.md §5): each has a legal
// date and an observed date — a Saturday holiday is observed on the Friday before, a Sunday one on
// the Monday after. Dates are plain calendar days ("YYYY-MM-DD"), never instants: a business day
// does not depend on the server's time zone.

export interface FederalHoliday {
  name: string;
  legalDate: string;
  observedDate: string;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar day. */
export function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Not a calendar date: ${isoDate}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${isoDate}`);
  }
  return time / DAY_MS;
}

export function isoDay(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(dayNo: number): number {
  return (((dayNo + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

const fixed = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;

/** The nth given weekday of a month (n = -1: the last one). */
function nthWeekday(year: number, month: number, wantedWeekday: number, n: number): number {
  if (n > 0) {
    const first = fixed(year, month, 1);
    return first + ((wantedWeekday - weekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = fixed(year, month + 1, 1) - 1;
  return last - ((weekday(last) - wantedWeekday + 7) % 7);
}

const MONDAY = 1;
const THURSDAY = 4;

function legalDates(year: number): [string, number][] {
  const list: [string, number][] = [
    ["New Year's Day", fixed(year, 1, 1)],
    ["Birthday of Martin Luther King, Jr.", nthWeekday(year, 1, MONDAY, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, MONDAY, 3)],
    ["Memorial Day", nthWeekday(year, 5, MONDAY, -1)],
    ["Independence Day", fixed(year, 7, 4)],
    ["Labor Day", nthWeekday(year, 9, MONDAY, 1)],
    ["Columbus Day", nthWeekday(year, 10, MONDAY, 2)],
    ["Veterans Day", fixed(year, 11, 11)],
    ["Thanksgiving Day", nthWeekday(year, 11, THURSDAY, 4)],
    ["Christmas Day", fixed(year, 12, 25)],
  ];
  // Juneteenth became a federal holiday in 2021
  if (year >= 2021) list.splice(4, 0, ["Juneteenth National Independence Day", fixed(year, 6, 19)]);
  return list;
}

function observed(legal: number): number {
  const day = weekday(legal);
  if (day === 6) return legal - 1;
  if (day === 0) return legal + 1;
  return legal;
}

/** The federal holidays of one year, in date order. */
export function federalHolidays(year: number): FederalHoliday[] {
  if (!Number.isInteger(year) || year < 1971 || year > 9998) throw new RangeError(`Year out of range: ${year}`);
  return legalDates(year).map(([name, legal]) => ({
    name,
    legalDate: isoDay(legal),
    observedDate: isoDay(observed(legal)),
  }));
}

/**
 * Holidays whose legal or observed date falls between `from` and `to` (inclusive). New Year's Day
 * of the next year can be observed on 31 December, so the year after `to` is looked at too.
 */
export function federalHolidaysBetween(from: string, to: string): FederalHoliday[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (end < start) return [];
  const inRange = (date: string) => {
    const day = dayNumber(date);
    return day >= start && day <= end;
  };
  const years: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)) + 1 && year <= 9998; year++)
    years.push(year);
  return years
    .flatMap((year) => federalHolidays(year))
    .filter((holiday) => inRange(holiday.legalDate) || inRange(holiday.observedDate));
}
