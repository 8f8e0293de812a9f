import { AV_SESSION_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { isIdentityProofed } from "../identity-proofing/av-proofing-gate.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { liveAvSession } from "./av-room.ts";

/**
 * Issue 16 §2: in an A/V eSign package, signers fill and sign their tags only while the host's
 * session is live, and (all but the host) only once identity-proofed (DOMAIN.md §8). Checked in the
 * signing write's transaction, so a session ended a moment ago refuses the write.
 */
export async function requireLiveAvSession(tx: Prisma.TransactionClient, context: SigningContext): Promise<void> {
  if (!context.pkg.avEsign) return;
  const session = await liveAvSession(tx, context.pkg.id);
  if (!session) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.noLiveSession);
  if (context.participant.avHost) return;
  if (!(await isIdentityProofed(tx, context.participant.id))) {
    throw new AppError("FORBIDDEN", AV_SESSION_MESSAGES.notProofed);
  }
}
