/** Concurrent journeys the probe tries, in turn, until the rate stops rising. */
const CONCURRENCY_STEPS = [1, 2, 4, 8, 16, 32];
/** A step must beat the best so far by this much to count as a rise. */
const RISE = 1.1;

export interface ProbeStep {
  concurrency: number;
  journeysPerSecond: number;
  errors: number;
}

/**
 * The mixed workload's maximum, closed loop: `concurrency` journeys at a time, each starting when
 * the previous one is sealed, for `stepSeconds`; doubled while the rate rises by a tenth or more.
 * The journeys of a step that are still running at its end are waited for (not counted) before the
 * next step, so no step inherits another's backlog. `journey` answers whether it was sealed;
 * `errors()` is the running count of errors the journeys met.
 */
export async function probeMaximum(
  journey: () => Promise<boolean>,
  errors: () => number,
  stepSeconds: number,
  progress: (line: string) => void,
): Promise<{ maximum: number; steps: ProbeStep[] }> {
  const steps: ProbeStep[] = [];
  let best = 0;
  for (const concurrency of CONCURRENCY_STEPS) {
    const errorsBefore = errors();
    const endAt = performance.now() + stepSeconds * 1000;
    let sealed = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < endAt) {
          if ((await journey()) && performance.now() <= endAt) sealed++;
        }
      }),
    );
    const step = { concurrency, journeysPerSecond: sealed / stepSeconds, errors: errors() - errorsBefore };
    steps.push(step);
    progress(
      `probe: ${concurrency} concurrent journeys → ${step.journeysPerSecond.toFixed(2)} journeys/s, ${step.errors} errors`,
    );
    if (step.journeysPerSecond < best * RISE) {
      best = Math.max(best, step.journeysPerSecond);
      break;
    }
    best = step.journeysPerSecond;
  }
  return { maximum: best, steps };
}
