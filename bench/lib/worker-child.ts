// Child process entry (see start-worker-child.ts): the real worker (apps/worker) in a process of its
// own, as deployed beside the API: the outbox relay, the BullMQ workers and the mailer.
import { silentLogger } from "@signet/core";
import { startWorker } from "@signet/worker";

const env = JSON.parse(process.env.SIGNET_BENCH_WORKER_ENV ?? "{}") as Record<string, string>;
const worker = await startWorker(env, silentLogger);
let closing = false;
async function shutDown() {
  if (closing) return;
  closing = true;
  await worker.close().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
process.once("disconnect", () => void shutDown());
if (!process.connected) await shutDown();
process.send?.({ type: "ready" }, undefined, {}, (error) => {
  if (error) void shutDown();
});
