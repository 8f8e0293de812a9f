/** @jsxRuntime automatic @jsxImportSource react */
import { Link } from "@react-email/link";
import { ActionButton, EmailLayout, Paragraph, SMALL_PRINT } from "./email-layout.tsx";
import { MAIL_DATA, type MailData, type MailDefinition } from "./mail-data.ts";

// The emails to the members who send packages: a participant's refusal, the daily summary.

const theirReason = (data: MailData<"consent-withdrawn">) => (data.reason ? ` Their reason: "${data.reason}".` : "");

export const consentWithdrawnMail: MailDefinition<"consent-withdrawn"> = {
  data: MAIL_DATA["consent-withdrawn"],
  subject: (data) => `E-sign consent withdrawn: ${data.packageName}`,
  text: (data) =>
    `Hello ${data.recipientName},\n\n${data.participantName} withdrew consent to do business electronically for "${data.packageName}".${theirReason(data)} What was already signed stays valid; the package is now CONSENT_WITHDRAWN and its remaining documents can go to paper.\n\n${data.link}\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        <strong>{data.participantName}</strong>
        {" withdrew consent to do business electronically for "}
        <strong>{data.packageName}</strong>
        {`.${theirReason(data)}`}
      </Paragraph>
      <Paragraph>
        {"What was already signed stays valid; the package is now "}
        <em>consent withdrawn</em>
        {" and its remaining documents can go to paper."}
      </Paragraph>
      <ActionButton href={data.link}>Open the package</ActionButton>
    </EmailLayout>
  ),
};

export const participantDeclinedMail: MailDefinition<"participant-declined"> = {
  data: MAIL_DATA["participant-declined"],
  subject: (data) => `Declined to sign: ${data.packageName}`,
  text: (data) =>
    `Hello ${data.recipientName},\n\n${data.participantName} declined to sign "${data.packageName}".${theirReason(data)} Correct or cancel the package to go on.\n\n${data.link}\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        <strong>{data.participantName}</strong>
        {" declined to sign "}
        <strong>{data.packageName}</strong>
        {`.${theirReason(data)}`}
      </Paragraph>
      <Paragraph>Correct or cancel the package to go on.</Paragraph>
      <ActionButton href={data.link}>Open the package</ActionButton>
    </EmailLayout>
  ),
};

export const participantDelegatedMail: MailDefinition<"participant-delegated"> = {
  data: MAIL_DATA["participant-delegated"],
  subject: (data) => `Signing handed to someone else: ${data.packageName}`,
  text: (data) =>
    `Hello ${data.recipientName},\n\n${data.participantName} handed their part of "${data.packageName}" to ${data.delegateName} (${data.delegateEmail}). Their reason: "${data.reason}". ${data.delegateName} has been invited with their own link and verification; ${data.participantName} can no longer sign.\n\n${data.link}\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        <strong>{data.participantName}</strong>
        {" handed their part of "}
        <strong>{data.packageName}</strong>
        {" to "}
        <strong>{data.delegateName}</strong>
        {` (${data.delegateEmail}). Their reason: "${data.reason}".`}
      </Paragraph>
      <Paragraph>
        {`${data.delegateName} has been invited with their own link and verification; ${data.participantName} can no longer sign.`}
      </Paragraph>
      <ActionButton href={data.link}>Open the package</ActionButton>
    </EmailLayout>
  ),
};

export const signingEmailCodeMail: MailDefinition<"signing-email-code"> = {
  data: MAIL_DATA["signing-email-code"],
  subject: (data) => `Your verification code for ${data.packageName}`,
  text: (data) =>
    `Hello ${data.recipientName},\n\nYour code to open "${data.packageName}" from ${data.organizationName} is ${data.code}. It expires in ${data.expiresInMinutes} minutes. If you did not ask for it, ignore this email.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {`Your code to open "${data.packageName}" from ${data.organizationName} is `}
        <strong>{data.code}</strong>
        {`. It expires in ${data.expiresInMinutes} minutes.`}
      </Paragraph>
      <Paragraph style={SMALL_PRINT}>If you did not ask for it, ignore this email.</Paragraph>
    </EmailLayout>
  ),
};

export const dailySummaryMail: MailDefinition<"daily-summary"> = {
  data: MAIL_DATA["daily-summary"],
  subject: (data) => `Your packages yesterday: ${data.events} updates, ${data.failed} failed deliveries`,
  text: (data) =>
    `Hello ${data.recipientName},\n\nIn the last day ${data.events} things happened to your packages at ${data.organizationName}, and ${data.failed} emails or texts to your participants failed.\n\nWhat happened: ${data.summaryLink}\nFailed deliveries: ${data.reportLink}\n\nThese links work without signing in for seven days: do not forward this email.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {`In the last day ${data.events} things happened to your packages at `}
        <strong>{data.organizationName}</strong>
        {`, and ${data.failed} emails or texts to your participants failed.`}
      </Paragraph>
      <ActionButton href={data.summaryLink}>See what happened</ActionButton>
      <Paragraph>
        <Link href={data.reportLink}>See the failed deliveries</Link>
      </Paragraph>
      <Paragraph style={SMALL_PRINT}>
        These links work without signing in for seven days: do not forward this email.
      </Paragraph>
    </EmailLayout>
  ),
};
