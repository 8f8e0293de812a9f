import { AV_SESSION_MESSAGES } from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { isIdentityProofed } from "../identity-proofing/av-proofing-gate.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { closedReasonOf } from "../signing/signing-stage.ts";
import { avPersonName, isAvHost, liveAvSession, requireAvPackage } from "./av-room.ts";
import { recordAvJoin } from "./av-session-actions.ts";

export interface AvPeer {
  participantId: string;
  packageId: string;
  sessionId: string;
  name: string;
  isHost: boolean;
}

/**
 * Who may connect to a package's session signalling: its host, and any other participant of the
 * package who is identity-proofed (DOMAIN.md §8), while a session is live and the room is open.
 */
export async function authorizeAvJoin(context: SigningContext, deps: Pick<CoreDeps, "db">): Promise<AvPeer> {
  requireAvPackage(context);
  if (closedReasonOf(context) !== null || context.session.revokedAt) throw new AppError("SIGNING_CLOSED");
  const session = await liveAvSession(deps.db, context.pkg.id);
  if (!session) throw new AppError("CONFLICT", AV_SESSION_MESSAGES.notLive);
  const isHost = await isAvHost(deps.db, context);
  if (!isHost && !(await isIdentityProofed(deps.db, context.participant.id))) {
    throw new AppError("FORBIDDEN", AV_SESSION_MESSAGES.notProofed);
  }
  await recordAvJoin(context, session.id, deps);
  return {
    participantId: context.participant.id,
    packageId: context.pkg.id,
    sessionId: session.id,
    name: avPersonName(context.participant),
    isHost,
  };
}
