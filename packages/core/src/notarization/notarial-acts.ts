import {
  actAllowed,
  addressWindowLines,
  avRetainUntil,
  commissionValidOn,
  dayOf,
  journalRetentionYears,
  NOTARIAL_ACT_WORDS,
  NOTARIZATION_MESSAGES,
  type NotarialAct,
  type NotarialActType,
  type PostalAddress,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import { avPersonName, isAvHost, liveAvSession, requireAvPackage } from "../av-session/av-room.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { NotarialAct as NotarialActRow, Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { findManageablePackage, findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";
import type { SigningContext } from "../signing/signing-context.ts";
import { stateRule } from "./notary-access.ts";

type Reader = Db | Prisma.TransactionClient;

async function toActs(db: Reader, rows: NotarialActRow[]): Promise<NotarialAct[]> {
  const [documents, participants] = await Promise.all([
    db.document.findMany({
      where: { id: { in: rows.map((row) => row.documentId) } },
      select: { id: true, name: true },
    }),
    db.participant.findMany({ where: { id: { in: rows.flatMap((row) => row.participantIds) } } }),
  ]);
  return rows.map((row) => ({
    id: row.id,
    documentId: row.documentId,
    documentName: documents.find((document) => document.id === row.documentId)?.name ?? "A removed document",
    actType: row.actType,
    participantIds: row.participantIds,
    signerNames: row.participantIds.map((id) => {
      const participant = participants.find((candidate) => candidate.id === id);
      return participant ? avPersonName(participant) : "A former participant";
    }),
    status: row.status,
    feeCents: row.feeCents,
    completedAt: row.completedAt?.toISOString() ?? null,
  }));
}

const actsOf = (db: Reader, packageId: string) =>
  db.notarialAct.findMany({ where: { packageId }, orderBy: { createdAt: "asc" } });

/**
 * The sender marks a document of a draft A/V package for a notarial act for some of its signers
 * (once per document). Only A/V packages: a remote notarial act needs the live session.
 */
export async function createNotarialAct(
  actor: Actor,
  input: {
    organizationId: string;
    packageId: string;
    act: { documentId: string; actType: NotarialActType; participantIds: string[] };
  },
  deps: CoreDeps,
): Promise<NotarialAct> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  const pkg = await findManageablePackage(deps.db, access, input.packageId);
  const row = await deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Package" WHERE id = ${pkg.id}::uuid FOR UPDATE`;
    const fresh = await tx.package.findUniqueOrThrow({ where: { id: pkg.id } });
    if (!fresh.avEsign) throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.notAvPackage);
    if (fresh.status !== "STARTED") throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.notDraft);
    const document = await tx.document.findFirst({ where: { id: input.act.documentId, packageId: pkg.id } });
    if (!document) throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.documentNotInPackage);
    const ids = [...new Set(input.act.participantIds)];
    const signers = await tx.participant.findMany({
      where: { id: { in: ids }, packageId: pkg.id, role: { not: "COPY" } },
      select: { id: true, role: true },
    });
    if (signers.length !== ids.length || signers.some((signer) => signer.role === "VIEWER")) {
      throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.signerNotInPackage);
    }
    if (
      await tx.notarialAct.findUnique({
        where: { packageId_documentId: { packageId: pkg.id, documentId: document.id } },
      })
    ) {
      throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.actExists);
    }
    const created = await tx.notarialAct.create({
      data: {
        organizationId: pkg.organizationId,
        packageId: pkg.id,
        documentId: document.id,
        actType: input.act.actType,
        participantIds: ids,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId: pkg.organizationId,
      streamType: "package",
      streamId: pkg.id,
      type: "package.notarial-act-marked",
      data: { notarialActId: created.id, documentName: document.name, actType: NOTARIAL_ACT_WORDS[created.actType] },
    });
    return created;
  });
  const [act] = await toActs(deps.db, [row]);
  return act!;
}

/** The package's notarial acts, for whoever sees the package. */
export async function listNotarialActs(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ records: NotarialAct[] }> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("VIEW_DOCUMENTS_PACKAGES");
  const pkg = await findVisiblePackage(deps.db, access, input.packageId);
  return { records: await toActs(deps.db, await actsOf(deps.db, pkg.id)) };
}

/** The acts as the session's participants see them (what is still to notarize). */
export async function listRoomNotarialActs(
  context: SigningContext,
  deps: CoreDeps,
): Promise<{ records: NotarialAct[] }> {
  requireAvPackage(context);
  return { records: await toActs(deps.db, await actsOf(deps.db, context.pkg.id)) };
}

/**
 * The notary profile the package's host acts under: the member of the package's organization whose
 * email is the host participant's (a participant is no user; the email is what links them).
 */
export async function hostNotaryProfile(db: Reader, pkg: { id: string; organizationId: string }) {
  const host = await db.participant.findFirst({ where: { packageId: pkg.id, avHost: true } });
  const email = host?.email?.trim().toLowerCase();
  if (!email) return null;
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return null;
  return db.notaryProfile.findUnique({
    where: { organizationId_userId: { organizationId: pkg.organizationId, userId: user.id } },
  });
}

/** Pending acts by document name: completing the session waits for them (issue 34 §4). */
export async function pendingNotarialActs(db: Reader, packageId: string): Promise<string[]> {
  const pending = await db.notarialAct.findMany({ where: { packageId, status: "PENDING" } });
  return (await toActs(db, pending)).map((act) => act.documentName);
}

function addressText(value: unknown): string {
  if (!value || typeof value !== "object") return "";
  try {
    return addressWindowLines(value as PostalAddress)
      .slice(1)
      .join(", ");
  } catch {
    return "";
  }
}

/**
 * The notary host performs one act in the live session: the commission is valid today, the state
 * allows the act and the fee, every signer of the act passed identity proofing and signed. The act
 * is completed and the journal gets one entry per signer. A refusal is recorded in the audit trail
 * (who tried, why) before it is answered.
 */
export async function completeNotarialAct(
  context: SigningContext,
  input: { actId: string; feeCents: number },
  deps: CoreDeps,
): Promise<NotarialAct> {
  requireAvPackage(context);
  if (!(await isAvHost(deps.db, context)))
    throw new AppError("FORBIDDEN", "Only the notary hosting the session can do this.");
  const act = await deps.db.notarialAct.findFirst({ where: { id: input.actId, packageId: context.pkg.id } });
  if (!act) throw notFound("Notarial act not found.");
  const document = await deps.db.document.findUniqueOrThrow({ where: { id: act.documentId } });
  const refuse = async (status: "CONFLICT" | "FORBIDDEN", reason: string): Promise<never> => {
    await deps.db.$transaction((tx) =>
      appendAuditEvent(tx, context.actor, {
        organizationId: context.pkg.organizationId,
        streamType: "package",
        streamId: context.pkg.id,
        type: "package.notarial-act-refused",
        data: { notarialActId: act.id, documentName: document.name, reason },
      }),
    );
    throw new AppError(status, reason);
  };
  if (act.status === "COMPLETED") throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.actDone);
  const session = await liveAvSession(deps.db, context.pkg.id);
  if (!session) throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.liveSessionRequired);
  const profile = await hostNotaryProfile(deps.db, context.pkg);
  if (!profile) return refuse("FORBIDDEN", NOTARIZATION_MESSAGES.noProfile);
  const now = new Date();
  const expiresOn = dayOf(profile.commissionExpiresOn);
  if (!commissionValidOn(expiresOn, now))
    return refuse("FORBIDDEN", NOTARIZATION_MESSAGES.commissionExpired(expiresOn));
  const rule = stateRule(deps, profile.commissionState);
  if (!actAllowed(act.actType, rule)) {
    return refuse(
      "FORBIDDEN",
      NOTARIZATION_MESSAGES.actTypeNotAllowed(profile.commissionState, NOTARIAL_ACT_WORDS[act.actType]),
    );
  }
  if (rule?.maxFeeCents !== undefined && input.feeCents > rule.maxFeeCents) {
    throw new AppError("BAD_REQUEST", NOTARIZATION_MESSAGES.feeTooHigh(profile.commissionState, rule.maxFeeCents));
  }
  const signers = await deps.db.participant.findMany({ where: { id: { in: act.participantIds } } });
  const proofs = new Map<string, NonNullable<Awaited<ReturnType<typeof deps.db.identityProofingAttempt.findFirst>>>>();
  for (const id of act.participantIds) {
    const signer = signers.find((candidate) => candidate.id === id);
    const name = signer ? avPersonName(signer) : "A former participant";
    const passed = await deps.db.identityProofingAttempt.findFirst({
      where: { participantId: id, packageId: context.pkg.id, outcome: "PASSED" },
      orderBy: { answeredAt: "desc" },
    });
    if (!signer || !passed) return refuse("FORBIDDEN", NOTARIZATION_MESSAGES.notProofed(name));
    if (signer.signingStatus !== "FINISHED") throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.notSigned(name));
    proofs.set(id, passed);
  }
  const retainUntil = avRetainUntil(now, journalRetentionYears(deps.config.NOTARY_JOURNAL_RETENTION_YEARS, rule));

  const completed = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.notarialAct.updateMany({
      where: { id: act.id, status: "PENDING" },
      data: { status: "COMPLETED", completedAt: now, feeCents: input.feeCents, notaryProfileId: profile.id },
    });
    if (count === 0) throw new AppError("CONFLICT", NOTARIZATION_MESSAGES.actDone);
    for (const signer of signers) {
      const proof = proofs.get(signer.id)!;
      await tx.notaryJournalEntry.create({
        data: {
          organizationId: act.organizationId,
          notaryProfileId: profile.id,
          notarialActId: act.id,
          packageId: act.packageId,
          performedAt: now,
          actType: act.actType,
          documentName: document.name,
          documentSha256: document.sha256,
          signerName: avPersonName(signer),
          signerAddress: addressText(signer.mailingAddress),
          identityProof: {
            method: "Remote identity proofing: credential analysis and knowledge-based authentication",
            provider: proof.provider,
            attemptId: proof.id,
            outcome: proof.outcome ?? "PASSED",
            // an attempt exists only once the provider matched the credential to a person
            credentialCheck: "matched",
            correctAnswers: proof.correctCount ?? 0,
            questions: Array.isArray(proof.questions) ? proof.questions.length : 0,
            answeredAt: proof.answeredAt?.toISOString() ?? null,
          },
          feeCents: input.feeCents,
          avSessionId: session.id,
          retainUntil,
        },
      });
    }
    await appendAuditEvent(tx, context.actor, {
      organizationId: act.organizationId,
      streamType: "package",
      streamId: act.packageId,
      type: "package.notarial-act-completed",
      data: {
        notarialActId: act.id,
        documentName: document.name,
        actType: NOTARIAL_ACT_WORDS[act.actType],
        notaryName: profile.notaryName,
        commissionNumber: profile.commissionNumber,
        feeCents: input.feeCents,
      },
    });
    return tx.notarialAct.findUniqueOrThrow({ where: { id: act.id } });
  });
  const [result] = await toActs(deps.db, [completed]);
  return result!;
}

/** The recording's retention: at least the latest retention of the journal entries naming its session. */
export async function notarizedRetention(db: Reader, sessionId: string, recordingRetainUntil: Date): Promise<Date> {
  const latest = await db.notaryJournalEntry.aggregate({
    where: { avSessionId: sessionId },
    _max: { retainUntil: true },
  });
  const journal = latest._max.retainUntil;
  return journal && journal > recordingRetainUntil ? journal : recordingRetainUntil;
}
