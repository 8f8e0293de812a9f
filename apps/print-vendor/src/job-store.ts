// The vendor's durable state under dataDir: state.json (jobs, their milestones, callbacks still to
// deliver, idempotency answers), rewritten whole through a temporary file and a rename so a crash
// leaves the old or the new state; and pdfs/<jobId>.pdf, written before the state that names it.
import { createHash } from "node:crypto";
import { mkdir, open, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import type { Leg, Milestone, MilestoneEvent, PrintJobRequest } from "./protocol.ts";

export interface PendingCallback {
  event: MilestoneEvent;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export interface StoredJob {
  jobId: string;
  clientId: string;
  reference: string;
  request: Omit<PrintJobRequest, "document">;
  sha256: string;
  sizeBytes: number;
  pageCount: number;
  createdAt: string;
  outboundTrackingNumber: string;
  returnTrackingNumber: string | null;
  /** what happens after MAILED on the outbound leg (set by a delivery fault) */
  outcome: "deliver" | "return-to-sender" | "print-failure";
  /** the milestones still to come, in order */
  plan: { leg: Leg; code: Milestone }[];
  nextAt: number;
  milestones: MilestoneEvent[];
  callbacksDelivered: number;
}

export interface VendorState {
  formatVersion: 1;
  jobs: Record<string, StoredJob>;
  callbacks: PendingCallback[];
  /** by `${clientId} ${idempotencyKey}` */
  idempotency: Record<string, { fingerprint: string; jobId: string }>;
  stepMs: number;
  paused: boolean;
}

export const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export class JobStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    readonly state: VendorState,
  ) {}

  static async open(dir: string, stepMs: number): Promise<JobStore> {
    await mkdir(join(dir, "pdfs"), { recursive: true });
    let state: VendorState;
    try {
      state = JSON.parse(await readFile(join(dir, "state.json"), "utf8")) as VendorState;
    } catch (error) {
      if ((error as { code?: string }).code !== "ENOENT") throw error;
      state = { formatVersion: 1, jobs: {}, callbacks: [], idempotency: {}, stepMs, paused: false };
    }
    return new JobStore(dir, state);
  }

  pdfPath(jobId: string) {
    return join(this.dir, "pdfs", `${jobId}.pdf`);
  }

  async writePdf(jobId: string, bytes: Buffer) {
    const handle = await open(this.pdfPath(jobId), "w");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Runs `change` on the state and saves it; changes run one at a time. */
  save<T>(change: (state: VendorState) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const result = change(this.state);
      const temporary = join(this.dir, "state.json.tmp");
      const handle = await open(temporary, "w");
      try {
        await handle.writeFile(JSON.stringify(this.state));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, join(this.dir, "state.json"));
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
