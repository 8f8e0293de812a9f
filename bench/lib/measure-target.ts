import type { WorkerReply, WorkerRequest } from "./autocannon-worker.ts";
import { forkChild } from "./fork-child.ts";
import type { LoadSettings, Measurement, Target } from "./measurement.ts";

/** Warms a target up and measures it with autocannon in a child process of its own. */
export async function measureTarget(target: Target, load: LoadSettings): Promise<Measurement> {
  if (target.measure) return target.measure(load);
  const worker = forkChild(new URL("./autocannon-worker.ts", import.meta.url));
  try {
    worker.send({ target, load } satisfies WorkerRequest);
    const timeoutMs = (load.warmupSeconds + load.durationSeconds) * 1000 + 30_000;
    const reply = await worker.nextMessage<WorkerReply>(`measuring ${target.name}`, timeoutMs);
    if (reply.type === "failed") throw new Error(`measuring ${target.name} failed: ${reply.error}`);
    return reply.measurement;
  } finally {
    await worker.stop();
  }
}
