import type {
  DocumentFormat,
  ExecutionType,
  ParticipantRole,
  SigningParticipant,
  SigningRoom,
  SigningTag,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryRows } from "../db/pool-query.ts";
import { executionMatrixOf } from "../tags/execution-types.ts";
import { consentOf } from "./current-consent.ts";
import { reviewsOnlyOf } from "./participant-reviews-only.ts";
import type { SigningContext } from "./signing-context.ts";
import { signingProgressOf } from "./signing-progress.ts";
import { SIGNING_ROOM_SETTING_KEYS, signingRoomSettingsOf } from "./signing-room-settings.ts";
import type { StageInputs } from "./signing-stage.ts";

/** A participant of the package as the room uses it (progress, names, eNote roles, completed tags). */
export interface RoomParticipant {
  id: string;
  orderSequence: number;
  signingStatus: SigningParticipant["status"];
  accessMethod: "EMAIL" | "SMS" | "API";
  role: ParticipantRole;
  type: string;
  roleNumber: number;
  givenName: string | null;
  middleName: string | null;
  familyName: string | null;
  finishedAt: Date | null;
  /** issue 34 §2b: the signer this participant witnesses */
  witnessForParticipantId: string | null;
  /** a delegate: who handed their part to them (issue 34 §3) */
  delegatedFromParticipantId: string | null;
}

type RoomTag = Omit<SigningTag, "customFieldName"> & { customFieldName: string | null; customFieldId: string | null };

/** A document of the package as the room lists it (whole rows only for SMART Docs: see withSmartDocViews). */
export interface RoomDocument {
  id: string;
  name: string;
  executionType: ExecutionType;
  numPages: number;
  pageSizes: { width: number; height: number }[];
  format: DocumentFormat;
}

/** Everything the room shows besides the session, its participant and package (already in the context). */
export interface SigningRoomRows {
  documents: RoomDocument[];
  participants: RoomParticipant[];
  settingRows: { key: string; value: string }[];
  stage: StageInputs;
  reviewedDocumentIds: string[];
  tags: RoomTag[];
  rules: SigningRoom["rules"];
  sourceTags: SigningRoom["sourceTags"];
  groups: SigningRoom["dataCollection"];
  stips: SigningRoom["stips"];
  signatures: {
    kind: "SIGNATURE" | "INITIALS";
    method: NonNullable<SigningRoom["signature"]>["method"];
    text: string | null;
    sha256: string;
    pngBase64: string;
  }[];
  artifacts: {
    id: string;
    documentId: string | null;
    kind: SigningRoom["downloads"][number]["kind"];
    name: string;
    blobKey: string;
    contentType: string;
  }[];
}

interface RoomRow {
  documents: RoomDocument[];
  participants: (Omit<RoomParticipant, "finishedAt"> & { finishedAt: string | null })[];
  overrides: { documentId: string; participantId: string; executionType: ExecutionType }[];
  tagCount: number;
  settings: { key: string; value: string }[];
  customConsent: { version: number; sha256: string; blobKey: string; createdAt: string } | null;
  consentRecord: { consentVersion: string; consentSha256: string } | null;
  identityProofed: boolean;
  reviews: string[];
  tags: RoomTag[];
  rules: SigningRoomRows["rules"];
  sourceTags: SigningRoomRows["sourceTags"];
  groups: SigningRoomRows["groups"];
  stips: SigningRoomRows["stips"];
  signatures: SigningRoomRows["signatures"];
  artifacts: SigningRoomRows["artifacts"];
}

/**
 * The room in one statement that aggregates everything as JSON, the stage's facts included. Per
 * package or per participant, never per document or per participant row: the cost stays flat as a
 * package grows. The settings keys are the signing-room and session ones (session rules decode theirs).
 */
export async function readSigningRoomRows(
  db: CoreDeps["db"],
  context: SigningContext,
  sessionSettingKeys: readonly string[],
): Promise<SigningRoomRows> {
  const { participant, pkg } = context;
  const participantId = participant.id;
  const packageId = pkg.id;
  const keys = [...SIGNING_ROOM_SETTING_KEYS, ...sessionSettingKeys];
  const statement = Prisma.sql`
      SELECT
        (SELECT coalesce(json_agg(json_build_object(
            'id', d.id, 'name', d.name, 'executionType', d."executionType", 'numPages', d."numPages",
            'pageSizes', d."pageSizes", 'format', d.format) ORDER BY d."orderSequence", d."createdAt"), '[]')
          FROM "Document" d WHERE d."packageId" = ${packageId}::uuid) AS documents,
        (SELECT coalesce(json_agg(json_build_object(
            'id', p.id, 'orderSequence', p."orderSequence", 'signingStatus', p."signingStatus",
            'accessMethod', p."accessMethod", 'role', p.role, 'type', p.type, 'roleNumber', p."roleNumber",
            'givenName', p."givenName", 'middleName', p."middleName", 'familyName', p."familyName",
            'finishedAt', p."finishedAt", 'witnessForParticipantId', p."witnessForParticipantId", 'delegatedFromParticipantId', p."delegatedFromParticipantId") ORDER BY p."orderSequence", p."createdAt", p.id), '[]')
          FROM "Participant" p WHERE p."packageId" = ${packageId}::uuid) AS participants,
        (SELECT coalesce(json_agg(json_build_object(
            'documentId', dp."documentId", 'participantId', dp."participantId", 'executionType', dp."executionType")), '[]')
          FROM "DocumentParticipant" dp WHERE dp."packageId" = ${packageId}::uuid) AS overrides,
        (SELECT count(*)::int FROM "Tag" t WHERE t."participantId" = ${participantId}::uuid) AS "tagCount",
        (SELECT coalesce(json_agg(json_build_object('key', o.key, 'value', o.value)), '[]')
          FROM "OrganizationSetting" o
          WHERE o."organizationId" = ${pkg.organizationId}::uuid AND o.key = ANY(${keys}::text[])) AS settings,
        (SELECT json_build_object('version', c.version, 'sha256', c.sha256, 'blobKey', c."blobKey", 'createdAt', c."createdAt")
          FROM "ConsentDocument" c WHERE c."organizationId" = ${pkg.organizationId}::uuid
          ORDER BY c.version DESC LIMIT 1) AS "customConsent",
        (SELECT json_build_object('consentVersion', r."consentVersion", 'consentSha256', r."consentSha256")
          FROM "ConsentRecord" r WHERE r."participantId" = ${participantId}::uuid AND r."withdrawnAt" IS NULL
          ORDER BY r."grantedAt" DESC LIMIT 1) AS "consentRecord",
        EXISTS (SELECT 1 FROM "IdentityProofingAttempt" a
          WHERE a."participantId" = ${participantId}::uuid AND a."packageId" = ${packageId}::uuid
            AND a.outcome = 'PASSED') AS "identityProofed",
        (SELECT coalesce(json_agg(dr."documentId"), '[]')
          FROM "DocumentReview" dr WHERE dr."participantId" = ${participantId}::uuid) AS reviews,
        (SELECT coalesce(json_agg(json_build_object(
            'id', t.id, 'documentId', t."documentId", 'type', t.type, 'page', t.page, 'x', t.x, 'y', t.y,
            'width', t.width, 'height', t.height, 'required', t.required, 'label', t.label, 'options', t.options,
            'groupName', t."groupName", 'optionValue', t."optionValue", 'customFieldId', t."customFieldId",
            'customFieldName', cf.name, 'defaultValue', t."defaultValue", 'value', v.value)
            ORDER BY t.page, t.y, t.x), '[]')
          FROM "Tag" t LEFT JOIN "TagValue" v ON v."tagId" = t.id LEFT JOIN "CustomField" cf ON cf.id = t."customFieldId"
          WHERE t."participantId" = ${participantId}::uuid) AS tags,
        (SELECT coalesce(json_agg(json_build_object(
            'sourceTagId', r."sourceTagId", 'targetTagId', r."targetTagId", 'condition', r.condition,
            'value', r.value, 'action', r.action) ORDER BY r."createdAt", r.id), '[]')
          FROM "ConditionalRule" r WHERE r."packageId" = ${packageId}::uuid) AS rules,
        (SELECT coalesce(json_agg(json_build_object(
            'id', t.id, 'type', t.type, 'groupName', t."groupName", 'optionValue', t."optionValue", 'value', v.value)), '[]')
          FROM "Tag" t LEFT JOIN "TagValue" v ON v."tagId" = t.id
          WHERE t."packageId" = ${packageId}::uuid AND t."participantId" <> ${participantId}::uuid
            AND t.id IN (SELECT r."sourceTagId" FROM "ConditionalRule" r JOIN "Tag" target ON target.id = r."targetTagId"
                         WHERE r."packageId" = ${packageId}::uuid
                           AND target."participantId" = ${participantId}::uuid)) AS "sourceTags",
        (SELECT coalesce(json_agg(json_build_object(
            'id', g.id, 'name', g.name, 'description', g.description, 'fields', f.fields) ORDER BY g."orderSequence"), '[]')
          FROM "DataCollectionGroup" g
          CROSS JOIN LATERAL (
            SELECT json_agg(json_build_object(
                'id', f.id, 'label', f.label, 'type', f.type, 'required', f.required, 'options', f.options,
                'value', a.value) ORDER BY f."orderSequence") AS fields
            FROM "DataCollectionField" f LEFT JOIN "DataCollectionAnswer" a ON a."fieldId" = f.id
            WHERE f."groupId" = g.id AND f."participantId" = ${participantId}::uuid) f
          WHERE g."packageId" = ${packageId}::uuid AND f.fields IS NOT NULL) AS groups,
        (SELECT coalesce(json_agg(json_build_object(
            'id', s.id, 'name', s.name, 'description', s.description, 'required', s.required,
            'uploads', (SELECT coalesce(json_agg(json_build_object('id', u.id, 'fileName', u."fileName",
                                                                   'sizeBytes', u."sizeBytes") ORDER BY u."createdAt"), '[]')
                        FROM "StipUpload" u WHERE u."stipId" = s.id)) ORDER BY s."orderSequence"), '[]')
          FROM "Stip" s WHERE s."participantId" = ${participantId}::uuid) AS stips,
        (SELECT coalesce(json_agg(json_build_object(
            'kind', ps.kind, 'method', ps.method, 'text', ps.text, 'sha256', ps.sha256,
            'pngBase64', encode(ps.png, 'base64'))), '[]')
          FROM "ParticipantSignature" ps WHERE ps."participantId" = ${participantId}::uuid) AS signatures,
        (SELECT coalesce(json_agg(json_build_object(
            'id', sa.id, 'documentId', sa."documentId", 'kind', sa.kind, 'name', sa.name, 'blobKey', sa."blobKey",
            'contentType', sa."contentType") ORDER BY sa.kind DESC, sa."sealedAt"), '[]')
          FROM "SealedArtifact" sa WHERE sa."packageId" = ${packageId}::uuid) AS artifacts`;
  // on the pg pool, prepared once per connection: PostgreSQL plans this long statement once, not on
  // every room load, and Prisma's own work per raw query is saved (every column is JSON, an int or
  // a boolean, which both paths read alike)
  const [row] = await queryRows<RoomRow>(db, statement.text, statement.values);
  if (!row) throw new Error("The signing room's statement returned no row");
  const participants = row.participants.map((candidate) => ({
    ...candidate,
    finishedAt: candidate.finishedAt === null ? null : new Date(candidate.finishedAt),
  }));
  const { documents } = row;
  const matrix = executionMatrixOf(documents, participants, row.overrides);
  const progress = signingProgressOf(participants, matrix);
  const reviewOnly = reviewsOnlyOf(participant, progress, row.tagCount);
  const consent = consentOf(signingRoomSettingsOf(row.settings), row.customConsent, reviewOnly);
  return {
    documents,
    participants,
    settingRows: row.settings,
    stage: {
      progress,
      reviewOnly,
      consent,
      consentRecord: row.consentRecord,
      identityProofed: row.identityProofed,
    },
    reviewedDocumentIds: row.reviews,
    tags: row.tags,
    rules: row.rules,
    sourceTags: row.sourceTags,
    groups: row.groups,
    stips: row.stips,
    // encode() wraps base64 at 76 characters
    signatures: row.signatures.map((signature) => ({
      ...signature,
      pngBase64: signature.pngBase64.replace(/\n/g, ""),
    })),
    artifacts: row.artifacts,
  };
}
