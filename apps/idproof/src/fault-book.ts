// Test controls (README "Test controls"): faults queued per step and used up one per matching
// request, so a test can make exactly one call fail, hang or lag.
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";
import type { FaultMode, FaultStep } from "./protocol.ts";
import { ProtocolError } from "./protocol-error.ts";

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

  take(step: FaultStep): Fault | null {
    const fault = this.faults.find((candidate) => candidate.step === step);
    if (!fault) return null;
    fault.count -= 1;
    if (fault.count <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return { ...fault };
  }
}

/**
 * Applies the next fault queued for `step` before the work: fail answers 503, timeout never
 * answers (the reply is hijacked and held), slow waits first. Returns false when the reply is held.
 */
export async function applyFault(
  ctx: { faults: FaultBook | null; held: Set<ServerResponse> },
  step: FaultStep,
  reply: FastifyReply,
): Promise<boolean> {
  const fault = ctx.faults?.take(step) ?? null;
  if (fault?.mode === "fail") {
    throw new ProtocolError(503, "injected_fault", `A test fault made the ${step} step fail.`);
  }
  if (fault?.mode === "timeout") {
    reply.hijack();
    const response = reply.raw;
    ctx.held.add(response);
    response.once("close", () => ctx.held.delete(response));
    return false;
  }
  if (fault?.mode === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  return true;
}
