import { percentile } from "../percentile.ts";
import type { StorageFootprint } from "./measure-storage.ts";
import type { LoadWindow } from "./request-log.ts";
import type { SystemSample } from "./system-sampler.ts";

/** Growth of RSS or heap above this share of the second minute's fails the soak. */
export const GROWTH_LIMIT_PERCENT = 10;
/** A run needs a second minute and a later last one to compare them. */
export const MINUTES_TO_JUDGE_GROWTH = 3;

/** One sample of the open-loop run: the load of the last interval and the system at its end. */
export interface SoakSample {
  /** seconds since the open-loop run started, at the sample */
  atSeconds: number;
  intervalSeconds: number;
  load: LoadWindow;
  system: SystemSample;
}

export interface MinuteRow {
  minute: number;
  requestsPerSecond: number;
  journeysPerSecond: number;
  p99Ms: number;
  errors: number;
  processes: ProcessMinute[];
  pgConnections: number;
  redisMb: number;
  redisKeys: number;
  outboxPending: number;
  outboxLagSeconds: number;
}

/** A process's memory in one minute, in MB: the median of its readings, and the floor (the lowest). */
export interface ProcessMinute {
  name: string;
  rssMb: number;
  rssFloorMb: number;
  heapMb: number;
  heapFloorMb: number;
}

export interface Growth {
  process: string;
  what: "RSS" | "heap";
  /** the floors of minute 2 and of the last minute, and the growth between them: what is judged */
  secondMinuteMb: number;
  lastMinuteMb: number;
  percent: number;
  /** the same between the medians, for information */
  medianPercent: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const errorCount = (load: LoadWindow) => sum(Object.values(load.errors));
const p99 = (times: number[]) => percentile(Float64Array.from(times).sort(), 0.99);
const median = (values: number[]) => percentile(Float64Array.from(values).sort(), 0.5);

/** The minute (1, 2 …) a sample taken `atSeconds` after the start reports on: 60 s closes minute 1. */
const minuteOf = (sample: SoakSample) => Math.ceil(sample.atSeconds / 60 - 1e-9);

/** The samples of each whole minute of the run, by minute number. */
function byMinute(samples: SoakSample[], minutes: number): Map<number, SoakSample[]> {
  const grouped = new Map<number, SoakSample[]>();
  for (const sample of samples) {
    const minute = minuteOf(sample);
    if (minute < 1 || minute > minutes) continue;
    grouped.set(minute, [...(grouped.get(minute) ?? []), sample]);
  }
  return grouped;
}

function processMinutes(samples: SoakSample[]): ProcessMinute[] {
  const names = samples[0]?.system.processes.map((process) => process.name) ?? [];
  return names.map((name) => {
    const of = samples.map((sample) => sample.system.processes.find((process) => process.name === name)!);
    const finite = (values: number[]) => values.filter(Number.isFinite);
    return {
      name,
      rssMb: median(finite(of.map((process) => process.rssMb))),
      rssFloorMb: Math.min(...finite(of.map((process) => process.rssFloorMb))),
      heapMb: median(finite(of.map((process) => process.heapMb))),
      heapFloorMb: Math.min(...finite(of.map((process) => process.heapFloorMb))),
    };
  });
}

/** The time series, one row per minute of the run. */
export function minuteRows(samples: SoakSample[], minutes: number): MinuteRow[] {
  return [...byMinute(samples, minutes)].map(([minute, group]) => {
    const seconds = sum(group.map((sample) => sample.intervalSeconds));
    const last = group.at(-1)!.system;
    return {
      minute,
      requestsPerSecond: sum(group.map((sample) => sample.load.requests)) / seconds,
      journeysPerSecond: sum(group.map((sample) => sample.load.journeys)) / seconds,
      p99Ms: p99(group.flatMap((sample) => sample.load.timesMs)),
      errors: sum(group.map((sample) => errorCount(sample.load))),
      processes: processMinutes(group),
      pgConnections: Math.max(...group.map((sample) => sample.system.pgConnections)),
      redisMb: last.redisMb,
      redisKeys: last.redisKeys,
      outboxPending: Math.max(...group.map((sample) => sample.system.outboxPending)),
      outboxLagSeconds: Math.max(...group.map((sample) => sample.system.outboxLagSeconds)),
    };
  });
}

/**
 * RSS and heap of each process, minute 2 against the last minute, each minute by its floor: the
 * lowest of its once-a-second readings, what the process keeps after a collection. The median is
 * given beside it but not judged: the heap climbs for a minute or more between two major
 * collections, so a minute's median says where in that climb it fell (a 3-minute run read −26 %
 * for the API's RSS median while its floor moved −0.7 %). The first minute is left out: it holds the
 * warm-up (code compiled, pools filled, caches made), growth of a kind that stops. Null when the
 * run is too short to have a second minute and a later last one.
 */
export function growthOf(samples: SoakSample[], minutes: number): Growth[] | null {
  if (minutes < MINUTES_TO_JUDGE_GROWTH) return null;
  const grouped = byMinute(samples, minutes);
  const second = grouped.get(2);
  const last = grouped.get(minutes);
  if (!second || !last) return null;
  const [from, to] = [processMinutes(second), processMinutes(last)];
  const percent = (before: number, after: number) => ((after - before) / before) * 100;
  return from.flatMap((process, index) => {
    const end = to[index]!;
    return [
      {
        process: process.name,
        what: "RSS" as const,
        secondMinuteMb: process.rssFloorMb,
        lastMinuteMb: end.rssFloorMb,
        percent: percent(process.rssFloorMb, end.rssFloorMb),
        medianPercent: percent(process.rssMb, end.rssMb),
      },
      {
        process: process.name,
        what: "heap" as const,
        secondMinuteMb: process.heapFloorMb,
        lastMinuteMb: end.heapFloorMb,
        percent: percent(process.heapFloorMb, end.heapFloorMb),
        medianPercent: percent(process.heapMb, end.heapMb),
      },
    ];
  });
}

export interface SoakSummary {
  startedAt: string;
  /** the probe's maximum (journeys/s) and the rate the run arrived at */
  maximumJourneysPerSecond: number | null;
  probe: { concurrency: number; journeysPerSecond: number; errors: number }[];
  rate: number;
  minutes: number;
  total: LoadWindow;
  /** errors of every kind: requests, seals, webhooks, dropped arrivals, error lines the processes logged */
  errors: Record<string, number>;
  webhooks: Record<string, number>;
  /** the system once the last journey ended: the outbox and queues should be empty again */
  afterDrain: SystemSample;
  rows: MinuteRow[];
  growth: Growth[] | null;
  /** what each package of the run added to PostgreSQL and the object store (issue 31 §5) */
  storage: StorageFootprint | null;
  examples: string[];
}

export interface SoakVerdict {
  errors: number;
  errorsMet: boolean;
  /** the largest growth, null when not judged */
  worstGrowthPercent: number | null;
  growthMet: boolean | null;
}

export function verdictOf(summary: SoakSummary): SoakVerdict {
  const errors = sum(Object.values(summary.errors));
  const worst = summary.growth ? Math.max(...summary.growth.map((growth) => growth.percent)) : null;
  return {
    errors,
    errorsMet: errors === 0,
    worstGrowthPercent: worst,
    growthMet: worst === null ? null : worst < GROWTH_LIMIT_PERCENT,
  };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

/** The report as Markdown: the summary with its goals, then the minutes, then what the probe and the run saw. */
export function formatSoakReport(summary: SoakSummary): string {
  const verdict = verdictOf(summary);
  const names = summary.rows[0]?.processes.map((process) => process.name) ?? [];
  const kinds = Object.entries(summary.total.timesByKind).sort(([a], [b]) => a.localeCompare(b));
  const seconds = summary.minutes * 60;
  const lines = [
    `# Soak run of ${summary.startedAt}`,
    "",
    `Open-loop mixed journeys at ${fixed(summary.rate, 2)} journeys/s for ${summary.minutes} min` +
      (summary.maximumJourneysPerSecond === null
        ? " (a fixed SOAK_RATE, no probe)."
        : ` (${Math.round((summary.rate / summary.maximumJourneysPerSecond) * 100)} % of the probed maximum, ` +
          `${fixed(summary.maximumJourneysPerSecond, 2)} journeys/s).`),
    "",
    "## Goals",
    "",
    table(
      ["goal", "measured", "met"],
      [
        ["errors: 0", String(verdict.errors), verdict.errorsMet ? "yes" : "NO"],
        [
          `RSS and heap growth of each process < ${GROWTH_LIMIT_PERCENT} % (floor of minute 2 against minute ${summary.minutes})`,
          verdict.worstGrowthPercent === null
            ? `not judged: needs ≥ ${MINUTES_TO_JUDGE_GROWTH} minutes`
            : `worst ${fixed(verdict.worstGrowthPercent)} %`,
          verdict.growthMet === null ? "-" : verdict.growthMet ? "yes" : "NO",
        ],
      ],
    ),
    "",
    "## Summary",
    "",
    `- requests: ${summary.total.requests} (${fixed(summary.total.requests / seconds)} req/s), ` +
      `journeys sealed: ${summary.total.journeys} (${fixed(summary.total.journeys / seconds, 2)} /s), ` +
      `p99 of all requests ${fixed(p99(summary.total.timesMs))} ms`,
    `- errors by kind: ${
      Object.keys(summary.errors).length === 0
        ? "none"
        : Object.entries(summary.errors)
            .map(([kind, count]) => `${kind} × ${count}`)
            .join(", ")
    }`,
    `- webhooks delivered: ${Object.entries(summary.webhooks)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, count]) => `${type} ${count}`)
      .join(", ")}`,
    `- after the last journey: outbox pending ${summary.afterDrain.outboxPending}, unprocessed ${summary.afterDrain.outboxUnprocessed} ` +
      `(oldest ${fixed(summary.afterDrain.outboxLagSeconds)} s), PostgreSQL connections ${summary.afterDrain.pgConnections}, ` +
      `Redis ${fixed(summary.afterDrain.redisMb)} MB with ${summary.afterDrain.redisKeys} keys of the run`,
    ...(summary.growth
      ? [
          "",
          table(
            [
              "process",
              "",
              "floor, minute 2 (MB)",
              `floor, minute ${summary.minutes} (MB)`,
              "growth",
              "median's growth",
            ],
            summary.growth.map((growth) => [
              growth.process,
              growth.what,
              fixed(growth.secondMinuteMb),
              fixed(growth.lastMinuteMb),
              `${fixed(growth.percent)} %`,
              `${fixed(growth.medianPercent)} %`,
            ]),
          ),
        ]
      : []),
    "",
    "## Per minute",
    "",
    table(
      [
        "min",
        "req/s",
        "journeys/s",
        "p99 ms",
        "errors",
        ...names.map((name) => `${name} RSS / heap MB`),
        "pg conns",
        "Redis MB",
        "Redis keys",
        "outbox pending",
        "outbox lag s",
      ],
      summary.rows.map((row) => [
        String(row.minute),
        fixed(row.requestsPerSecond),
        fixed(row.journeysPerSecond, 2),
        fixed(row.p99Ms, 0),
        String(row.errors),
        ...row.processes.map(
          (process) =>
            `${fixed(process.rssMb, 0)} (${fixed(process.rssFloorMb, 0)}) / ${fixed(process.heapMb, 0)} (${fixed(process.heapFloorMb, 0)})`,
        ),
        String(row.pgConnections),
        fixed(row.redisMb),
        String(row.redisKeys),
        String(row.outboxPending),
        fixed(row.outboxLagSeconds),
      ]),
    ),
    "",
    "## Steps of a journey (whole run)",
    "",
    table(
      ["step", "count", "p50 ms", "p99 ms"],
      kinds.map(([kind, times]) => {
        const sorted = Float64Array.from(times).sort();
        return [kind, String(times.length), fixed(percentile(sorted, 0.5), 0), fixed(percentile(sorted, 0.99), 0)];
      }),
    ),
    "",
    "Memory per minute: the median of the once-a-second readings, the floor (lowest) in brackets.",
    "The seal row is no request: it is the wait from the participant's finish to the package.sealed webhook.",
  ];
  if (summary.probe.length > 0) {
    lines.push(
      "",
      "## Probe (closed loop: concurrent journeys, each waiting for its seal)",
      "",
      table(
        ["concurrent journeys", "journeys/s", "errors"],
        summary.probe.map((step) => [String(step.concurrency), fixed(step.journeysPerSecond, 2), String(step.errors)]),
      ),
    );
  }
  if (summary.storage) {
    const { storage } = summary;
    const kb = (bytes: number) => fixed(bytes / 1024, 1);
    lines.push(
      "",
      `## Storage per package (${storage.packages} packages of this run)`,
      "",
      `PostgreSQL ${kb(storage.databaseBytesPerPackage)} KB a package (tables with their indexes and TOAST); ` +
        `object store ${fixed(storage.objectsPerPackage, 1)} files, ${kb(storage.objectBytesPerPackage)} KB a package.`,
      "",
      table(
        ["table", "rows per package", "KB per package"],
        storage.tables.map((entry) => [entry.name, fixed(entry.rowsPerPackage, 1), kb(entry.bytesPerPackage)]),
      ),
    );
  }
  if (summary.examples.length > 0) {
    lines.push("", "## First errors", "", ...summary.examples.map((example) => `- ${example.replaceAll("\n", " ")}`));
  }
  return `${lines.join("\n")}\n`;
}
