import { createHash } from "node:crypto";
import type { ParticipantActor, RequestOrigin } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { readSessionIdleMinutes } from "../settings/session-upload-settings.ts";

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

const packageInclude = {
  organization: {
    select: { id: true, name: true, enabledMultiLangSRSupport: true, embeddedSrEnabled: true, enabled: true },
  },
} as const;
export type SigningPackage = Prisma.PackageGetPayload<{ include: typeof packageInclude }>;
export type SigningSessionRow = Prisma.SigningSessionGetPayload<object>;
export type ParticipantRow = Prisma.ParticipantGetPayload<object>;

/** A signing session as a request sees it: the participant acting, their package, the session. */
export interface SigningContext {
  actor: ParticipantActor;
  session: SigningSessionRow;
  participant: ParticipantRow;
  pkg: SigningPackage;
}

const TOUCH_EVERY_MS = 30_000;

/** Who acts through a signing session: its participant, from this request's address and browser. */
export function participantActor(session: SigningSessionRow, origin: RequestOrigin): ParticipantActor {
  return {
    kind: "participant",
    participantId: session.participantId,
    packageId: session.packageId,
    organizationId: session.organizationId,
    sessionId: session.id,
    ip: origin.ip,
    userAgent: origin.userAgent,
  };
}

/**
 * The session behind the signing-room cookie, or 401 SIGNING_SESSION_ENDED (unknown, left, idle
 * too long). A session revoked because the package was cancelled, corrected, expired or its
 * consent withdrawn still resolves, so the room can say why it closed; writes refuse it.
 */
export async function resolveSigningSession(
  secret: string | undefined,
  origin: RequestOrigin,
  deps: CoreDeps,
  now = new Date(),
): Promise<SigningContext> {
  if (!secret || secret.length < 20 || secret.length > 200) throw new AppError("SIGNING_SESSION_ENDED");
  const session = await deps.db.signingSession.findUnique({ where: { secretHash: hashSecret(secret) } });
  const ended = !session || session.revokedReason === "LEFT" || session.expiresAt <= now;
  // issue 13 §2 in-session setting: the organization's idle limit (default SIGNING_LIMITS.sessionIdleMinutes)
  const idleMinutes = session ? await readSessionIdleMinutes(deps.db, session.organizationId) : 0;
  const idle = session && now.getTime() - session.lastSeenAt.getTime() > idleMinutes * 60_000;
  if (ended || (idle && !session.revokedAt)) throw new AppError("SIGNING_SESSION_ENDED");
  const [participant, pkg] = await Promise.all([
    deps.db.participant.findUnique({ where: { id: session.participantId } }),
    deps.db.package.findUnique({ where: { id: session.packageId }, include: packageInclude }),
  ]);
  if (!participant || !pkg) throw new AppError("SIGNING_SESSION_ENDED");
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.signingSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return { actor: participantActor(session, origin), session, participant, pkg };
}

export async function loadSigningPackage(db: Prisma.TransactionClient | CoreDeps["db"], packageId: string) {
  return db.package.findUnique({ where: { id: packageId }, include: packageInclude });
}
