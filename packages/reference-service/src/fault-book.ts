// Test controls of the reference services: faults queued per step and used up one per matching
// request, so a test can make exactly one call fail, hang, lag or lose its answer.
import type { ServerResponse } from "node:http";
import type { FastifyReply } from "fastify";
import { ProtocolError } from "./protocol-error.ts";

/**
 * fail answers 503 before the work, timeout never answers, slow waits before the work,
 * fail-after-commit does the work and answers 500 (a lost answer), and garbage does the work and
 * answers 200 with JSON that is not the protocol's (a broken proxy or vendor release). A service
 * names the modes it offers, and may add its own that its routes apply themselves.
 */
export type FaultMode = "fail" | "timeout" | "slow" | "fail-after-commit" | "garbage";

export interface Fault<Step extends string = string, Mode extends string = FaultMode> {
  step: Step;
  mode: Mode;
  count: number;
  delayMs: number;
}

export class FaultBook<Step extends string = string, Mode extends string = FaultMode> {
  private faults: Fault<Step, Mode>[] = [];

  add(fault: Fault<Step, Mode>) {
    this.faults.push({ ...fault });
  }

  list(): Fault<Step, Mode>[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear() {
    this.faults = [];
  }

  /** Uses up one occurrence of the first fault queued for `step`, if any. */
  take(step: Step): Fault<Step, Mode> | null {
    const fault = this.faults.find((candidate) => candidate.step === step);
    if (!fault) return null;
    fault.count -= 1;
    if (fault.count <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return { ...fault };
  }
}

export interface FaultControls<Step extends string> {
  /** null when test controls are off */
  faults: FaultBook<Step, string> | null;
  /** answers a timeout fault holds open, destroyed when the service closes */
  held: Set<ServerResponse>;
}

/**
 * Runs `work` under the next fault queued for `step`. Answers `reply` itself when a timeout holds
 * the answer open (the route must return it untouched), otherwise what `work` answered.
 */
export async function faulted<Step extends string, T>(
  ctx: FaultControls<Step>,
  step: Step,
  reply: FastifyReply,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  const fault: Fault<Step, string> | null = ctx.faults?.take(step) ?? null;
  if (fault?.mode === "fail") {
    throw new ProtocolError(503, "injected_fault", `A test fault made the ${step} step fail.`);
  }
  if (fault?.mode === "timeout") {
    reply.hijack();
    const response = reply.raw;
    ctx.held.add(response);
    response.once("close", () => ctx.held.delete(response));
    return reply;
  }
  if (fault?.mode === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  const result = await work();
  if (fault?.mode === "fail-after-commit") {
    throw new ProtocolError(
      500,
      "injected_fault",
      `A test fault lost the answer of the ${step} step after its work was saved.`,
    );
  }
  if (fault?.mode === "garbage") {
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "application/json" });
    reply.raw.end(JSON.stringify({ ok: true, note: `garbage from the ${step} step` }));
    return reply;
  }
  return result;
}
