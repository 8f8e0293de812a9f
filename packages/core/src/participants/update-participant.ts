import {
  missingContact,
  nextRoleNumberForType,
  PARTICIPANT_API_MESSAGES,
  PARTICIPANT_MESSAGES,
  type Participant,
  participantTypeKey,
  type UpdateParticipant,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, notFound } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageConflict, packageVersionConflict } from "../packages/package-access.ts";
import { loadExecutionMatrix, signsElectronically } from "../tags/execution-types.ts";
import { addressColumn } from "./participant-address.ts";
import { canonicalParticipantType } from "./participant-type.ts";
import { verificationColumns } from "./participant-verification.ts";
import { toParticipant } from "./participant-views.ts";
import { assertNotWitnessed, assertWitness } from "./participant-witness.ts";

const orNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/**
 * Changes a participant of a package that has not been sent, at the version the client read. The
 * contact the access method needs must remain (email for EMAIL, phone for SMS); a new type takes the
 * lowest unused number of that type. Bumps the package's version.
 */
export async function updateParticipant(
  actor: Actor,
  input: UpdateParticipant & { organizationId: string; packageId: string; participantId: string },
  deps: CoreDeps,
): Promise<Participant> {
  const { organizationId, packageId, participantId, version } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  const found = await findManageablePackage(deps.db, access, packageId, "EDIT_PARTICIPANTS");
  const row = await deps.db.$transaction(async (tx) => {
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
    const current = await tx.participant.findFirst({ where: { id: participantId, packageId, organizationId } });
    if (!current) throw notFound(PARTICIPANT_API_MESSAGES.participantNotFound);
    if (current.version !== version) throw packageVersionConflict();
    const merged = {
      accessMethod: input.accessMethod ?? current.accessMethod,
      email: input.email === undefined ? current.email : input.email,
      phone: input.phoneNumber === undefined ? current.phoneNumber : input.phoneNumber,
    };
    const missing = found.templateKind === null ? missingContact(merged) : null;
    if (missing) throw new AppError("BAD_REQUEST", missing);
    const everyone = await tx.participant.findMany({ where: { packageId } });
    const role = input.role ?? current.role;
    const witnessForParticipantId =
      input.witnessForParticipantId === undefined ? current.witnessForParticipantId : input.witnessForParticipantId;
    assertWitness({ id: participantId, role, email: merged.email, witnessForParticipantId }, everyone);
    // a witnessed signer keeps signing while someone witnesses them, and keeps an email of their own
    if (role !== "SIGNER") assertNotWitnessed(current, everyone);
    const changed = { ...current, role, email: merged.email, witnessForParticipantId };
    for (const witness of everyone.filter((candidate) => candidate.witnessForParticipantId === participantId)) {
      assertWitness(witness, [...everyone.filter((candidate) => candidate.id !== participantId), changed]);
    }
    let type: string | undefined;
    let roleNumber: number | undefined;
    if (input.type !== undefined && participantTypeKey(input.type) !== participantTypeKey(current.type)) {
      type = await canonicalParticipantType(tx, organizationId, input.type);
      const others = await tx.participant.findMany({
        where: { packageId, id: { not: participantId } },
        select: { type: true, roleNumber: true },
      });
      roleNumber = nextRoleNumberForType(others, type);
      if (roleNumber === -1) throw packageConflict(PARTICIPANT_MESSAGES.typeFull);
    }
    const verification = verificationColumns(
      input,
      { idVerification: current.idVerification, phoneNumber: merged.phone ?? null, kbaQuestions: current.kbaQuestions },
      deps.fieldCipher,
    );
    if (input.avHost === true) {
      await tx.participant.updateMany({
        where: { packageId, avHost: true, id: { not: participantId } },
        data: { avHost: false, version: { increment: 1 } },
      });
    }
    const { count } = await tx.participant.updateMany({
      where: { id: participantId, packageId, version },
      data: {
        type,
        roleNumber,
        givenName: orNull(input.givenName),
        middleName: orNull(input.middleName),
        familyName: orNull(input.familyName),
        email: orNull(input.email),
        phoneNumber: input.phoneNumber,
        accessMethod: input.accessMethod,
        role: input.role,
        avHost: input.avHost,
        witnessForParticipantId: input.witnessForParticipantId,
        language: input.language,
        ...verification,
        mailingAddress: input.mailingAddress === undefined ? undefined : addressColumn(input.mailingAddress),
        delegationAllowed: input.delegationAllowed,
        version: { increment: 1 },
      },
    });
    if (count === 0) throw packageVersionConflict();
    // a participant who no longer signs a document electronically keeps no tags on it (spec §4)
    let deletedTags = 0;
    if (input.role !== undefined && input.role !== current.role) {
      const matrix = await loadExecutionMatrix(tx, packageId);
      const unsigned = matrix.documents
        .filter((document) => !signsElectronically(matrix, document.id, participantId))
        .map((document) => document.id);
      deletedTags = (await tx.tag.deleteMany({ where: { participantId, documentId: { in: unsigned } } })).count;
    }
    // someone who no longer witnesses has nothing to attest: their witness tags go; someone who
    // becomes a witness is no party to the documents: their own signature and initials tags go
    if ((witnessForParticipantId === null) !== (current.witnessForParticipantId === null)) {
      const types =
        witnessForParticipantId === null ? ["WITNESS_SIGNATURE" as const] : ["SIGNATURE" as const, "INITIALS" as const];
      deletedTags += (await tx.tag.deleteMany({ where: { participantId, type: { in: types } } })).count;
    }
    // KBA answers are secrets: the trail records which questions changed, never the answers
    const {
      version: _version,
      organizationId: _org,
      packageId: _pkg,
      participantId: _id,
      kbaAnswers: _answers,
      ...changes
    } = input;
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "participant.updated",
      data: {
        participantId,
        version: version + 1,
        packageVersion,
        changes,
        ...(verification.kbaQuestions ? { kbaQuestions: verification.kbaQuestions } : {}),
        ...(roleNumber ? { roleNumber } : {}),
        ...(deletedTags ? { deletedTags } : {}),
      },
    });
    return tx.participant.findUniqueOrThrow({ where: { id: participantId } });
  });
  return toParticipant(row);
}
