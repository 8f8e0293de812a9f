import { describe, expect, it } from "vitest";
import {
  chooseReportBucket,
  completionTimeBuckets,
  daysToComplete,
  periodStart,
  periodsBetween,
} from "./report-periods.ts";

const d = (iso: string) => new Date(iso);

describe("chooseReportBucket", () => {
  it.each([
    ["2026-01-01", "2026-01-01", "day"],
    ["2026-01-01", "2026-03-03", "day"], // 62 days counting both ends
    ["2026-01-01", "2026-03-04", "week"], // 63 days
    ["2025-01-01", "2026-12-31", "week"],
    ["2026-01-01T23:59:00Z", "2026-03-03T00:00:00Z", "day"], // whole days, not hours
  ])("%s to %s counts by %s", (from, to, bucket) => {
    expect(chooseReportBucket(d(from), d(to))).toBe(bucket);
  });
});

describe("periods", () => {
  it("starts weeks on Monday (2026-11-23 is a Monday)", () => {
    expect(periodStart(d("2026-11-29T22:00:00Z"), "week").toISOString().slice(0, 10)).toBe("2026-11-23");
    expect(periodStart(d("2026-11-23T00:00:00Z"), "week").toISOString().slice(0, 10)).toBe("2026-11-23");
    expect(periodStart(d("2026-11-29T22:00:00Z"), "day").toISOString().slice(0, 10)).toBe("2026-11-29");
  });

  it("lists every period between two dates, both ends included", () => {
    expect(periodsBetween(d("2026-02-27"), d("2026-03-02"), "day")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(periodsBetween(d("2026-11-20"), d("2026-12-01"), "week")).toEqual([
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
  });
});

describe("completionTimeBuckets", () => {
  it("puts each whole day count into its range, every range present", () => {
    const out = completionTimeBuckets([
      { days: 0, count: 2 },
      { days: 1, count: 1 },
      { days: 2, count: 1 },
      { days: 3, count: 4 },
      { days: 13, count: 1 },
      { days: 27, count: 1 },
      { days: 28, count: 3 },
      { days: 400, count: 1 },
    ]);
    expect(out).toEqual([
      { label: "Under 1 day", count: 2 },
      { label: "1–2 days", count: 2 },
      { label: "3–6 days", count: 4 },
      { label: "1–2 weeks", count: 1 },
      { label: "2–4 weeks", count: 1 },
      { label: "4 weeks or more", count: 4 },
    ]);
  });
});

describe("daysToComplete", () => {
  it.each([
    ["2026-01-01T00:00:00Z", "2026-01-03T12:00:00Z", 2.5],
    ["2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z", 0],
    [null, "2026-01-01T00:00:00Z", null],
    ["2026-01-01T00:00:00Z", null, null],
    ["2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z", null],
  ])("%s → %s is %s", (sent, completed, days) => {
    expect(daysToComplete(sent ? d(sent) : null, completed ? d(completed) : null)).toBe(days);
  });
});
