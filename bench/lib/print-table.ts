import type { ReportRow } from "./compare-to-baseline.ts";

const COLUMNS: { title: string; align: "left" | "right"; value(row: ReportRow): string }[] = [
  { title: "scenario", align: "left", value: (row) => row.scenario },
  { title: "target", align: "left", value: (row) => row.target },
  { title: "conn", align: "right", value: (row) => String(row.connections) },
  { title: "req/s", align: "right", value: (row) => Math.round(row.requestsPerSecond).toString() },
  { title: "p50 ms", align: "right", value: (row) => row.p50Ms.toFixed(2) },
  { title: "p99 ms", align: "right", value: (row) => row.p99Ms.toFixed(2) },
  { title: "errors/non-2xx", align: "right", value: (row) => `${row.errors}/${row.non2xx}` },
  {
    title: "× baseline",
    align: "right",
    value: (row) => (row.ratioToBaseline === null ? "-" : row.ratioToBaseline.toFixed(2)),
  },
  { title: "goal", align: "left", value: (row) => row.goal ?? "-" },
  { title: "met", align: "left", value: (row) => (row.met === null ? "-" : row.met ? "yes" : "NO") },
  {
    title: "notes",
    align: "left",
    value: (row) =>
      Object.entries(row.extra ?? {})
        .map(([key, amount]) => `${key} ${Number.isInteger(amount) ? amount : amount.toFixed(1)}`)
        .join(", "),
  },
];

/** A plain-text table that reads the same in a terminal, a CI log and a pasted issue comment. */
export function formatTable(rows: ReportRow[]): string {
  const cells = [
    COLUMNS.map((column) => column.title),
    ...rows.map((row) => COLUMNS.map((column) => column.value(row))),
  ];
  const widths = COLUMNS.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, index) =>
        COLUMNS[index]!.align === "left" ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!),
      )
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [format(cells[0]!), rule, ...cells.slice(1).map(format)].join("\n");
}

/** The same columns as a Markdown table, for bench/RESULTS.md. */
export function formatMarkdownTable(rows: ReportRow[]): string {
  // a "|" inside a cell would end it
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const cells = [
    COLUMNS.map((column) => cell(column.title)),
    ...rows.map((row) => COLUMNS.map((column) => cell(column.value(row)))),
  ];
  // padded as the repository's formatter pads a table, so that a run's page needs no reformatting
  const widths = COLUMNS.map((_, index) => Math.max(3, ...cells.map((line) => line[index]!.length)));
  const line = (texts: string[]) =>
    `| ${texts
      .map((text, index) =>
        COLUMNS[index]!.align === "right" ? text.padStart(widths[index]!) : text.padEnd(widths[index]!),
      )
      .join(" | ")} |`;
  const rule = `| ${COLUMNS.map((column, index) =>
    column.align === "right" ? `${"-".repeat(widths[index]! - 1)}:` : "-".repeat(widths[index]!),
  ).join(" | ")} |`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join("\n");
}
