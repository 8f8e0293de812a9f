import {
  missingContact,
  PACKAGE_ACTION_MESSAGES,
  PACKAGE_MESSAGES,
  type Package,
  participantDisplayName,
  relativeExpiry,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { avSendProblems } from "../av-session/av-send-problems.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { eNoteSendProblems, readENoteForSend } from "../enote/enote-send-problems.ts";
import { AppError } from "../errors/app-error.ts";
import { packageConflict } from "../packages/package-access.ts";
import { enqueueAutomaticMailings } from "../print-mail/automatic-mailing-job.ts";
import { snapshotReminderSchedule } from "../reminders/reminder-policy.ts";
import { readPackageSettings } from "../settings/package-settings.ts";
import { inviteDueParticipants, reopenParticipants } from "../signing/invite-due-participants.ts";
import { signatureTagProblems } from "../tags/signature-tag-problems.ts";
import { type MeasuredHashes, measureDocumentHashes, recordHashesAtSend } from "./measure-document-hashes.ts";
import { type PackageRow, runPackageAction } from "./run-package-action.ts";

/**
 * What stops a package from being sent (issue 4 §6): no document; no participant; a participant
 * without the contact its access method needs; a scheduled package without a date; an expiration
 * that passed; a signer without a signature tag on an E-Sign document (signatureTagProblems).
 */
export async function sendProblems(
  tx: Prisma.TransactionClient,
  pkg: PackageRow,
  now: Date,
): Promise<{ path: string; message: string }[]> {
  const problems: { path: string; message: string }[] = [];
  const documents = await tx.document.count({ where: { packageId: pkg.id } });
  if (documents === 0) problems.push({ path: "documents", message: PACKAGE_ACTION_MESSAGES.noDocuments });
  const participants = await tx.participant.findMany({
    where: { packageId: pkg.id },
    orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }],
  });
  if (participants.length === 0)
    problems.push({ path: "participants", message: PACKAGE_ACTION_MESSAGES.noParticipants });
  for (const participant of participants) {
    const missing = missingContact({
      accessMethod: participant.accessMethod,
      email: participant.email,
      phone: participant.phoneNumber,
    });
    if (missing) {
      problems.push({
        path: `participants.${participant.id}`,
        message: `${participantDisplayName(participant)}: ${missing}`,
      });
    }
  }
  problems.push(...(await signatureTagProblems(tx, pkg.id)));
  problems.push(...(await avSendProblems(tx, pkg)));
  if (pkg.scheduledAvailability && pkg.scheduledOn === null) {
    problems.push({ path: "scheduledOn", message: PACKAGE_ACTION_MESSAGES.scheduleMissing });
  }
  if (pkg.packageExpiresAt !== null && pkg.packageExpiresAt <= now) {
    problems.push({ path: "packageExpiresAt", message: PACKAGE_ACTION_MESSAGES.expiryInPast });
  }
  return problems;
}

/**
 * When the package expires once it is available: FIXED keeps its date, RELATIVE counts its days
 * from `availableAt` at its time in the organization's time zone (setting `timezone`), NONE never.
 */
export async function expiryOnAvailability(
  tx: Prisma.TransactionClient,
  pkg: PackageRow,
  availableAt: Date,
): Promise<Date | null> {
  if (pkg.expirationType === "RELATIVE" && pkg.scheduledExpiryDays !== null) {
    const { timezone } = await readPackageSettings(tx, pkg.organizationId);
    return relativeExpiry(availableAt, pkg.scheduledExpiryDays, pkg.scheduledExpiryTime, timezone);
  }
  if (pkg.expirationType === "NONE") return null;
  return pkg.packageExpiresAt;
}

/**
 * What happens when a package becomes available to signers (sent now, or its scheduled time came):
 * each document's hash at send (measured before the transaction) is recorded, participants of an earlier round who
 * must act again wait again, the participants whose turn it is are invited (issue 5 §1), and the
 * print sets of paper participants with a mailing address are made (issue 16 §4).
 */
export async function openForSigning(
  tx: Prisma.TransactionClient,
  pkg: PackageRow,
  now: Date,
  hashes: MeasuredHashes,
): Promise<void> {
  await recordHashesAtSend(tx, pkg.id, hashes);
  await reopenParticipants(tx, pkg.id);
  await inviteDueParticipants(tx, pkg, now);
  await snapshotReminderSchedule(tx, pkg, now);
  await enqueueAutomaticMailings(tx, pkg);
}

/**
 * DOMAIN.md §1: send (STARTED → AVAILABLE_TO_SIGNERS) once nothing is missing (400 with one detail
 * per problem otherwise). With scheduled availability in the future the send is accepted but the
 * package stays STARTED, frozen, until the scheduler makes it available at scheduledOn.
 * Invitations go out in the same transaction (through the outbox).
 */
export async function sendPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number },
  deps: CoreDeps,
): Promise<Package> {
  // storage is read before the transaction, which checks that nothing changed in between
  const scope = { organizationId: input.organizationId, packageId: input.packageId };
  const hashes = await measureDocumentHashes(deps.db, deps.storage, scope);
  const eNote = await readENoteForSend(deps.db, deps.storage, scope);
  return runPackageAction(actor, { ...input, action: "send" }, deps, async (tx, claimed) => {
    const now = new Date();
    const pkg = claimed.current;
    if (pkg.sentAt !== null) throw packageConflict(PACKAGE_MESSAGES.scheduledNotEditable);
    const problems = [...(await sendProblems(tx, pkg, now)), ...(await eNoteSendProblems(tx, eNote, pkg.id))];
    if (problems.length > 0) throw new AppError("BAD_REQUEST", PACKAGE_ACTION_MESSAGES.cannotSend, problems);
    if (pkg.scheduledAvailability && pkg.scheduledOn !== null && pkg.scheduledOn > now) {
      return {
        keepStatus: true,
        changes: { sentAt: now },
        auditType: "package.scheduled",
        auditData: { scheduledOn: pkg.scheduledOn.toISOString() },
      };
    }
    const packageExpiresAt = await expiryOnAvailability(tx, pkg, now);
    return {
      changes: { sentAt: now, availableAt: now, packageExpiresAt },
      afterAudit: (after) => openForSigning(after, pkg, now, hashes),
      auditType: "package.sent",
      auditData: { packageExpiresAt: packageExpiresAt?.toISOString() ?? null },
    };
  });
}
