import type { FastifyReply } from "fastify";
import type { FaultStep } from "./protocol.ts";
import { ProtocolError } from "./protocol-error.ts";
import type { VaultContext } from "./vault-context.ts";
import { sha256Hex } from "./vault-store.ts";

/** What a route answers: JSON, or bytes with their type (and hash). */
export interface Answer {
  status: number;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
}

/**
 * Applies the next test fault queued for `step`, around `work`: fail answers 503 before the work,
 * timeout never answers, slow waits before the work, fail-after-commit does the work and answers 500.
 */
export async function faulted(
  ctx: VaultContext,
  step: FaultStep,
  reply: FastifyReply,
  work: () => Promise<Answer>,
): Promise<FastifyReply> {
  const fault = ctx.faults?.take(step) ?? null;
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
  const answer = await work();
  if (fault?.mode === "fail-after-commit") {
    throw new ProtocolError(
      500,
      "injected_fault",
      `A test fault lost the answer of the ${step} step after its work was saved.`,
    );
  }
  return send(reply, answer);
}

export function send(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.code(answer.status);
  if (answer.bytes) {
    return reply
      .header("content-type", answer.contentType ?? "application/octet-stream")
      .header("x-content-sha256", sha256Hex(answer.bytes))
      .send(answer.bytes);
  }
  return reply.send(answer.json);
}
