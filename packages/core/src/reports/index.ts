export * from "./mailing-report.ts";
export * from "./package-report.ts";
export * from "./package-report-csv.ts";
export * from "./package-report-series.ts";
export * from "./report-periods.ts";
export * from "./report-scope.ts";
