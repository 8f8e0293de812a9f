import { renderOrganizationMail } from "../email-templates/render-organization-mail.ts";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";

export const sendEmailJob = {
  async handle(context: JobContext, job: JobInput<"email.send">, idempotencyKey: string) {
    // a participant's language where known: the one they last chose in the signing room
    const session = job.participantId
      ? await context.db.signingSession.findFirst({
          where: { participantId: job.participantId },
          orderBy: { createdAt: "desc" },
          select: { language: true },
        })
      : null;
    // the organization's template of this kind when it has one, else the built-in text
    const { kind, ...rendered } = await renderOrganizationMail(context.db, job, {
      organizationId: job.organizationId,
      language: session?.language === "es" ? "es" : "en",
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
