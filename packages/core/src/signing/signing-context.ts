import { createHash } from "node:crypto";
import { settingValueOrDefault } from "@signet/contract";
import type { ParticipantActor, RequestOrigin } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { queryRows } from "../db/pool-query.ts";
import { AppError } from "../errors/app-error.ts";

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
  const { session, idleSetting, participant, pkg } = await readSessionRows(deps.db, hashSecret(secret));
  const ended = !session || session.revokedReason === "LEFT" || session.expiresAt <= now;
  // issue 13 §2 in-session setting: the organization's idle limit (default SIGNING_LIMITS.sessionIdleMinutes)
  const idleMinutes = settingValueOrDefault("session_idle_minutes", idleSetting ?? undefined) as number;
  const idle = session && now.getTime() - session.lastSeenAt.getTime() > idleMinutes * 60_000;
  if (ended || (idle && !session.revokedAt)) throw new AppError("SIGNING_SESSION_ENDED");
  if (!participant || !pkg) throw new AppError("SIGNING_SESSION_ENDED");
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await deps.db.signingSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return { actor: participantActor(session, origin), session, participant, pkg };
}

/**
 * The session by its secret's hash with its organization's idle limit, its participant and its package
 * (with the organization): one parallel round, every statement finding the session by the same unique
 * hash, since each of these requests is on every call of the signing room. `SELECT x.*` returns the
 * row exactly as Prisma's findUnique does (signing-session-rows.test.ts holds that).
 */
const SESSION_ROW = `
  SELECT s.*, (SELECT o.value FROM "OrganizationSetting" o
               WHERE o."organizationId" = s."organizationId" AND o.key = 'session_idle_minutes') AS "idleSetting"
  FROM "SigningSession" s WHERE s."secretHash" = $1`;
const PARTICIPANT_ROW = `
  SELECT p.* FROM "SigningSession" s JOIN "Participant" p ON p.id = s."participantId" WHERE s."secretHash" = $1`;

async function readSessionRows(db: CoreDeps["db"], secretHash: string) {
  // the session's and the participant's rows on the pg pool, prepared (pool-query.ts): their columns
  // (text, enums, integers, booleans, timestamps, JSON, a text array) read the same as through
  // Prisma; the package's has date-only columns (TRID), which pg would read in local time
  const [sessions, participants, packages] = await Promise.all([
    queryRows<SigningSessionRow & { idleSetting: string | null }>(db, SESSION_ROW, [secretHash]),
    queryRows<ParticipantRow>(db, PARTICIPANT_ROW, [secretHash]),
    db.$queryRaw<SigningPackage[]>`
      SELECT k.*, json_build_object('id', o.id, 'name', o.name, 'enabledMultiLangSRSupport', o."enabledMultiLangSRSupport",
                                    'embeddedSrEnabled', o."embeddedSrEnabled", 'enabled', o.enabled) AS organization
      FROM "SigningSession" s JOIN "Package" k ON k.id = s."packageId" JOIN "Organization" o ON o.id = k."organizationId"
      WHERE s."secretHash" = ${secretHash}`,
  ]);
  const [row] = sessions;
  if (!row) return { session: null, idleSetting: null, participant: participants[0], pkg: packages[0] };
  const { idleSetting, ...session } = row;
  return { session: session as SigningSessionRow, idleSetting, participant: participants[0], pkg: packages[0] };
}

export async function loadSigningPackage(db: Prisma.TransactionClient | CoreDeps["db"], packageId: string) {
  return db.package.findUnique({ where: { id: packageId }, include: packageInclude });
}
