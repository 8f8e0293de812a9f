// Child process entry (see measure-target.ts): the load generator runs apart from every server,
// so its own CPU use does not slow the process it measures.
import autocannon from "autocannon";
import { cpuMs } from "./cpu-sampler.ts";
import { type LoadSettings, type Measurement, SERVER_CPU_PER_REQUEST, type Target } from "./measurement.ts";
import { percentile } from "./percentile.ts";

export interface WorkerRequest {
  target: Target;
  load: LoadSettings;
}
export type WorkerReply = { type: "measured"; measurement: Measurement } | { type: "failed"; error: string };

function fire(
  target: Target,
  connections: number,
  durationSeconds: number,
  onResponse?: (statusCode: number, responseTimeMs: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url!,
        method: target.method ?? "GET",
        headers: target.headers ?? {},
        body: target.body,
        connections,
        duration: durationSeconds,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on("response", (_client, statusCode, _bytes, time) => onResponse(statusCode, time));
  });
}

async function measure({ target, load }: WorkerRequest): Promise<Measurement> {
  if (load.warmupSeconds > 0) await fire(target, load.connections, load.warmupSeconds);
  const times: number[] = [];
  const cpuBefore = target.serverPid ? cpuMs(target.serverPid) : 0;
  const result = await fire(target, load.connections, load.durationSeconds, (statusCode, time) => {
    if (statusCode >= 200 && statusCode < 300) times.push(time);
  });
  const serverCpuMs = target.serverPid ? cpuMs(target.serverPid) - cpuBefore : null;
  const sorted = Float64Array.from(times).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = Number(stats.count ?? 0);
  return {
    target: target.name,
    path: new URL(target.url!).pathname,
    connections: load.connections,
    requestsPerSecond: result.requests.total / result.duration,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    responseTimesMs: times,
    ...(serverCpuMs !== null && result.requests.total > 0
      ? { extra: { [SERVER_CPU_PER_REQUEST]: serverCpuMs / result.requests.total } }
      : {}),
  };
}

process.once("message", async (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { type: "measured", measurement: await measure(request) };
  } catch (error) {
    reply = { type: "failed", error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(reply, undefined, {}, (error) => (error ? process.exit(1) : process.disconnect()));
});
process.once("disconnect", () => process.exit(0));
