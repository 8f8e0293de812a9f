// When a package expires (issue 4 §6, DOMAIN.md §1 'expiry time passes'): RELATIVE expiration is a
// number of days after the package becomes available, at a wall-clock time in the organization's
// time zone (setting `timezone`, default UTC; 23:59 without a time).

/** The offset (ms) of `timeZone` from UTC at the instant `at`. */
function zoneOffset(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock date and time in `timeZone` names (the later one in a DST fold). */
export function zonedTimeToInstant(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  // two passes settle the offset on either side of a DST change
  let instant = naive - zoneOffset(new Date(naive), timeZone);
  instant = naive - zoneOffset(new Date(instant), timeZone);
  return new Date(instant);
}

/** The calendar date of an instant in `timeZone`. */
function zonedDate(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at)
    .split("-")
    .map(Number);
  return { year: parts[0] as number, month: parts[1] as number, day: parts[2] as number };
}

/**
 * RELATIVE expiry: `days` calendar days after `availableAt` (in `timeZone`), at `time` (HH:mm) or
 * at 23:59 without one. Never earlier than one minute after `availableAt`.
 */
export function relativeExpiry(availableAt: Date, days: number, time: string | null, timeZone = "UTC"): Date {
  const start = zonedDate(availableAt, timeZone);
  const target = new Date(Date.UTC(start.year, start.month - 1, start.day + Math.max(0, days)));
  const [hour, minute] = (time ?? "23:59").split(":").map(Number) as [number, number];
  const expiry = zonedTimeToInstant(
    { year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: target.getUTCDate() },
    { hour, minute },
    timeZone,
  );
  const earliest = new Date(availableAt.getTime() + 60_000);
  return expiry < earliest ? earliest : expiry;
}
