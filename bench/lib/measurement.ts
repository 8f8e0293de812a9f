/** One HTTP endpoint a scenario puts under load. */
export interface Target {
  name: string;
  url: string;
  method?: "GET";
  headers?: Record<string, string>;
  /** the reference the other targets of the scenario are compared with */
  baseline?: boolean;
}

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
}
