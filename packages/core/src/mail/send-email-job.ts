import { asParticipantLanguage } from "@signet/contract";
import { renderOrganizationMail } from "../email-templates/render-organization-mail.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";

export const sendEmailJob = {
  async handle(context: JobContext, job: JobInput<"email.send">, idempotencyKey: string) {
    // a participant's language: the sender's choice, or the one they switched to in the signing room
    const participant = job.participantId
      ? await context.db.participant.findUnique({ where: { id: job.participantId }, select: { language: true } })
      : null;
    // the organization's template of this kind when it has one, else the built-in text
    const { kind, ...rendered } = await renderOrganizationMail(context.db, job, {
      organizationId: job.organizationId,
      language: asParticipantLanguage(participant?.language),
    });
    await context.mailer.send({
      idempotencyKey,
      organizationId: job.organizationId,
      to: job.to,
      kind,
      packageId: job.packageId ?? null,
      participantId: job.participantId ?? null,
      ...rendered,
    });
  },
};
