/**
 * How long a test waits for a process it starts (the API, a worker, a compiled build, a CLI) before
 * it gives up and prints what the process said. Generous: on a loaded 2-core machine a start that
 * takes 3 s alone took over 30 s. TEST_START_TIMEOUT_MS changes it for a run.
 */
export const CHILD_START_TIMEOUT_MS = Number(process.env.TEST_START_TIMEOUT_MS) || 180_000;
