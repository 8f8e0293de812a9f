export interface OpenLoopResult {
  started: number;
  /** arrivals not started because too many journeys were still running (the system fell behind) */
  dropped: number;
  /** the most journeys running at once */
  peakInFlight: number;
}

/**
 * Open loop: a journey arrives every 1/rate seconds for `seconds`, whether or not the earlier ones
 * are done (arrivals are evenly spaced, on a schedule fixed at the start, so a slow answer never
 * slows the load down the way a closed loop does). At `maxInFlight` journeys running, an arrival is
 * dropped and counted instead: a system that cannot keep up must show as errors, not as a bench
 * process that grows until the machine swaps. Resolves once every started journey has ended.
 */
export async function runOpenLoop(options: {
  rate: number;
  seconds: number;
  maxInFlight: number;
  journey: () => Promise<unknown>;
  /** told of each dropped arrival */
  onDropped: () => void;
}): Promise<OpenLoopResult> {
  const running = new Set<Promise<unknown>>();
  const result: OpenLoopResult = { started: 0, dropped: 0, peakInFlight: 0 };
  const startedAt = performance.now();
  const arrivals = Math.floor(options.rate * options.seconds);
  for (let arrival = 0; arrival < arrivals; arrival++) {
    const due = startedAt + (arrival / options.rate) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (running.size >= options.maxInFlight) {
      result.dropped++;
      options.onDropped();
      continue;
    }
    const journey = options.journey().finally(() => running.delete(journey));
    running.add(journey);
    result.started++;
    result.peakInFlight = Math.max(result.peakInFlight, running.size);
  }
  // the schedule's last arrival is before the end: the run lasts its full time
  const left = startedAt + options.seconds * 1000 - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  await Promise.all(running);
  return result;
}
