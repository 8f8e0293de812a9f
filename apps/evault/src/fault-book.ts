// Test controls (README "Test controls"): faults queued per step and used up one per matching
// request, so a test can make exactly one stage of a deposit fail, hang, lag or lose its answer.
import type { FaultMode, FaultStep } from "./protocol.ts";

export interface Fault {
  step: FaultStep;
  mode: FaultMode;
  count: number;
  delayMs: number;
}

export class FaultBook {
  private faults: Fault[] = [];

  add(fault: Fault) {
    this.faults.push({ ...fault });
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear() {
    this.faults = [];
  }

  /** Uses up one occurrence of the first fault queued for `step`, if any. */
  take(step: FaultStep): Fault | null {
    const fault = this.faults.find((candidate) => candidate.step === step);
    if (!fault) return null;
    fault.count -= 1;
    if (fault.count <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return { ...fault };
  }
}
