import { z } from "zod";
import type { JobContext } from "../jobs/job-context.ts";
import { mailTemplates, renderMail } from "./templates.ts";

const envelope = { organizationId: z.string().nullable(), to: z.email() };

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
]);

export const sendEmailJob = {
  queue: "email",
  payload,
  async handle(context: JobContext, job: z.infer<typeof payload>, idempotencyKey: string) {
    const rendered = renderMail(job);
    await context.mailer.send({ idempotencyKey, organizationId: job.organizationId, to: job.to, ...rendered });
  },
};
