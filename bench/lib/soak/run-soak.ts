import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { consentCode, DEFAULT_CONSENT_VERSION, linkSigningKey } from "@signet/core";
import { type JourneyContext, runJourney } from "./journey.ts";
import { footprintBetween, snapshotStorage } from "./measure-storage.ts";
import { runOpenLoop } from "./open-loop.ts";
import { probeMaximum } from "./probe-maximum.ts";
import { RequestLog } from "./request-log.ts";
import type { SoakOptions } from "./soak-options.ts";
import { growthOf, minuteRows, type SoakSample, type SoakSummary } from "./soak-report.ts";
import type { SoakStack } from "./soak-stack.ts";
import { createSystemSampler, type SystemSample } from "./system-sampler.ts";

const FIXTURE_PDF = fileURLToPath(new URL("../../../fixtures/pdfs/pdflatex-4-pages.pdf", import.meta.url));
/** A journey's webhook events: sent, available (at once), viewed, consented, signed, finished, completed, sealed. */
const EVENTS_PER_JOURNEY = [
  "package.sent",
  "package.available",
  "participant.viewed",
  "participant.consented",
  "participant.signed",
  "participant.finished",
  "package.completed",
  "package.sealed",
];
/** journeys running at once beyond which an arrival is dropped (see open-loop.ts), in seconds of arrivals */
const MAX_IN_FLIGHT_SECONDS = 60;
/** after the last seal, how long the other webhooks of the journeys may still take */
const WEBHOOK_GRACE_MS = 60_000;
const WARM_UP_JOURNEYS = 2;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The soak on a started stack: a warm-up, the probe for the maximum (unless SOAK_RATE fixes the
 * rate), then the open-loop run at the load fraction of it, sampled every sampleSeconds; then the
 * checks that need the run to be over (every webhook delivered, the outbox drained).
 */
export async function runSoak(
  stack: SoakStack,
  options: SoakOptions,
  progress: (line: string) => void,
): Promise<SoakSummary> {
  const startedAt = new Date().toISOString();
  const storageBefore = await snapshotStorage(stack.databaseUrl, stack.dataDir);
  const pdf = new Blob([await readFile(FIXTURE_PDF)], { type: "application/pdf" });
  const linkKey = linkSigningKey(stack.authSecret);
  const session = { token: null, journeys: 0 };
  const contextWith = (log: RequestLog): JourneyContext => ({
    apiUrl: stack.apiUrl,
    signingUrl: stack.signingUrl,
    organizationId: stack.organization.organizationId,
    groupId: stack.organization.groupIds.Sales!,
    sender: stack.organization.benchUser,
    session,
    signInEvery: options.signInEvery,
    pdf,
    consentCode: (participantId) => consentCode(linkKey, participantId, DEFAULT_CONSENT_VERSION),
    webhooks: stack.webhooks,
    log,
  });

  const probeLog = new RequestLog();
  const probeContext = contextWith(probeLog);
  for (let index = 0; index < WARM_UP_JOURNEYS; index++) await runJourney(probeContext);
  let maximum: number | null = null;
  let probe: SoakSummary["probe"] = [];
  if (options.fixedRate === null) {
    const probed = await probeMaximum(
      () => runJourney(probeContext),
      () => sum(Object.values(probeLog.total().errors)),
      options.probeStepSeconds,
      progress,
    );
    if (probed.maximum === 0) {
      throw new Error(`The probe sealed no journey: ${probeLog.examples.join("; ") || "no answer failed"}`);
    }
    maximum = probed.maximum;
    probe = probed.steps;
  }
  const rate = options.fixedRate ?? maximum! * options.loadFraction;
  progress(
    `open loop: ${rate.toFixed(2)} journeys/s for ${options.minutes} min, a sample every ${options.sampleSeconds} s`,
  );

  const sampler = createSystemSampler(stack);
  const log = new RequestLog();
  // the warm-up's and the probe's deliveries are not the run's
  const webhooksBefore = stack.webhooks.byType();
  const samples: SoakSample[] = [];
  // the warm-up's and the probe's readings are not the run's
  for (const process of [stack.api, ...stack.workers]) process.takeMemory();
  const runStart = performance.now();
  let lastSampleAt = runStart;
  let sampling = Promise.resolve();
  const takeSample = async () => {
    const system = await sampler.sample();
    const now = performance.now();
    const sample: SoakSample = {
      atSeconds: (now - runStart) / 1000,
      intervalSeconds: (now - lastSampleAt) / 1000,
      load: log.take(),
      system,
    };
    lastSampleAt = now;
    samples.push(sample);
    progress(describeSample(sample));
  };
  const timer = setInterval(() => {
    sampling = sampling.then(takeSample).catch((error: unknown) => progress(`sample failed: ${error}`));
  }, options.sampleSeconds * 1000);
  let dropped = 0;
  try {
    await runOpenLoop({
      rate,
      seconds: options.minutes * 60,
      maxInFlight: Math.max(20, Math.ceil(rate * MAX_IN_FLIGHT_SECONDS)),
      journey: () => runJourney(contextWith(log)),
      onDropped: () => dropped++,
    });
  } finally {
    clearInterval(timer);
    await sampling;
  }
  // what the load left for the minute table's last row and the totals
  const tail = log.take();
  const total = log.total();
  const webhooks = await waitForWebhooks(stack, webhooksBefore, total.journeys);
  const afterDrain = await waitForDrain(sampler);
  await sampler.close();
  const storage = footprintBetween(storageBefore, await snapshotStorage(stack.databaseUrl, stack.dataDir));

  const errors: Record<string, number> = { ...total.errors };
  const add = (kind: string, count: number) => {
    if (count > 0) errors[kind] = (errors[kind] ?? 0) + count;
  };
  add("arrival dropped: too many journeys running", dropped);
  for (const type of EVENTS_PER_JOURNEY) add(`webhook ${type} missing`, total.journeys - (webhooks[type] ?? 0));
  add("webhook delivered twice", stack.webhooks.duplicates());
  add("webhook body not a delivery", stack.webhooks.malformed());
  for (const process of afterDrain.processes) add(`${process.name}: error lines logged`, process.loggedErrors);
  for (const process of [stack.api, ...stack.workers]) add(`${process.name}: exited`, process.exited() ? 1 : 0);
  add("api: GET /metrics scrape failed", samples.filter((sample) => sample.system.metricsFailed).length);
  if (tail.requests > 0) progress(`after the last sample: ${tail.requests} requests, ${tail.journeys} journeys`);

  return {
    startedAt,
    maximumJourneysPerSecond: maximum,
    probe,
    rate,
    minutes: options.minutes,
    total,
    errors,
    webhooks,
    afterDrain,
    rows: minuteRows(samples, options.minutes),
    growth: growthOf(samples, options.minutes),
    storage,
    examples: [
      ...probeLog.examples.map((example) => `probe: ${example}`),
      ...log.examples,
      ...[stack.api, ...stack.workers].flatMap((process) =>
        process.firstErrorLines().map((line) => `${process.name} logged: ${line}`),
      ),
    ],
  };
}

function describeSample(sample: SoakSample): string {
  const { load, system } = sample;
  const times = Float64Array.from(load.timesMs).sort();
  const p99 = times.length > 0 ? times[Math.ceil(0.99 * times.length) - 1]! : Number.NaN;
  const memory = system.processes
    .map((process) => `${process.name} ${process.rssMb.toFixed(0)}/${process.heapMb.toFixed(0)} MB`)
    .join(", ");
  return (
    `${sample.atSeconds.toFixed(0)} s: ${(load.requests / sample.intervalSeconds).toFixed(1)} req/s, ` +
    `${load.journeys} sealed, p99 ${p99.toFixed(0)} ms, ${sum(Object.values(load.errors))} errors; ` +
    `RSS/heap ${memory}; pg ${system.pgConnections}, Redis ${system.redisMb.toFixed(1)} MB, ` +
    `outbox ${system.outboxPending} pending, lag ${system.outboxLagSeconds.toFixed(1)} s`
  );
}

/** The run's deliveries by type once every sealed journey's events are in, or the grace time is over. */
async function waitForWebhooks(
  stack: SoakStack,
  before: Record<string, number>,
  journeys: number,
): Promise<Record<string, number>> {
  const deadline = Date.now() + WEBHOOK_GRACE_MS;
  for (;;) {
    const counts = Object.fromEntries(
      Object.entries(stack.webhooks.byType()).map(([type, count]) => [type, count - (before[type] ?? 0)]),
    );
    const complete = EVENTS_PER_JOURNEY.every((type) => (counts[type] ?? 0) >= journeys);
    if (complete || Date.now() > deadline) return counts;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The system once the outbox has nothing due left (or after a minute): the soak's leftovers. */
async function waitForDrain(sampler: ReturnType<typeof createSystemSampler>): Promise<SystemSample> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const sample = await sampler.sample();
    if ((sample.outboxPending === 0 && sample.outboxUnprocessed === 0) || Date.now() > deadline) return sample;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
