import { forkChild } from "./fork-child.ts";

export interface ChildServer {
  url: string;
  /** the server's process, for reading its memory from /proc */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a server module (one that answers {type: "listening", url} over IPC once it listens) in a
 * process of its own, so it gets a core of its own as the API does.
 */
export async function startChildServer(
  module: URL,
  env: Record<string, string>,
  what: string,
  /** servers that build their data at start (a 50-page PDF, a seal key) need longer on a busy machine */
  startTimeoutMs = 30_000,
): Promise<ChildServer> {
  const child = forkChild(module, env);
  try {
    const message = await child.nextMessage<{ type: "listening"; url: string }>(`${what} start`, startTimeoutMs);
    return { url: message.url, pid: child.pid!, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
