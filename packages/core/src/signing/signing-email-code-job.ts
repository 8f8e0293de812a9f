import { createHash } from "node:crypto";
import { SIGNING_LIMITS } from "@signet/contract";
import type { JobContext } from "../jobs/job-context.ts";
import type { JobInput } from "../jobs/job-declarations.ts";
import { renderMail } from "../mail/templates.ts";
import { participantName } from "./signing-room-view.ts";
import { emailVerificationCode } from "./verify-participant.ts";

/**
 * Emails the EMAIL_CODE one-time code of a session (issue 34 §3). The code is derived again from
 * the session's send time; a code replaced by a newer one, already used or expired sends nothing.
 */
export const signingEmailCodeJob = {
  async handle(context: JobContext, job: JobInput<"signing.email-code">, idempotencyKey: string) {
    const session = await context.db.signingSession.findUnique({
      where: { id: job.sessionId },
      include: { participant: true },
    });
    if (!session?.codeSentAt || !session.codeHash || session.revokedAt) return;
    if (!session.codeExpiresAt || session.codeExpiresAt <= new Date()) return;
    const code = emailVerificationCode(context.linkKey, session.id, session.codeSentAt);
    if (createHash("sha256").update(code).digest("hex") !== session.codeHash) return;
    const participant = session.participant;
    if (!participant.email) return;
    const pkg = await context.db.package.findUnique({
      where: { id: session.packageId },
      include: { organization: { select: { name: true } } },
    });
    if (!pkg) return;
    const rendered = await renderMail({
      template: "signing-email-code",
      data: {
        recipientName: participantName(participant),
        organizationName: pkg.organization.name,
        packageName: pkg.name,
        code,
        expiresInMinutes: SIGNING_LIMITS.smsCodeMinutes,
      },
    });
    await context.mailer.send({
      idempotencyKey,
      organizationId: pkg.organizationId,
      to: participant.email,
      ...rendered,
      kind: "verification-code",
      packageId: pkg.id,
      participantId: participant.id,
    });
  },
};
