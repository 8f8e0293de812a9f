import { TZDate } from "@date-fns/tz";

// When a package expires (issue 4 §6, DOMAIN.md §1 'expiry time passes'): RELATIVE expiration is a
// number of days after the package becomes available, at a wall-clock time in the organization's
// time zone (setting `timezone`, default UTC; 23:59 without a time). The time-zone rules come from
// @date-fns/tz, over the platform's Intl data.

/** The instant a wall-clock date and time in `timeZone` names. */
export function zonedTimeToInstant(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  return new Date(new TZDate(date.year, date.month - 1, date.day, time.hour, time.minute, timeZone).getTime());
}

/**
 * RELATIVE expiry: `days` calendar days after `availableAt` (in `timeZone`), at `time` (HH:mm) or
 * at 23:59 without one. Never earlier than one minute after `availableAt`.
 */
export function relativeExpiry(availableAt: Date, days: number, time: string | null, timeZone = "UTC"): Date {
  const start = new TZDate(availableAt.getTime(), timeZone);
  const [hour, minute] = (time ?? "23:59").split(":").map(Number) as [number, number];
  // the calendar day is counted in the zone: TZDate rolls the month and year over as a date does
  const expiry = new TZDate(
    start.getFullYear(),
    start.getMonth(),
    start.getDate() + Math.max(0, days),
    hour,
    minute,
    timeZone,
  );
  const earliest = availableAt.getTime() + 60_000;
  return new Date(Math.max(expiry.getTime(), earliest));
}
