import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findBrokenLinks } from "../../scripts/doc-links.ts";
import type { ReportRow } from "./compare-to-baseline.ts";
import { type BenchReport, formatResultsPage, writeResults } from "./write-results.ts";

const row = (target: string, fields: Partial<ReportRow>): ReportRow => ({
  scenario: "permissions",
  target,
  path: "/api/v1/users/me/permissions",
  connections: 10,
  requestsPerSecond: 1000,
  totalRequests: 10_000,
  durationSeconds: 10,
  p50Ms: 4.2,
  p99Ms: 9.87,
  errors: 0,
  timeouts: 0,
  non2xx: 0,
  statusCodes: { "200": 10_000 },
  baseline: false,
  ratioToBaseline: null,
  goal: null,
  met: null,
  ...fields,
});

const report = (overrides: Partial<BenchReport> = {}): BenchReport => ({
  startedAt: "2026-12-01T09:15:02.123Z",
  finishedAt: "2026-12-01T09:16:40.456Z",
  machine: {
    cpus: 2,
    cpuModel: "Test CPU @ 2.0GHz",
    memoryGb: 8,
    platform: "linux 6.1.0",
    arch: "x64",
    nodeVersion: "v20.19.0",
    postgresVersion: "16.4",
    commit: "abc1234+dirty",
  },
  load: { connections: 10, durationSeconds: 10, warmupSeconds: 2 },
  poolMax: 10,
  loadAverage: { start: 0.42, end: 0.97 },
  scenarios: { ran: ["permissions"], notRun: ["workspace", "sealing"] },
  rows: [
    row("api: permissions", { requestsPerSecond: 10_672.4, ratioToBaseline: 6.1, goal: "≥ 0.50×", met: true }),
    row("api: odd | name", { requestsPerSecond: 12.5, ratioToBaseline: 0.3, goal: "≥ 0.50×", met: false }),
    row("baseline: permissions", { requestsPerSecond: 1749.6, baseline: true, extra: { "RSS MB": 21.6 } }),
  ],
  ...overrides,
});

describe("formatResultsPage", () => {
  it("says when the run was, which scenarios ran, the machine and its load, then the table", () => {
    const page = formatResultsPage(report(), "2026-12-01T09-15-02.123Z.json");
    expect(page).toContain("- **When:** 2026-12-01 09:15 UTC to 2026-12-01 09:16 UTC (1 min 38 s)");
    expect(page).toContain("- **Scenarios:** permissions; not run: workspace, sealing");
    expect(page).toContain(
      "2 × Test CPU @ 2.0GHz, 8 GB, linux 6.1.0 x64, Node v20.19.0, PostgreSQL 16.4, commit abc1234+dirty",
    );
    expect(page).toContain("- **Machine load** (1-minute average): 0.4 at the start, 1.0 at the end, on 2 cores\n");
    expect(page).toContain("10 connections unless the table says otherwise, 2 s warm-up, 10 s per target");
    const table = page.split("\n").filter((line) => line.startsWith("|"));
    const cells = (line: string) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((text) => text.trim());
    expect(cells(table[0]!)).toEqual([
      "scenario",
      "target",
      "conn",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors/non-2xx",
      "× baseline",
      "goal",
      "met",
      "notes",
    ]);
    expect(cells(table[2]!)).toEqual([
      "permissions",
      "api: permissions",
      "10",
      "10672",
      "4.20",
      "9.87",
      "0/0",
      "6.10",
      "≥ 0.50×",
      "yes",
      "",
    ]);
    // a | in a cell is escaped, or it would split the row
    expect(cells(table[3]!)).toContain("api: odd \\| name");
    expect(cells(table[3]!)).toContain("NO");
    expect(cells(table[4]!)).toContain("RSS MB 21.6");
    expect(page).toContain("Goals met: 1 of 2.");
    expect(page).toContain("`bench/results/2026-12-01T09-15-02.123Z.json`");
  });

  it("says a full run ran everything, and warns when the machine was busy", () => {
    const page = formatResultsPage(
      report({ scenarios: { ran: ["permissions", "workspace"], notRun: [] }, loadAverage: { start: 3.1, end: 2.9 } }),
      "x.json",
    );
    expect(page).toContain("- **Scenarios:** permissions, workspace (all of a plain `pnpm bench`)");
    expect(page).toContain("on 2 cores: the machine was busy, so the figures are noisy");
  });
});

describe("the page's table", () => {
  it("pads every column as the repository's formatter does: each line as long as the others, numbers to the right", () => {
    const page = formatResultsPage(report(), "run.json");
    const table = page.split("\n").filter((line) => line.startsWith("|"));
    expect(table.length).toBeGreaterThan(2);
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
    expect(table[1]).toMatch(/^\| -+ \| -+ \| -+: \|/);
  });
});

describe("writeResults", () => {
  const root = mkdtempSync(join(tmpdir(), "signet-bench-results-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes the run's JSON, latest.json, and replaces the results page", async () => {
    const places = { resultsDir: join(root, "bench/results"), page: join(root, "bench/RESULTS.md") };
    mkdirSync(join(root, "bench"), { recursive: true });
    writeFileSync(places.page, "# the previous run\n");
    const whole = report({ scenarios: { ran: ["permissions"], notRun: [] } });
    const written = await writeResults(whole, places);

    expect(written.json).toBe(join(root, "bench/results/2026-12-01T09-15-02.123Z.json"));
    expect(JSON.parse(readFileSync(written.json, "utf8")).scenarios.ran).toEqual(["permissions"]);
    expect(readFileSync(join(places.resultsDir, "latest.json"), "utf8")).toBe(readFileSync(written.json, "utf8"));
    const page = readFileSync(places.page, "utf8");
    expect(page).not.toContain("the previous run");
    expect(page).toBe(formatResultsPage(whole, "2026-12-01T09-15-02.123Z.json"));
  });

  it("leaves the page alone after a run of some scenarios only, and still writes its JSON", async () => {
    const places = { resultsDir: join(root, "partial/bench/results"), page: join(root, "partial/bench/RESULTS.md") };
    mkdirSync(join(root, "partial/bench"), { recursive: true });
    writeFileSync(places.page, "# the previous whole run\n");
    const partial = report({ scenarios: { ran: ["permissions"], notRun: ["workspace"] } });
    const written = await writeResults(partial, places);

    expect(written.page).toBeNull();
    expect(readFileSync(places.page, "utf8")).toBe("# the previous whole run\n");
    expect(JSON.parse(readFileSync(written.json, "utf8")).scenarios.notRun).toEqual(["workspace"]);
  });

  it("writes a page whose links lead to the method where it is in the repository", async () => {
    const places = { resultsDir: join(root, "links/bench/results"), page: join(root, "links/bench/RESULTS.md") };
    mkdirSync(join(root, "links/docs/operations"), { recursive: true });
    await writeResults(report({ scenarios: { ran: ["permissions"], notRun: [] } }), places);
    expect(findBrokenLinks(join(root, "links"), ["bench/RESULTS.md"])).toHaveLength(1);
    writeFileSync(join(root, "links/docs/operations/benchmarks.md"), "# Benchmarks\n");
    expect(findBrokenLinks(join(root, "links"), ["bench/RESULTS.md"])).toEqual([]);
    expect(existsSync(new URL("../../docs/operations/benchmarks.md", import.meta.url))).toBe(true);
  });
});
