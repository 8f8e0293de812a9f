import { COMPLETION_TIME_BUCKETS, type ReportBucket } from "@signet/contract";

// Pure pieces of the package report's charts: which period a chart counts by, the periods it
// shows, and the ranges of time to completion.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Up to about two months a point a day stays readable; past that a point a week. */
export const MAX_DAILY_RANGE_DAYS = 62;

/** The chart's period for a date range (inclusive of both ends). */
export function chooseReportBucket(from: Date, to: Date): ReportBucket {
  const days = Math.floor((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS) + 1;
  return days <= MAX_DAILY_RANGE_DAYS ? "day" : "week";
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The first day of the period holding `date` (weeks start on Monday, as Postgres' date_trunc counts them). */
export function periodStart(date: Date, bucket: ReportBucket): Date {
  const day = startOfUtcDay(date);
  if (bucket === "day") return day;
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** Every period from the one holding `from` to the one holding `to`, as YYYY-MM-DD. */
export function periodsBetween(from: Date, to: Date, bucket: ReportBucket): string[] {
  const step = bucket === "day" ? DAY_MS : 7 * DAY_MS;
  const periods: string[] = [];
  const last = periodStart(to, bucket).getTime();
  for (let time = periodStart(from, bucket).getTime(); time <= last; time += step) {
    periods.push(new Date(time).toISOString().slice(0, 10));
  }
  return periods;
}

/** Folds counts per whole day of time to completion into the contract's ranges (every range present). */
export function completionTimeBuckets(counts: readonly { days: number; count: number }[]) {
  const out = COMPLETION_TIME_BUCKETS.map((bucket) => ({ label: bucket.label, count: 0 }));
  for (const { days, count } of counts) {
    const index = COMPLETION_TIME_BUCKETS.findIndex((bucket) => bucket.maxDays === null || days < bucket.maxDays);
    out[index]!.count += count;
  }
  return out;
}

/** Days between sending and completion, one decimal; null unless both happened in that order. */
export function daysToComplete(sentAt: Date | null, completedAt: Date | null): number | null {
  if (!sentAt || !completedAt || completedAt < sentAt) return null;
  return daysOf(completedAt.getTime() - sentAt.getTime());
}

/** A time in days to one decimal, as the report shows time to completion. */
export function daysOf(ms: number): number {
  return Math.round((ms / DAY_MS) * 10) / 10;
}
