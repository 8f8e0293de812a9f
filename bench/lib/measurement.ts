import type { Goal } from "./goals.ts";

/**
 * One thing a scenario measures: an HTTP endpoint put under load by autocannon, or — where the path
 * is not one HTTP call (a queue's throughput, a bundle's size) — a `measure` function of its own.
 */
export interface Target {
  name: string;
  /** the endpoint autocannon loads; absent when `measure` is given */
  url?: string;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  /** sent with every request (a JSON body needs its content-type in headers) */
  body?: string;
  /** measures the target itself instead of autocannon, with the run's load settings */
  measure?: (load: LoadSettings) => Promise<Measurement>;
  /** a reference: targets of the scenario are compared with it (the first one, unless they name theirs) */
  baseline?: boolean;
  /** the name of the baseline target this one is compared with, where a scenario has several */
  compareWith?: string;
  /** what this target must reach; shown in the table with met or not */
  goal?: Goal;
  /**
   * The process answering (a server of its own): its CPU per request is noted, a figure other work on
   * the machine changes far less than req/s (PostgreSQL's share is not in it)
   */
  serverPid?: number;
}

/** the note of a target with a serverPid: its server's CPU (user + system) per request, in ms */
export const SERVER_CPU_PER_REQUEST = "server CPU ms/req";

/** The same load for every target of a run, so their numbers compare. */
export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface Measurement {
  target: string;
  path: string;
  /** the load's connections (a scenario may set its own) */
  connections: number;
  requestsPerSecond: number;
  totalRequests: number;
  durationSeconds: number;
  /** of 2xx responses, from the exact response times (autocannon's own histogram rounds to whole ms) */
  p50Ms: number;
  p99Ms: number;
  /** connection errors, timeouts included */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** the 2xx response times, for merging rounds (mergeMeasurements drops them) */
  responseTimesMs?: number[];
  /** other measured quantities (a bundle's gzip KB, a server's RSS growth in MB), shown as notes */
  extra?: Record<string, number>;
}
