import {
  AV_SESSION_MESSAGES,
  type AvRoomState,
  avMissingSigners,
  avMustAct,
  participantDisplayName,
  sessionHost,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError } from "../errors/app-error.ts";
import { isIdentityProofed } from "../identity-proofing/av-proofing-gate.ts";
import { participantOrder } from "../participants/participant-views.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { loadSigningProgress } from "../signing/signing-progress.ts";

type Reader = Db | Prisma.TransactionClient;

/** The readable name of a participant in the session: their names, else the display name. */
export function avPersonName(participant: {
  givenName: string | null;
  familyName: string | null;
  type: string;
  roleNumber: number | null;
}): string {
  const names = [participant.givenName, participant.familyName].filter(Boolean).join(" ").trim();
  return names || participantDisplayName(participant);
}

/** Who is in an A/V package: each participant with whether they sign, signed, and host. */
export async function avParticipants(db: Reader, pkg: { id: string; avEsign: boolean }) {
  const rows = await db.participant.findMany({ where: { packageId: pkg.id }, orderBy: participantOrder });
  const progress = await loadSigningProgress(db, pkg.id);
  const host = sessionHost(pkg, rows);
  return rows
    .filter((row) => row.role !== "COPY" || row.id === host?.id)
    .map((row) => {
      const facts = progress.participants.find((participant) => participant.id === row.id);
      const isHost = row.id === host?.id;
      return {
        id: row.id,
        name: avPersonName(row),
        isHost,
        signs: facts ? avMustAct(facts, isHost) : false,
        signed: row.signingStatus === "FINISHED",
      };
    });
}

/** The package's live session, or null. */
export function liveAvSession(db: Reader, packageId: string) {
  return db.avSession.findFirst({ where: { packageId, status: "LIVE" }, orderBy: { startedAt: "desc" } });
}

/** Refuses a participant's A/V call on a package without A/V eSign (404: there is nothing to see). */
export function requireAvPackage(context: Pick<SigningContext, "pkg">): void {
  if (!context.pkg.avEsign) throw new AppError("NOT_FOUND", AV_SESSION_MESSAGES.notAvPackage);
}

/** Whether this participant is the package's session host. */
export async function isAvHost(db: Reader, context: Pick<SigningContext, "pkg" | "participant">): Promise<boolean> {
  if (!context.pkg.avEsign) return false;
  const host = await db.participant.findFirst({
    where: { packageId: context.pkg.id, avHost: true },
    select: { id: true },
  });
  return host?.id === context.participant.id;
}

/** What the room's session panel shows (`online`: the participants connected to the signalling now). */
export async function loadAvRoom(
  context: SigningContext,
  deps: Pick<CoreDeps, "db" | "config">,
  online: ReadonlySet<string> = new Set(),
): Promise<AvRoomState> {
  requireAvPackage(context);
  const { db } = deps;
  const pkg = await db.package.findUniqueOrThrow({ where: { id: context.pkg.id } });
  const people = await avParticipants(db, pkg);
  const host = people.find((person) => person.isHost) ?? null;
  const isHost = host?.id === context.participant.id;
  const session = await liveAvSession(db, pkg.id);
  const chunks = session ? await db.avRecordingChunk.count({ where: { sessionId: session.id } }) : 0;
  const documents = await db.document.findMany({
    where: { packageId: pkg.id },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true, numPages: true },
  });
  return {
    avEsign: true,
    isHost,
    self: context.participant.id,
    hostName: host?.name ?? null,
    packageStatus: pkg.status,
    session: session
      ? {
          id: session.id,
          status: session.status,
          startedAt: session.startedAt.toISOString(),
          view: session.currentDocumentId ? { documentId: session.currentDocumentId, page: session.currentPage } : null,
          recordedChunks: chunks,
        }
      : null,
    participants: people.map((person) => ({ ...person, online: online.has(person.id) })),
    documents,
    iceServers: deps.config.AV_ICE_SERVERS,
    missingSigners: avMissingSigners(people),
    identityProofed: isHost || (await isIdentityProofed(db, context.participant.id)),
  };
}
