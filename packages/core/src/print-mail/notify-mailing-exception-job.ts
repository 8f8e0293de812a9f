import { MILESTONE_WORDS } from "@signet/contract";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { renderNoticeHtml } from "../mail/notice-email.tsx";

/**
 * Issue 16 §4: a returned or failed leg notifies the sender — the member who created the package —
 * by email, with the recipient, what happened and a link to the package's mailings.
 */
export const notifyMailingExceptionJob = {
  async handle(context: JobContext, job: JobInput<"print-mail.notify-exception">, idempotencyKey: string) {
    const mailing = await context.db.mailing.findUnique({
      where: { id: job.mailingId },
      include: { package: { select: { id: true, name: true, createdById: true, organizationId: true } } },
    });
    if (!mailing?.package.createdById) return;
    const sender = await context.db.user.findFirst({ where: { id: mailing.package.createdById, status: "ACTIVE" } });
    if (!sender) return;
    const what = MILESTONE_WORDS[job.code].toLowerCase();
    const link = `${context.config.publicUrl}/packages/${mailing.package.id}?tab=mailings`;
    const sentence = `The print set mailed to ${mailing.recipientName} for the package "${mailing.package.name}" was ${what === "failed" ? "not printed: the print vendor reported a failure" : what}.`;
    const name = sender.givenName || sender.email;
    const subject = `Mailing ${what}: ${mailing.package.name}`;
    await context.mailer.send({
      idempotencyKey,
      organizationId: mailing.package.organizationId,
      to: sender.email,
      subject,
      text: `Hello ${name},\n\n${sentence}\n\nCheck the address and mail it again from the package's mailings:\n${link}\n`,
      html: await renderNoticeHtml({
        subject,
        recipientName: name,
        paragraphs: [sentence],
        link: { href: link, label: "Open the package's mailings" },
      }),
      kind: "mailing-exception",
      packageId: mailing.package.id,
    });
  },
};
