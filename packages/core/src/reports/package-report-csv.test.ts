import type { PackageReportRow } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { packageReportCsvRecord, packageReportCsvText } from "./package-report-csv.ts";

const row = (change: Partial<PackageReportRow> = {}): PackageReportRow => ({
  id: "00000000-0000-4000-8000-000000000001",
  shortId: "P-1",
  name: "Loan 1",
  status: "COMPLETED",
  senderName: "Ada Lovelace",
  groups: ["East", "West"],
  createdAt: "2026-01-01T00:00:00.000Z",
  sentAt: "2026-01-02T00:00:00.000Z",
  completedAt: "2026-01-04T12:00:00.000Z",
  participantCount: 2,
  daysToComplete: 2.5,
  ...change,
});

/** The file as text, the byte order mark kept as U+FEFF. */
function csvOf(rows: PackageReportRow[]): string {
  return packageReportCsvText(rows.map(packageReportCsvRecord), true);
}

describe("the package report's CSV", () => {
  it("starts with the UTF-8 byte order mark and the header, and shows status words", () => {
    const csv = csvOf([row()]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Package,Short id,Status,Sender,Groups,Created,Sent,Completed,Participants,Days to complete",
      "Loan 1,P-1,Completed,Ada Lovelace,East; West,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,2026-01-04T12:00:00.000Z,2,2.5",
      "",
    ]);
  });

  it.each([
    ["a, comma", '"a, comma"'],
    ['a "quote"', '"a ""quote"""'],
    ["two\nlines", '"two\nlines"'],
    ["carriage\rreturn", '"carriage\rreturn"'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["=1,2", `"'=1,2"`],
    ["plain", "plain"],
    ["Zażółć – 王小明", "Zażółć – 王小明"],
  ])("writes the name %j as %s", (name, cell) => {
    const csv = csvOf([row({ name })]);
    expect(csv.slice(1).split("\r\n").slice(1).join("\r\n").startsWith(`${cell},P-1,`)).toBe(true);
  });

  it("leaves empty cells for what has not happened", () => {
    const csv = csvOf([
      row({ status: "STARTED", sentAt: null, completedAt: null, daysToComplete: null, senderName: null }),
    ]);
    expect(csv.slice(1).split("\r\n")[1]).toBe("Loan 1,P-1,Draft,,East; West,2026-01-01T00:00:00.000Z,,,2,");
  });
});
