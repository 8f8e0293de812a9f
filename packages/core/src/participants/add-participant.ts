import {
  type CreateParticipant,
  missingContact,
  nextRoleNumberForType,
  PARTICIPANT_MESSAGES,
  type Participant,
} from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { claimStartedPackage, findManageablePackage } from "../packages/find-package.ts";
import { loadPackageAccess, packageConflict } from "../packages/package-access.ts";
import { readSigningRoomSettings } from "../signing/signing-room-settings.ts";
import { addressColumn } from "./participant-address.ts";
import { canonicalParticipantType } from "./participant-type.ts";
import { verificationColumns } from "./participant-verification.ts";
import { toParticipant } from "./participant-views.ts";
import { assertWitness } from "./participant-witness.ts";

/**
 * The organization's default ID verification for a new participant; a text-message default falls
 * back to none for a participant without a phone (the sender can still choose another method).
 */
async function defaultVerification(
  tx: Parameters<typeof readSigningRoomSettings>[0],
  organizationId: string,
  phoneNumber: string | null | undefined,
) {
  const { default_id_verification: method } = await readSigningRoomSettings(tx, organizationId);
  if (method === "SMS_CODE" && !phoneNumber) return "NONE" as const;
  // KBA needs answers only the sender can give: the default applies once they are given
  return method === "KBA" ? ("NONE" as const) : method;
}

/**
 * Adds a participant to a package that has not been sent: role number the lowest unused of its type
 * (spec §5; none free → 409), last in the signing order. Bumps the package's version.
 */
export async function addParticipant(
  actor: Actor,
  input: CreateParticipant & { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<Participant> {
  const { organizationId, packageId } = input;
  const access = await loadPackageAccess(actor, organizationId, deps);
  const found = await findManageablePackage(deps.db, access, packageId, "EDIT_PARTICIPANTS");
  // a template's slots have no people yet: their names and contacts come when a package is built
  if (found.templateKind === null) assertContact(input);
  const type = await canonicalParticipantType(deps.db, organizationId, input.type);
  const row = await deps.db.$transaction(async (tx) => {
    // claiming the package row-locks it: numbering below cannot race another add
    const packageVersion = await claimStartedPackage(tx, organizationId, packageId);
    const existing = await tx.participant.findMany({
      where: { packageId },
      select: {
        id: true,
        type: true,
        roleNumber: true,
        orderSequence: true,
        role: true,
        email: true,
        witnessForParticipantId: true,
      },
    });
    // a new participant has no id yet: nobody can name them, and they cannot name themselves
    assertWitness(
      {
        id: "",
        role: input.role,
        email: input.email ?? null,
        witnessForParticipantId: input.witnessForParticipantId ?? null,
      },
      existing,
    );
    const roleNumber = nextRoleNumberForType(existing, type);
    if (roleNumber === -1) throw packageConflict(PARTICIPANT_MESSAGES.typeFull);
    if (input.avHost) {
      await tx.participant.updateMany({
        where: { packageId, avHost: true },
        data: { avHost: false, version: { increment: 1 } },
      });
    }
    const verification = verificationColumns(
      {
        idVerification: input.idVerification ?? (await defaultVerification(tx, organizationId, input.phoneNumber)),
        kbaAnswers: input.kbaAnswers,
      },
      { idVerification: "NONE", phoneNumber: input.phoneNumber ?? null, kbaQuestions: [] },
      deps.fieldCipher,
    );
    const created = await tx.participant.create({
      data: {
        packageId,
        organizationId,
        type,
        roleNumber,
        givenName: input.givenName || null,
        middleName: input.middleName || null,
        familyName: input.familyName || null,
        email: input.email || null,
        phoneNumber: input.phoneNumber ?? null,
        accessMethod: input.accessMethod,
        role: input.role,
        avHost: input.avHost,
        witnessForParticipantId: input.witnessForParticipantId ?? null,
        language: input.language,
        ...verification,
        mailingAddress: addressColumn(input.mailingAddress),
        delegationAllowed: input.delegationAllowed ?? false,
        orderSequence: Math.max(0, ...existing.map((p) => p.orderSequence)) + 1,
      },
    });
    await appendAuditEvent(tx, actor, {
      organizationId,
      streamType: "package",
      streamId: packageId,
      type: "participant.added",
      data: {
        participantId: created.id,
        type,
        roleNumber,
        accessMethod: created.accessMethod,
        role: created.role,
        idVerification: created.idVerification,
        ...(created.witnessForParticipantId ? { witnessForParticipantId: created.witnessForParticipantId } : {}),
        packageVersion,
      },
    });
    return created;
  });
  return toParticipant(row);
}

/** The contact the access method needs (EMAIL: email, SMS: phone), reported on the field. */
function assertContact(input: CreateParticipant) {
  const message = missingContact({ accessMethod: input.accessMethod, email: input.email, phone: input.phoneNumber });
  if (message === null) return;
  const path = input.accessMethod === "SMS" ? "phoneNumber" : "email";
  throw new AppError("BAD_REQUEST", message, [{ path, message }]);
}
