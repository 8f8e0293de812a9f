import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ForkedChild {
  pid: number | undefined;
  send(message: unknown): void;
  /** The child's next message; rejects when the child exits first or the time runs out. */
  nextMessage<T>(what: string, timeoutMs: number): Promise<T>;
  /** SIGTERM, then SIGKILL if the child has not exited within a few seconds. */
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript module in a child Node process with an IPC channel. fork() passes this
 * process's execArgv on, so the child runs through tsx's loader as this one does.
 */
export function forkChild(module: URL, env: Record<string, string> = {}): ForkedChild {
  // BENCH_PROFILE_DIR=<dir>: every server the bench starts writes a V8 CPU profile there when it stops
  // (NODE_OPTIONS refuses --cpu-prof)
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const child = fork(fileURLToPath(module), [], {
    execArgv: profileDir ? [...process.execArgv, "--cpu-prof", `--cpu-prof-dir=${profileDir}`] : process.execArgv,
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const queued: unknown[] = [];
  let waiter: ((message: unknown) => void) | null = null;
  child.on("message", (message) => {
    if (waiter) waiter(message);
    else queued.push(message);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let spawnError: Error | null = null;
  child.once("error", (error) => {
    spawnError = error;
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    pid: child.pid,
    send(message) {
      child.send(message as object);
    },
    nextMessage<T>(what: string, timeoutMs: number) {
      if (queued.length > 0) return Promise.resolve(queued.shift() as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs);
        const onExit = () =>
          finish(spawnError ?? new Error(`${what}: the child process exited (${child.exitCode ?? child.signalCode})`));
        const finish = (error: Error | null, message?: unknown) => {
          clearTimeout(timer);
          child.off("exit", onExit);
          waiter = null;
          if (error) reject(error);
          else resolve(message as T);
        };
        waiter = (message) => finish(null, message);
        child.once("exit", onExit);
      });
    },
    async stop() {
      if (!running()) return;
      child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      if (running()) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
