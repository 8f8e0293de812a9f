import { missingContact, PACKAGE_ACTION_MESSAGES, type Package, participantDisplayName } from "@signet/contract";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { signatureTagProblems } from "../tags/signature-tag-problems.ts";
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
  if (pkg.scheduledAvailability && pkg.scheduledOn === null) {
    problems.push({ path: "scheduledOn", message: PACKAGE_ACTION_MESSAGES.scheduleMissing });
  }
  if (pkg.packageExpiresAt !== null && pkg.packageExpiresAt <= now) {
    problems.push({ path: "packageExpiresAt", message: PACKAGE_ACTION_MESSAGES.expiryInPast });
  }
  return problems;
}

/**
 * DOMAIN.md §1: send (STARTED → AVAILABLE_TO_SIGNERS) once nothing is missing (400 with one detail
 * per problem otherwise). The invitations themselves arrive with the signing room.
 */
export async function sendPackage(
  actor: Actor,
  input: { organizationId: string; packageId: string; version: number },
  deps: CoreDeps,
): Promise<Package> {
  return runPackageAction(actor, { ...input, action: "send" }, deps, async (tx, claimed) => {
    const problems = await sendProblems(tx, claimed.current, new Date());
    if (problems.length > 0) throw new AppError("BAD_REQUEST", PACKAGE_ACTION_MESSAGES.cannotSend, problems);
    return {
      auditType: "package.sent",
      auditData: {
        scheduledOn: claimed.current.scheduledOn?.toISOString() ?? null,
        packageExpiresAt: claimed.current.packageExpiresAt?.toISOString() ?? null,
      },
    };
  });
}
