import { type Measurement, SERVER_CPU_PER_REQUEST } from "./measurement.ts";
import { percentile } from "./percentile.ts";

/**
 * One target's measurement from its rounds (see Scenario.rounds): requests and time add up, and
 * the percentiles are those of every round's response times together.
 */
export function mergeMeasurements(rounds: Measurement[]): Measurement {
  const [first] = rounds;
  if (!first) throw new Error("No rounds to merge");
  if (rounds.length === 1) return withoutTimes(first);
  const times = rounds.flatMap((round) => {
    if (!round.responseTimesMs) throw new Error(`${round.target}: a round without its response times`);
    return round.responseTimesMs;
  });
  const sorted = Float64Array.from(times).sort();
  const sum = (pick: (round: Measurement) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const statusCodes: Record<string, number> = {};
  for (const round of rounds)
    for (const [code, count] of Object.entries(round.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const totalRequests = sum((round) => round.totalRequests);
  const durationSeconds = sum((round) => round.durationSeconds);
  return withoutTimes({
    ...first,
    requestsPerSecond: totalRequests / durationSeconds,
    totalRequests,
    durationSeconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
    non2xx: sum((round) => round.non2xx),
    statusCodes,
    ...(rounds.every((round) => round.extra?.[SERVER_CPU_PER_REQUEST] !== undefined)
      ? {
          extra: {
            ...first.extra,
            [SERVER_CPU_PER_REQUEST]:
              sum((round) => round.extra![SERVER_CPU_PER_REQUEST]! * round.totalRequests) / totalRequests,
          },
        }
      : {}),
  });
}

/** The response times serve the merge only: the results file keeps the percentiles. */
function withoutTimes({ responseTimesMs: _, ...measurement }: Measurement): Measurement {
  return measurement;
}
