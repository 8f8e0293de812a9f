export { registerJobMetrics } from "./job-metrics.ts";
export { carriesMetricsToken } from "./metrics-token.ts";
export { registerOperationalGauges } from "./operational-gauges.ts";
