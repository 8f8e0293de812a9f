import {
  asParticipantLanguage,
  auditDetailsText,
  auditSentence,
  inPersonCertificateLine,
  participantDisplayName,
  stepNumberOf,
  witnessedByLine,
  witnessToLine,
} from "@signet/contract";
import { verifyAuditChain } from "../audit/verify-audit-chain.ts";
import { avCertificateRecordings } from "../av-session/av-certificate.ts";
import type { Db } from "../db/prisma-client.ts";
import { notarizationCertificate } from "../notarization/notarization-certificate.ts";
import { participantOrder } from "../participants/participant-views.ts";
import { certificateLanguages } from "../sealing/certificate-labels.ts";
import type { CertificateData } from "../sealing/index.ts";
import { readPackageSettings } from "../settings/package-settings.ts";

const ACCESS_LABELS = { EMAIL: "Email link", SMS: "Text message (SMS) link", API: "Signing URL issued by the sender" };
const VERIFICATION_LABELS = {
  NONE: null,
  SMS_CODE: "SMS one-time code",
  KBA: "Knowledge-based questions",
  EMAIL_CODE: "Email one-time code",
};
const CONSENT_DEMONSTRATION_LABELS: Record<string, string> = {
  DISCLOSURE_SHOWN_IN_ROOM: "Pressing 'I agree' under the disclosure shown in the signing room",
  CODE_FROM_CONSENT_PDF: "Typing the code printed in the consent document, then 'I agree'",
};

const nameOf = (
  participant: Parameters<typeof participantDisplayName>[0] & {
    givenName: string | null;
    middleName: string | null;
    familyName: string | null;
  },
) =>
  [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ") ||
  participantDisplayName(participant);

/** Issue 34 §2b: a witness's line names the signer they witnessed; a witnessed signer's names the witnesses. */
function witnessLine(
  participant: { id: string; witnessForParticipantId: string | null },
  participants: readonly (Parameters<typeof nameOf>[0] & { id: string; witnessForParticipantId: string | null })[],
): { witness?: string } {
  const signer = participants.find((candidate) => candidate.id === participant.witnessForParticipantId);
  if (signer) return { witness: witnessToLine(nameOf(signer)) };
  const witnesses = participants.filter((candidate) => candidate.witnessForParticipantId === participant.id);
  return witnesses.length > 0 ? { witness: witnessedByLine(witnesses.map(nameOf)) } : {};
}

/**
 * DOMAIN.md §4: everything the certificate of completion shows, from the stored record: the
 * package, each document's hash at upload, at send and after sealing, participants with their
 * authentication and consent, and every audit event with its time, IP and user agent.
 */
export async function buildCertificateData(db: Db, packageId: string): Promise<CertificateData> {
  const pkg = await db.package.findUniqueOrThrow({
    where: { id: packageId },
    include: { organization: { select: { name: true } } },
  });
  const [documents, artifacts, participants, consents, signatures, events, chain, settings, inPerson] =
    await Promise.all([
      db.document.findMany({ where: { packageId }, orderBy: [{ orderSequence: "asc" }, { createdAt: "asc" }] }),
      db.sealedArtifact.findMany({ where: { packageId, kind: "DOCUMENT" } }),
      db.participant.findMany({ where: { packageId }, orderBy: participantOrder }),
      db.consentRecord.findMany({ where: { packageId }, orderBy: { grantedAt: "desc" } }),
      db.participantSignature.findMany({ where: { packageId, kind: "SIGNATURE" } }),
      db.auditEvent.findMany({ where: { streamType: "package", streamId: packageId }, orderBy: { sequence: "asc" } }),
      verifyAuditChain(db, "package", packageId),
      readPackageSettings(db, pkg.organizationId),
      // issue 34 §2a: confirmed in-person checks, newest first (the one a participant finished after)
      db.inPersonIdentityCheck.findMany({
        where: { packageId, confirmedAt: { not: null } },
        orderBy: { confirmedAt: "desc" },
      }),
    ]);
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const users = await db.user.findMany({
    where: { id: { in: actorIds } },
    select: { id: true, givenName: true, familyName: true, email: true },
  });
  // who acted, as a compliance officer reads it: the person's name with their role or email
  const actors = new Map<string, string>([
    ...users.map((user): [string, string] => [
      user.id,
      `${`${user.givenName} ${user.familyName}`.trim() || user.email} (${user.email})`,
    ]),
    ...participants.map((participant): [string, string] => [
      participant.id,
      `${participantDisplayName(participant)} (${[participant.type, participant.email ?? participant.phoneNumber].filter(Boolean).join(", ")})`,
    ]),
  ]);
  // the ids an event's data holds, by name
  const idNames: Record<string, string> = Object.fromEntries([
    ...users.map((user) => [user.id, `${user.givenName} ${user.familyName}`.trim() || user.email]),
    ...participants.map((participant) => [participant.id, participantDisplayName(participant)]),
    ...documents.map((document) => [document.id, document.name]),
    ...artifacts.map((artifact) => [artifact.id, `the sealed ${artifact.name}`]),
  ]);
  const sealedHash = new Map(artifacts.map((artifact) => [artifact.documentId, artifact.sha256]));
  const verifiedBy = new Set(
    events.filter((event) => event.type === "participant.verified").map((event) => String(event.actorId)),
  );
  return {
    package: {
      id: pkg.id,
      shortId: pkg.shortId,
      name: pkg.name,
      organizationName: pkg.organization.name,
      status: pkg.status,
      sentAt: pkg.sentAt?.toISOString() ?? null,
      completedAt: pkg.completedAt?.toISOString() ?? null,
      timeZone: settings.timezone,
    },
    documents: documents.map((document) => ({
      // issue 15 §5: an eNote is listed with its MIN (its final hash is the sealed XML's)
      name:
        document.format === "SMART_DOC"
          ? `${document.name} (eNote (SMART Doc), MIN ${document.eNoteMin ?? "unknown"}, ${document.executionType.replace("_", " ")})`
          : `${document.name} (${document.executionType.replace("_", " ")})`,
      pages: document.numPages,
      sha256Original: document.sha256,
      sha256AtSend: document.sha256AtSend,
      sha256Final: sealedHash.get(document.id) ?? null,
    })),
    participants: participants.map((participant) => {
      const delegation = delegationLines(participant, participants);
      const consent = consents.find((record) => record.participantId === participant.id);
      const verification = VERIFICATION_LABELS[participant.idVerification];
      const hosted = participant.signedInPersonHost
        ? inPerson.find((check) => check.participantId === participant.id)
        : undefined;
      return {
        displayName: participantDisplayName(participant),
        name: [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" "),
        email: participant.email,
        phone: participant.phoneNumber,
        type: participant.type,
        accessMethod: participant.accessMethod,
        authentication: [
          ACCESS_LABELS[participant.accessMethod],
          ...(verification && verifiedBy.has(participant.id) ? [verification] : []),
          ...(hosted ? [inPersonCertificateLine(hosted)] : []),
        ],
        consent: consent
          ? {
              version: consent.consentVersion,
              sha256: consent.consentSha256,
              grantedAt: consent.grantedAt.toISOString(),
              ip: consent.ip,
              userAgent: consent.userAgent,
              givenBy: CONSENT_DEMONSTRATION_LABELS[consent.demonstration] ?? consent.demonstration,
              withdrawnAt: consent.withdrawnAt?.toISOString() ?? null,
            }
          : null,
        status: participant.signingStatus,
        finishedAt: participant.finishedAt?.toISOString() ?? null,
        signaturePng: signatures.find((signature) => signature.participantId === participant.id)?.png ?? null,
        language: asParticipantLanguage(participant.language),
        // steps counted 1..n as the signers saw them, whatever gaps the stored numbers have
        ...(pkg.signingOrder === "PARTICIPANT"
          ? { signingStep: stepNumberOf(participant.orderSequence, participants) }
          : {}),
        ...witnessLine(participant, participants),
        ...(delegation.length > 0 ? { delegation } : {}),
      };
    }),
    events: events.map((event) => {
      const written = auditSentence({
        type: event.type,
        actor: event.actorId
          ? (actors.get(event.actorId) ?? `User ${event.actorId}`)
          : event.actorRole === "anonymous"
            ? "Someone not signed in"
            : null,
        data: (event.data ?? {}) as Record<string, unknown>,
        names: idNames,
      });
      return {
        sequence: event.sequence,
        occurredAt: event.occurredAt.toISOString(),
        sentence: written.sentence,
        ip: event.ip,
        userAgent: event.userAgent,
        details: auditDetailsText(written.details),
      };
    }),
    chain: { valid: chain.valid, events: chain.events, lastHash: events.at(-1)?.hash ?? null },
    languages: certificateLanguages(participants.map((participant) => asParticipantLanguage(participant.language))),
    generatedAt: new Date().toISOString(),
    avRecordings: await avCertificateRecordings(db, packageId),
    notarization: await notarizationCertificate(db, packageId),
  };
}

type DelegationRow = {
  id: string;
  givenName: string | null;
  middleName: string | null;
  familyName: string | null;
  type: string;
  roleNumber: number;
  delegatedFromParticipantId: string | null;
  delegatedAt: Date | null;
  delegationReason: string | null;
};

/**
 * Issue 34 §3: the chain of hand-overs seen from one participant: who handed their part to them
 * (when and why), and to whom they handed it. Following each line from participant to participant
 * reads the whole chain, however many hops.
 */
export function delegationLines(participant: DelegationRow, participants: readonly DelegationRow[]): string[] {
  const nameOf = (row: DelegationRow) =>
    [row.givenName, row.middleName, row.familyName].filter(Boolean).join(" ") || participantDisplayName(row);
  const lines: string[] = [];
  const from = participants.find((candidate) => candidate.id === participant.delegatedFromParticipantId);
  if (from) {
    const when = participant.delegatedAt ? ` on ${participant.delegatedAt.toISOString()}` : "";
    const reason = participant.delegationReason ?? "no reason recorded";
    lines.push(`Signing delegated by ${nameOf(from)}${when}: ${reason}${/[.!?]$/.test(reason) ? "" : "."}`);
  }
  for (const to of participants.filter((candidate) => candidate.delegatedFromParticipantId === participant.id)) {
    lines.push(`Delegated to ${nameOf(to)}.`);
  }
  return lines;
}
