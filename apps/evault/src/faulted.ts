import { faulted as withFault } from "@signet/reference-service";
import type { FastifyReply } from "fastify";
import type { FaultStep } from "./protocol.ts";
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
 * Runs `work` under the next test fault queued for `step` (the reference services' shared test
 * controls) and sends what it answers, unless a timeout fault holds the answer open.
 */
export async function faulted(
  ctx: VaultContext,
  step: FaultStep,
  reply: FastifyReply,
  work: () => Promise<Answer>,
): Promise<FastifyReply> {
  const answer = await withFault(ctx, step, reply, work);
  // a timeout fault answers the reply itself: it is held open and must go back untouched
  return answer === (reply as unknown) ? reply : send(reply, answer as Answer);
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
