/** A task run again and again in this process; `stop` waits for a run in progress to end. */
export interface RepeatingTask {
  stop(): Promise<void>;
}

/**
 * Runs `run` now and then `intervalMs` after each run ends (never two runs at once). `run` handles
 * its own failures: a task that throws would stop repeating, so callers log and go on.
 */
export function repeatEvery(intervalMs: number, run: () => Promise<void>): RepeatingTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    await run();
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  running = tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
