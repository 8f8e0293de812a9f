/** The soak's own knobs (environment variables: `pnpm bench --scenario soak` keeps the usual flags). */
export interface SoakOptions {
  /** the open-loop run at the fixed rate, after the probe */
  minutes: number;
  /** the share of the probed maximum the run arrives at */
  loadFraction: number;
  /** each step of the closed-loop probe that finds the maximum */
  probeStepSeconds: number;
  /** seconds between two samples of the processes, PostgreSQL, Redis and the outbox */
  sampleSeconds: number;
  /** a fixed arrival rate (journeys/s) instead of the probe's, to repeat a run at the same load */
  fixedRate: number | null;
  /** journeys a sender's session serves before the next sign-in */
  signInEvery: number;
}

function positiveNumber(name: string, value: string | undefined, fallback: number, max = Number.POSITIVE_INFINITY) {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || number > max) {
    throw new Error(`${name} must be a number > 0${Number.isFinite(max) ? ` and ≤ ${max}` : ""}, got "${value}"`);
  }
  return number;
}

/**
 * SOAK_MINUTES (30), SOAK_LOAD (0.7), SOAK_PROBE_STEP_SECONDS (30), SOAK_SAMPLE_SECONDS (10),
 * SOAK_RATE (probe), SOAK_SIGN_IN_EVERY (5).
 */
export function readSoakOptions(env: Record<string, string | undefined> = process.env): SoakOptions {
  return {
    minutes: positiveNumber("SOAK_MINUTES", env.SOAK_MINUTES, 30),
    loadFraction: positiveNumber("SOAK_LOAD", env.SOAK_LOAD, 0.7, 1),
    probeStepSeconds: positiveNumber("SOAK_PROBE_STEP_SECONDS", env.SOAK_PROBE_STEP_SECONDS, 30),
    sampleSeconds: positiveNumber("SOAK_SAMPLE_SECONDS", env.SOAK_SAMPLE_SECONDS, 10),
    fixedRate: env.SOAK_RATE ? positiveNumber("SOAK_RATE", env.SOAK_RATE, 1) : null,
    signInEvery: Math.ceil(positiveNumber("SOAK_SIGN_IN_EVERY", env.SOAK_SIGN_IN_EVERY, 5)),
  };
}
