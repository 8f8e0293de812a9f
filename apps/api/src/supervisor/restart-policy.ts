// When `pnpm start` brings the API back after it died: at once the first time, then waiting twice
// as long after each death that came soon after a start, up to half a minute; a run that lasted a
// while starts the count again, so one crash a day never waits long.

export const RESTART_POLICY = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** a run at least this long was healthy: the next death starts the back-off again */
  stableAfterMs: 60_000,
} as const;

/** The wait before the next start, given how many deaths in a row came before stableAfterMs. */
export function restartDelayMs(quickDeathsInARow: number): number {
  if (quickDeathsInARow <= 1) return RESTART_POLICY.firstDelayMs;
  const delay = RESTART_POLICY.firstDelayMs * 2 ** (quickDeathsInARow - 1);
  return Math.min(delay, RESTART_POLICY.maxDelayMs);
}

/** The count of quick deaths in a row after a run that lasted `ranForMs`. */
export function nextQuickDeaths(previous: number, ranForMs: number): number {
  return ranForMs >= RESTART_POLICY.stableAfterMs ? 1 : previous + 1;
}

/** A one-line reason for a child's end, as the supervisor logs it. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `killed by ${signal}`;
  return `exited with code ${code ?? "unknown"}`;
}
