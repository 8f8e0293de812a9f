import type { LoadSettings, Measurement } from "./measurement.ts";
import { percentile } from "./percentile.ts";

/**
 * A load generator for requests autocannon does not make well (a 50 MB multipart body): `connections`
 * loops each sending `send()` back to back, first for the warm-up, then for the measured time.
 * `send(connection)` (0 … connections − 1) answers the HTTP status; a throw counts as an error. `onMeasuring` runs when the measured
 * part starts (after the warm-up), for samplers that watch only the measured load.
 */
export async function measureLoop(
  what: { target: string; path: string },
  load: LoadSettings,
  send: (connection: number) => Promise<number>,
  onMeasuring: () => void = () => {},
): Promise<Omit<Measurement, "extra">> {
  const run = async (seconds: number, record: boolean) => {
    const times: number[] = [];
    const statusCodes: Record<string, number> = {};
    let errors = 0;
    const endAt = performance.now() + seconds * 1000;
    const startedAt = performance.now();
    await Promise.all(
      Array.from({ length: load.connections }, async (_, connection) => {
        while (performance.now() < endAt) {
          const start = performance.now();
          try {
            const status = await send(connection);
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
            if (record && status >= 200 && status < 300) times.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
    return { times, statusCodes, errors, elapsed: (performance.now() - startedAt) / 1000 };
  };
  if (load.warmupSeconds > 0) await run(load.warmupSeconds, false);
  onMeasuring();
  const result = await run(load.durationSeconds, true);
  const total = Object.values(result.statusCodes).reduce((sum, count) => sum + count, 0);
  const sorted = Float64Array.from(result.times).sort();
  return {
    ...what,
    connections: load.connections,
    // requests that finished within the measured time (the last ones may end a little after it)
    requestsPerSecond: total / result.elapsed,
    totalRequests: total,
    durationSeconds: result.elapsed,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: result.errors,
    timeouts: 0,
    non2xx: total - result.times.length,
    statusCodes: result.statusCodes,
  };
}
