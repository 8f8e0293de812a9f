import { createHash } from "node:crypto";
import { type ExecutionType, isTurnOf, SIGNING_LIMITS, type SigningParticipant } from "@signet/contract";
import type { BaselineContext } from "./baseline-context.ts";

// GET /api/v1/signing/room by hand: the session by its secret's hash and everything the room shows,
// in ONE statement ($1 = sha256 of the cookie's secret). The session CTE is read once (unique
// index on SigningSession.secretHash); every other part is a subquery keyed by its ids, each on an
// index of the schema:
//   participant, package (+ organization's name): primary keys;
//   branding settings: OrganizationSetting (organizationId, key) unique;
//   consent: ConsentRecord (participantId) — any live record is consent (the version compare of the
//   API against the current consent text is left out);
//   everyone's progress, documents, per-participant execution types, conditional rules: by
//   packageId indexes; reviews, tags (+ values), data-collection fields (+ answers), stips (+
//   uploads), adopted signatures: by participantId indexes.
// The stage is worked out from those rows in JS, as the API's rule says.
const ROOM_SQL = `WITH s AS (
  SELECT id, "organizationId", "packageId", "participantId", "expiresAt", "lastSeenAt", "revokedAt",
         "revokedReason", "verifiedAt"
    FROM "SigningSession" WHERE "secretHash" = $1)
SELECT row_to_json(s) AS session,
  (SELECT row_to_json(x) FROM (
     SELECT id, "givenName", "middleName", "familyName", email, type, "signingStatus", "idVerification"
       FROM "Participant" WHERE id = s."participantId") x) AS participant,
  (SELECT row_to_json(x) FROM (
     SELECT p.id, p.name, p.status, p."emailIntroText", p."signingOrder", o.name AS "organizationName"
       FROM "Package" p JOIN "Organization" o ON o.id = p."organizationId" WHERE p.id = s."packageId") x) AS package,
  (SELECT json_object_agg(key, value) FROM "OrganizationSetting"
    WHERE "organizationId" = s."organizationId" AND key IN ('primary_color', 'primary_font_color', 'logo_url')) AS settings,
  EXISTS (SELECT 1 FROM "ConsentRecord" WHERE "participantId" = s."participantId" AND "withdrawnAt" IS NULL) AS consented,
  (SELECT json_agg(json_build_object('id', id, 'orderSequence', "orderSequence", 'status', "signingStatus")
                   ORDER BY "orderSequence", "createdAt")
     FROM "Participant" WHERE "packageId" = s."packageId") AS everyone,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'executionType', "executionType",
                                              'numPages', "numPages", 'pageSizes', "pageSizes")
                            ORDER BY "orderSequence", "createdAt"), '[]')
     FROM "Document" WHERE "packageId" = s."packageId") AS documents,
  (SELECT coalesce(json_agg(json_build_object('documentId', "documentId", 'participantId', "participantId",
                                              'executionType', "executionType")), '[]')
     FROM "DocumentParticipant" WHERE "packageId" = s."packageId") AS overrides,
  (SELECT coalesce(array_agg("documentId"), '{}') FROM "DocumentReview" WHERE "participantId" = s."participantId") AS reviewed,
  (SELECT coalesce(json_agg(json_build_object(
            'id', t.id, 'documentId', t."documentId", 'type', t.type, 'page', t.page, 'x', t.x, 'y', t.y,
            'width', t.width, 'height', t.height, 'required', t.required, 'label', t.label, 'options', t.options,
            'groupName', t."groupName", 'optionValue', t."optionValue", 'customFieldId', t."customFieldId",
            'defaultValue', t."defaultValue", 'value', v.value) ORDER BY t.page, t.y, t.x), '[]')
     FROM "Tag" t LEFT JOIN "TagValue" v ON v."tagId" = t.id WHERE t."participantId" = s."participantId") AS tags,
  (SELECT coalesce(json_agg(json_build_object('sourceTagId', "sourceTagId", 'targetTagId', "targetTagId",
                                              'condition', condition, 'value', value, 'action', action)), '[]')
     FROM "ConditionalRule" WHERE "packageId" = s."packageId") AS rules,
  (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'description', g.description, 'fields', (
            SELECT json_agg(json_build_object('id', f.id, 'label', f.label, 'type', f.type, 'required', f.required,
                                              'options', f.options, 'value', a.value) ORDER BY f."orderSequence")
              FROM "DataCollectionField" f LEFT JOIN "DataCollectionAnswer" a ON a."fieldId" = f.id
             WHERE f."groupId" = g.id AND f."participantId" = s."participantId")) ORDER BY g."orderSequence"), '[]')
     FROM "DataCollectionGroup" g WHERE g."packageId" = s."packageId" AND EXISTS (
       SELECT 1 FROM "DataCollectionField" f WHERE f."groupId" = g.id AND f."participantId" = s."participantId")) AS "dataCollection",
  (SELECT coalesce(json_agg(json_build_object('id', st.id, 'name', st.name, 'description', st.description,
            'required', st.required, 'uploads', (
              SELECT coalesce(json_agg(json_build_object('id', u.id, 'fileName', u."fileName", 'sizeBytes', u."sizeBytes")
                                       ORDER BY u."createdAt"), '[]')
                FROM "StipUpload" u WHERE u."stipId" = st.id)) ORDER BY st."orderSequence"), '[]')
     FROM "Stip" st WHERE st."participantId" = s."participantId") AS stips,
  (SELECT json_agg(json_build_object('kind', kind, 'method', method, 'text', text, 'sha256', sha256,
                                     'png', translate(encode(png, 'base64'), E'\\n', '')))
     FROM "ParticipantSignature" WHERE "participantId" = s."participantId") AS signatures
FROM s`;

const REVOCATION_REASONS = ["CANCELLED", "EXPIRED", "CORRECTED", "CONSENT_WITHDRAWN"];
const CLOSED_PACKAGE_STATUSES = ["CANCELLED", "CONSENT_WITHDRAWN", "STARTED"];
const DONE_STATUSES = ["COMPLETED", "EDEPOSIT_PENDING", "EDEPOSITED", "PENDING_ENOTARY"];
const SESSION_COOKIE = "signet_sr_session";

interface RoomRow {
  session: {
    id: string;
    expiresAt: string;
    lastSeenAt: string;
    revokedAt: string | null;
    revokedReason: string | null;
    verifiedAt: string | null;
  };
  participant: {
    id: string;
    givenName: string | null;
    middleName: string | null;
    familyName: string | null;
    email: string | null;
    type: string;
    signingStatus: string;
    idVerification: string;
  } | null;
  package: {
    id: string;
    name: string;
    status: string;
    emailIntroText: string | null;
    signingOrder: "PARALLEL" | "PARTICIPANT";
    organizationName: string;
  } | null;
  settings: Record<string, string> | null;
  consented: boolean;
  everyone: Omit<SigningParticipant, "executionTypes">[];
  documents: {
    id: string;
    name: string;
    executionType: ExecutionType;
    numPages: number;
    pageSizes: unknown;
  }[];
  overrides: { documentId: string; participantId: string; executionType: ExecutionType }[];
  reviewed: string[];
  tags: object[];
  rules: object[];
  dataCollection: object[];
  stips: object[];
  signatures: { kind: string; method: string; text: string | null; sha256: string; png: string }[] | null;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

export function registerSigningRoomBaseline({ app, pool }: BaselineContext) {
  app.get("/baseline/signing/room", async (request, reply) => {
    const secret = cookieValue(request.headers.cookie, SESSION_COOKIE);
    if (!secret) return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });
    const { rows } = await pool.query<RoomRow>(ROOM_SQL, [createHash("sha256").update(secret).digest("hex")]);
    const room = rows[0];
    const now = Date.now();
    const session = room?.session;
    const lastSeen = session ? Date.parse(session.lastSeenAt) : 0;
    const idle = now - lastSeen > SIGNING_LIMITS.sessionIdleMinutes * 60_000;
    if (
      !room ||
      !session ||
      session.revokedReason === "LEFT" ||
      Date.parse(session.expiresAt) <= now ||
      (idle && !session.revokedAt)
    ) {
      return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });
    }
    // the API moves lastSeenAt at most every 30 s, so does the baseline
    if (now - lastSeen > 30_000) {
      await pool.query('UPDATE "SigningSession" SET "lastSeenAt" = now() WHERE id = $1', [session.id]);
    }
    const { participant, package: pkg } = room;
    if (!participant || !pkg) return reply.code(401).send({ code: "SIGNING_SESSION_ENDED" });

    const chosen = new Map(room.overrides.map((row) => [`${row.documentId}:${row.participantId}`, row.executionType]));
    const typeOf = (document: { id: string; executionType: ExecutionType }, id: string): ExecutionType =>
      chosen.get(`${document.id}:${id}`) ?? document.executionType;
    const progress = room.everyone.map((row) => ({
      ...row,
      executionTypes: room.documents.map((document) => typeOf(document, row.id)),
    }));
    const closed =
      REVOCATION_REASONS.includes(session.revokedReason ?? "") ||
      CLOSED_PACKAGE_STATUSES.includes(pkg.status) ||
      ["DECLINED", "CONSENT_WITHDRAWN"].includes(participant.signingStatus);
    const verified = participant.idVerification === "NONE" || session.verifiedAt !== null;
    const stage = closed
      ? "CLOSED"
      : participant.signingStatus === "FINISHED" || DONE_STATUSES.includes(pkg.status)
        ? "FINISHED"
        : !verified
          ? "VERIFY"
          : !room.consented
            ? "CONSENT"
            : !isTurnOf(pkg.signingOrder, progress, participant.id)
              ? "WAITING_TURN"
              : "SIGN";
    const showWork = stage === "SIGN" || stage === "FINISHED";
    const setting = room.settings ?? {};
    const reviewed = new Set(room.reviewed);
    const adopted = (kind: string) => {
      const signature = room.signatures?.find((row) => row.kind === kind);
      return signature
        ? {
            kind,
            method: signature.method,
            text: signature.text,
            sha256: signature.sha256,
            imageDataUrl: `data:image/png;base64,${signature.png}`,
          }
        : null;
    };
    return {
      stage,
      branding: {
        organizationName: pkg.organizationName,
        primaryColor: setting.primary_color ?? null,
        primaryFontColor: setting.primary_font_color ?? null,
        logoUrl: setting.logo_url || null,
      },
      package: { id: pkg.id, name: pkg.name, status: pkg.status, emailIntroText: pkg.emailIntroText },
      participant: {
        id: participant.id,
        name: [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" "),
        email: participant.email,
        type: participant.type,
        status: participant.signingStatus,
      },
      verification: { method: participant.idVerification, verified },
      consent: { given: room.consented },
      documents: showWork
        ? room.documents.map((document) => ({
            id: document.id,
            name: document.name,
            numPages: document.numPages,
            pageSizes: document.pageSizes,
            executionType: typeOf(document, participant.id),
            reviewed: reviewed.has(document.id),
          }))
        : [],
      tags: showWork ? room.tags : [],
      rules: showWork ? room.rules : [],
      dataCollection: showWork ? room.dataCollection : [],
      stips: showWork ? room.stips : [],
      signature: adopted("SIGNATURE"),
      initials: adopted("INITIALS"),
    };
  });
}
