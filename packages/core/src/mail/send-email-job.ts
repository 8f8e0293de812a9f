import { z } from "zod";
import type { JobContext } from "../jobs/job-context.ts";
import { mailTemplates } from "./templates.ts";

const payload = z.object({
  organizationId: z.string().nullable(),
  to: z.email(),
  template: z.literal("password-reset"),
  data: mailTemplates["password-reset"].data,
});

export const sendEmailJob = {
  queue: "email",
  payload,
  async handle(context: JobContext, job: z.infer<typeof payload>, idempotencyKey: string) {
    const rendered = mailTemplates[job.template].render(job.data);
    await context.mailer.send({ idempotencyKey, organizationId: job.organizationId, to: job.to, ...rendered });
  },
};
