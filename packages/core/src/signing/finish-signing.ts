import {
  evaluateTagStates,
  FILLED_ON_FINISH_TAG_TYPES,
  missingRequiredTags,
  SIGNING_MESSAGES,
  type SigningRoom,
} from "@signet/contract";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { hostOf } from "../in-person/in-person-host.ts";
import { advancePackage } from "./complete-package.ts";
import { dateSignedValue } from "./date-signed-value.ts";
import { recordDocumentReview } from "./participant-actions.ts";
import { reviewsOnlyOf } from "./participant-reviews-only.ts";
import type { SigningContext } from "./signing-context.ts";
import { loadSigningRoom } from "./signing-room-view.ts";
import { signingWrite } from "./signing-write.ts";

/**
 * Issue 5 §2, §6: the participant finishes, in one transaction with the package row locked: every
 * visible required tag filled (conditional rules applied), required questions answered, required
 * uploads given, View Only documents reviewed. Then the package advances: the next participants
 * are invited, or it completes and its seal is queued. A second finish is refused, not repeated.
 */
export async function finishSigning(context: SigningContext, deps: CoreDeps): Promise<SigningRoom> {
  const now = new Date();
  const fresh = await signingWrite(
    context,
    deps,
    ["SIGN"],
    async (tx, current, facts) => {
      const participantId = current.participant.id;
      const tags = await tx.tag.findMany({ where: { packageId: current.pkg.id }, include: { value: true } });
      const rules = await tx.conditionalRule.findMany({ where: { packageId: current.pkg.id } });
      const fields = await tx.dataCollectionField.findMany({
        where: { participantId, required: true },
        include: { answer: true },
      });
      const stips = await tx.stip.findMany({
        where: { participantId, required: true },
        include: { _count: { select: { uploads: true } } },
      });
      const reviews = await tx.documentReview.findMany({ where: { participantId } });
      // rules may cross participants (a source filled by someone else), so all values are known
      const values = Object.fromEntries(tags.map((tag) => [tag.id, tag.value?.value ?? null]));
      const mine = tags.filter((tag) => tag.participantId === participantId);
      // the rules are evaluated over every tag (a source may be another participant's); only this
      // participant's tags can be missing
      const mineIds = new Set(mine.map((tag) => tag.id));
      const missing = missingRequiredTags(tags, rules, values)
        .filter((tagId) => mineIds.has(tagId))
        .map((tagId) => ({
          path: `tags.${tagId}`,
          message: "This field is required.",
        }));
      for (const field of fields) {
        if (!field.answer)
          missing.push({ path: `dataCollection.${field.id}`, message: `${field.label}: an answer is required.` });
      }
      for (const stip of stips) {
        if (stip._count.uploads === 0)
          missing.push({ path: `stips.${stip.id}`, message: `${stip.name}: upload a file.` });
      }
      const reviewed = new Set(reviews.map((review) => review.documentId));
      const unreviewed = facts.progress.documents.filter(
        (document) =>
          facts.progress.executionTypeOf(document.id, participantId) === "VIEW_ONLY" && !reviewed.has(document.id),
      );
      // Issue 33 §3: one who only reviews has every document in front of them, and Finish review
      // is their word that they reviewed them all; a signer confirms each View Only document.
      const reviewsAtFinish = reviewsOnlyOf(current.participant, facts.progress, mine.length);
      if (!reviewsAtFinish) {
        for (const document of unreviewed) {
          missing.push({ path: `documents.${document.id}`, message: "Review this document." });
        }
      }
      if (missing.length > 0)
        throw new AppError("REQUIRED_FIELDS_MISSING", SIGNING_MESSAGES.requiredFieldsMissing, missing);
      if (reviewsAtFinish && unreviewed.length > 0) {
        const files = await tx.document.findMany({
          where: { id: { in: unreviewed.map((document) => document.id) }, packageId: current.pkg.id },
          select: { id: true, sha256: true },
        });
        // in the package's document order, as the reviewer met them
        for (const document of unreviewed) {
          const file = files.find((candidate) => candidate.id === document.id);
          if (file) await recordDocumentReview(tx, current, file);
        }
      }
      // hidden tags keep no value: what the seal draws is exactly what the rules show
      const states = evaluateTagStates(tags, rules, values);
      const hidden = mine.filter((tag) => tag.value && !states.get(tag.id)?.visible).map((tag) => tag.id);
      if (hidden.length > 0) await tx.tagValue.deleteMany({ where: { tagId: { in: hidden } } });
      // Date signed is the date of finishing, written here: the signer is never asked for it
      const dated = mine.filter((tag) => FILLED_ON_FINISH_TAG_TYPES.includes(tag.type) && states.get(tag.id)?.visible);
      if (dated.length > 0) {
        const value = await dateSignedValue(tx, current.pkg.organizationId, now);
        for (const tag of dated) {
          const row = {
            value,
            sessionId: current.session.id,
            filledAt: now,
            organizationId: tag.organizationId,
            packageId: tag.packageId,
            documentId: tag.documentId,
            participantId: tag.participantId,
          };
          await tx.tagValue.upsert({ where: { tagId: tag.id }, create: { tagId: tag.id, ...row }, update: row });
          tag.value = { ...row, tagId: tag.id };
        }
      }

      const { count } = await tx.participant.updateMany({
        where: { id: participantId, signingStatus: { notIn: ["FINISHED", "DECLINED", "CONSENT_WITHDRAWN"] } },
        // issue 34 §2a: finished on a host's device; the package page and certificate say so
        data: { signingStatus: "FINISHED", finishedAt: now, signedInPersonHost: await hostOf(tx, current.session) },
      });
      if (count === 0) throw new AppError("SIGNING_CLOSED", "You have already finished this package.");
      await appendAuditEvent(tx, current.actor, {
        organizationId: current.pkg.organizationId,
        streamType: "package",
        streamId: current.pkg.id,
        type: "participant.finished",
        data: {
          participantId,
          sessionId: current.session.id,
          filledTags: mine.filter((tag) => tag.value && !hidden.includes(tag.id)).length,
          dateSignedTags: dated.length,
        },
      });
      // issue 34 §2b: the trail says whose signature the witness attested, when they attested it
      const witnessed = current.participant.witnessForParticipantId;
      if (witnessed) {
        await appendAuditEvent(tx, current.actor, {
          organizationId: current.pkg.organizationId,
          streamType: "package",
          streamId: current.pkg.id,
          type: "participant.witnessed",
          data: {
            participantId,
            witnessedParticipantId: witnessed,
            witnessTags: mine.filter((tag) => tag.type === "WITNESS_SIGNATURE" && tag.value).length,
          },
        });
      }
      await advancePackage(tx, current.actor, current.pkg, now);
      const participant = await tx.participant.findUniqueOrThrow({ where: { id: participantId } });
      const pkg = await tx.package.findUniqueOrThrow({ where: { id: current.pkg.id } });
      return { ...current, participant, pkg: { ...current.pkg, ...pkg } };
    },
    { lock: "update" },
  );
  return loadSigningRoom(fresh, deps);
}
