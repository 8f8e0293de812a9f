import { z } from "zod";
import { renderOrganizationMail } from "../email-templates/render-organization-mail.ts";
import type { JobContext } from "../jobs/job-context.ts";
import { mailTemplates } from "./templates.ts";

const envelope = {
  organizationId: z.string().nullable(),
  to: z.email(),
  /** for the record of notifications, and the participant's language where known */
  packageId: z.uuid().optional(),
  participantId: z.uuid().optional(),
};

// One payload shape per template, so a job carries exactly the data its template renders.
const payload = z.discriminatedUnion("template", [
  z.object({ ...envelope, template: z.literal("password-reset"), data: mailTemplates["password-reset"].data }),
  z.object({ ...envelope, template: z.literal("user-invitation"), data: mailTemplates["user-invitation"].data }),
  z.object({
    ...envelope,
    template: z.literal("organization-access-granted"),
    data: mailTemplates["organization-access-granted"].data,
  }),
  z.object({ ...envelope, template: z.literal("verify-account"), data: mailTemplates["verify-account"].data }),
  z.object({ ...envelope, template: z.literal("package-cancelled"), data: mailTemplates["package-cancelled"].data }),
  z.object({
    ...envelope,
    template: z.literal("participant-reminder"),
    data: mailTemplates["participant-reminder"].data,
  }),
  z.object({ ...envelope, template: z.literal("consent-withdrawn"), data: mailTemplates["consent-withdrawn"].data }),
  z.object({
    ...envelope,
    template: z.literal("participant-declined"),
    data: mailTemplates["participant-declined"].data,
  }),
  z.object({ ...envelope, template: z.literal("package-completed"), data: mailTemplates["package-completed"].data }),
  z.object({ ...envelope, template: z.literal("daily-summary"), data: mailTemplates["daily-summary"].data }),
]);

export const sendEmailJob = {
  queue: "email",
  payload,
  async handle(context: JobContext, job: z.infer<typeof payload>, idempotencyKey: string) {
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
