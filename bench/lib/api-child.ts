// Child process entry (see start-api-child.ts): the real API in a process of its own, so its memory
// (RSS) can be watched from outside and its CPU is not shared with the orchestrator's.
import { startServer } from "@signet/api";

const env = JSON.parse(process.env.SIGNET_BENCH_API_ENV ?? "{}") as Record<string, string>;
const server = await startServer(env, { logLevel: "silent" });
let closing = false;
async function shutDown() {
  if (closing) return;
  closing = true;
  await server.close().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
process.once("disconnect", () => void shutDown());
if (!process.connected) await shutDown();
const signingUrl = server.signingRoom?.url ?? null;
process.send?.({ type: "listening", url: server.url, signingUrl }, undefined, {}, (error) => {
  if (error) void shutDown();
});
