import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { QueueInspector } from "../../jobs/queue-inspector.ts";

/** What a BullMQ worker reports per job: its name, and how long it ran (ms) when it finished. */
interface FinishedJob {
  name: string;
  processedOn?: number;
  finishedOn?: number;
}

interface ObservableWorker {
  on(event: "completed", listener: (job: FinishedJob) => void): unknown;
  on(event: "failed", listener: (job: FinishedJob | undefined) => void): unknown;
}

/**
 * A worker's job metrics: duration and outcome per job type, from its BullMQ workers' events, and
 * the depth of every queue (shared by all workers, read from Redis at each scrape).
 */
export function registerJobMetrics(
  registry: Registry,
  workers: readonly ObservableWorker[],
  inspector: QueueInspector,
) {
  const duration = new Histogram({
    name: "signet_job_duration_seconds",
    help: "Time a job ran in this worker, by job type and outcome",
    labelNames: ["job", "outcome"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const runs = new Counter({
    name: "signet_jobs_total",
    help: "Jobs this worker finished, by job type and outcome (failed: thrown, BullMQ retries it)",
    labelNames: ["job", "outcome"],
    registers: [registry],
  });
  const observe = (job: FinishedJob | undefined, outcome: "completed" | "failed") => {
    const name = job?.name ?? "unknown";
    runs.inc({ job: name, outcome });
    if (job?.processedOn && job.finishedOn) {
      duration.observe({ job: name, outcome }, Math.max(0, job.finishedOn - job.processedOn) / 1000);
    }
  };
  for (const worker of workers) {
    worker.on("completed", (job) => observe(job, "completed"));
    worker.on("failed", (job) => observe(job, "failed"));
  }
  new Gauge({
    name: "signet_queue_jobs",
    help: "Jobs in each BullMQ queue by state (waiting, active, delayed, failed)",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      for (const queue of await inspector.counts()) {
        for (const state of ["waiting", "active", "delayed", "failed"] as const) {
          this.set({ queue: queue.name, state }, queue[state]);
        }
      }
    },
  });
}
