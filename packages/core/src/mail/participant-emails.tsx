/** @jsxRuntime automatic @jsxImportSource react */
import {
  ActionButton,
  EmailLayout,
  Paragraph,
  Paragraphs,
  REVIEWING_TAGLINE,
  SIGNING_TAGLINE,
  SMALL_PRINT,
} from "./email-layout.tsx";
import { MAIL_DATA, type MailData, type MailDefinition, type ParticipantAction } from "./mail-data.ts";

// The emails to a package's participants. One who only reviews (reviewsOnly, issue 11 §2) reads
// about reviewing in every one of them, never about signing.

const taglineFor = (action: ParticipantAction) => (action === "review" ? REVIEWING_TAGLINE : SIGNING_TAGLINE);

const expiryOf = (data: MailData<"signing-invitation">) => new Date(data.expiresAt).toUTCString();

function invitationIntro(data: MailData<"signing-invitation">) {
  return (
    (data.expiringSoon
      ? `The documents of "${data.packageName}" from ${data.organizationName} are waiting for you and expire on ${expiryOf(data)}.`
      : "") ||
    data.introText?.trim() ||
    `${data.organizationName} sent you the documents of "${data.packageName}" to ${data.action === "review" ? "review electronically" : "review and sign electronically"}.`
  );
}

const personalLinkNote = (expires: string) =>
  `This link is personal: do not forward it. It works once and until ${expires}; if it stops working, open it anyway and ask for a new one.`;

export const signingInvitationMail: MailDefinition<"signing-invitation"> = {
  data: MAIL_DATA["signing-invitation"],
  subject: (data) =>
    data.expiringSoon ? `${data.packageName} expires soon` : data.reminder ? `Reminder: ${data.subject}` : data.subject,
  text: (data) => {
    const attached = data.attachmentName ? `\n\nAttached: ${data.attachmentName}` : "";
    return `Hello ${data.recipientName},\n\n${invitationIntro(data)}\n\nOpen your documents:\n${data.link}\n\n${personalLinkNote(expiryOf(data))}${attached}\n\n${data.organizationName}\n`;
  },
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject} tagline={taglineFor(data.action)}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraphs text={invitationIntro(data)} />
      <ActionButton href={data.link} background={data.primaryColor} color={data.primaryFontColor}>
        Review documents
      </ActionButton>
      <Paragraph style={SMALL_PRINT}>{personalLinkNote(expiryOf(data))}</Paragraph>
      {data.attachmentName ? (
        <Paragraph style={{ fontSize: "13px" }}>{`Attached: ${data.attachmentName}`}</Paragraph>
      ) : null}
      <Paragraph>{data.organizationName}</Paragraph>
    </EmailLayout>
  ),
};

const noLongerNeeded = (action: ParticipantAction) =>
  action === "review"
    ? "You no longer need to review its documents, and the links you received no longer work."
    : "You no longer need to review or sign its documents, and earlier signing links no longer work.";

export const packageCancelledMail: MailDefinition<"package-cancelled"> = {
  data: MAIL_DATA["package-cancelled"],
  subject: (data) => `${data.packageName} has been cancelled`,
  text: (data) =>
    `Hello ${data.recipientName},\n\n${data.cancelledBy} of ${data.organizationName} cancelled the document package "${data.packageName}". ${noLongerNeeded(data.action)}\n\nIf you have questions, contact ${data.organizationName}.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject} tagline={taglineFor(data.action)}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {`${data.cancelledBy} of `}
        <strong>{data.organizationName}</strong>
        {" cancelled the document package "}
        <strong>{data.packageName}</strong>
        {`. ${noLongerNeeded(data.action)}`}
      </Paragraph>
      <Paragraph>{`If you have questions, contact ${data.organizationName}.`}</Paragraph>
    </EmailLayout>
  ),
};

const openTheInvitation = (action: ParticipantAction) =>
  `Open the invitation email you received for this package to ${action === "review" ? "review them" : "review and sign them"}.`;

export const participantReminderMail: MailDefinition<"participant-reminder"> = {
  data: MAIL_DATA["participant-reminder"],
  subject: (data) => `Reminder: ${data.packageName} is waiting for you`,
  text: (data) =>
    `Hello ${data.recipientName},\n\nThis is a reminder from ${data.senderName} of ${data.organizationName}: the documents of "${data.packageName}" are waiting for you. ${openTheInvitation(data.action)}\n\nIf you have questions, contact ${data.organizationName}.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject} tagline={taglineFor(data.action)}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {`This is a reminder from ${data.senderName} of `}
        <strong>{data.organizationName}</strong>
        {": the documents of "}
        <strong>{data.packageName}</strong>
        {` are waiting for you. ${openTheInvitation(data.action)}`}
      </Paragraph>
      <Paragraph>{`If you have questions, contact ${data.organizationName}.`}</Paragraph>
    </EmailLayout>
  ),
};

export const packageCompletedMail: MailDefinition<"package-completed"> = {
  data: MAIL_DATA["package-completed"],
  subject: (data) => `Completed: ${data.packageName}`,
  text: (data) =>
    `Hello ${data.recipientName},\n\nEveryone has finished "${data.packageName}". Its documents are sealed and the certificate of completion is ready.\n\n${data.link}\n\n${data.organizationName}\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject} tagline={taglineFor(data.action)}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {"Everyone has finished "}
        <strong>{data.packageName}</strong>
        {". Its documents are sealed and the certificate of completion is ready."}
      </Paragraph>
      <ActionButton href={data.link}>Open your documents</ActionButton>
      <Paragraph>{data.organizationName}</Paragraph>
    </EmailLayout>
  ),
};
