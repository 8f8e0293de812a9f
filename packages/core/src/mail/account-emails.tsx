/** @jsxRuntime automatic @jsxImportSource react */
import { ActionButton, EmailLayout, Paragraph } from "./email-layout.tsx";
import { MAIL_DATA, type MailDefinition } from "./mail-data.ts";

// The emails about a person's own account: password reset, invitations, identity link, sign-up code.

export const passwordResetMail: MailDefinition<"password-reset"> = {
  data: MAIL_DATA["password-reset"],
  subject: () => "Reset your Signet password",
  text: (data) =>
    `Hello ${data.givenName},\n\nWe received a request to reset your Signet password. Open this link to choose a new one:\n\n${data.link}\n\nThe link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.givenName},`}</Paragraph>
      <Paragraph>We received a request to reset your Signet password.</Paragraph>
      <ActionButton href={data.link}>Choose a new password</ActionButton>
      <Paragraph>
        {`The link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.`}
      </Paragraph>
    </EmailLayout>
  ),
};

export const userInvitationMail: MailDefinition<"user-invitation"> = {
  data: MAIL_DATA["user-invitation"],
  subject: (data) => `You are invited to join ${data.organizationName} on Signet`,
  text: (data) =>
    `Hello ${data.givenName},\n\n${data.inviterName} invited you to join ${data.organizationName} on Signet. Open this link to create your account:\n\n${data.link}\n\nThe invitation expires in ${data.expiresInDays} days. If you were not expecting it, ignore this email.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.givenName},`}</Paragraph>
      <Paragraph>
        {`${data.inviterName} invited you to join `}
        <strong>{data.organizationName}</strong> on Signet.
      </Paragraph>
      <ActionButton href={data.link}>Create your account</ActionButton>
      <Paragraph>
        {`The invitation expires in ${data.expiresInDays} days. If you were not expecting it, ignore this email.`}
      </Paragraph>
    </EmailLayout>
  ),
};

/** a request to join, sent to someone who already has an account (the kind's name predates issue 30) */
export const organizationAccessGrantedMail: MailDefinition<"organization-access-granted"> = {
  data: MAIL_DATA["organization-access-granted"],
  subject: (data) => `${data.inviterName} asks you to join ${data.organizationName} on Signet`,
  text: (data) =>
    `Hello ${data.givenName},\n\n${data.inviterName} asks you to join ${data.organizationName} on Signet with your existing account. You become a member only if you accept. Open this link to accept or decline:\n\n${data.link}\n\nThe request expires in ${data.expiresInDays} days. If you do not know this organization, decline or ignore this email.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.givenName},`}</Paragraph>
      <Paragraph>
        {`${data.inviterName} asks you to join `}
        <strong>{data.organizationName}</strong> on Signet with your existing account. You become a member only if you
        accept.
      </Paragraph>
      <ActionButton href={data.link}>Accept or decline</ActionButton>
      <Paragraph>
        {`The request expires in ${data.expiresInDays} days. If you do not know this organization, decline or ignore this email.`}
      </Paragraph>
    </EmailLayout>
  ),
};

const identityLinkWarning = (providerName: string) =>
  `Only confirm if you just tried to sign in through ${providerName} yourself. If you did not, do not open the link: someone with access to that identity provider tried to sign in as you, and your account stays as it is.`;

/** never an organization's wording: the organization whose provider asks must not soften the warning */
export const identityLinkMail: MailDefinition<"identity-link"> = {
  data: MAIL_DATA["identity-link"],
  subject: (data) => `Confirm signing in to Signet through ${data.providerName}`,
  text: (data) =>
    `Hello ${data.givenName},\n\nSomeone signed in through ${data.providerName}, the identity provider of ${data.organizationName}, with your email address. Your Signet account is not linked to that provider yet. Open this link to link it, so that the provider can sign you in to ${data.organizationName}:\n\n${data.link}\n\n${identityLinkWarning(data.providerName)}\n\nThe link works once and expires in ${data.expiresInMinutes} minutes.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.givenName},`}</Paragraph>
      <Paragraph>
        {"Someone signed in through "}
        <strong>{data.providerName}</strong>
        {", the identity provider of "}
        <strong>{data.organizationName}</strong>
        {`, with your email address. Your Signet account is not linked to that provider yet. Link it so that the provider can sign you in to ${data.organizationName}:`}
      </Paragraph>
      <ActionButton href={data.link}>Review and link</ActionButton>
      <Paragraph>
        <strong>{identityLinkWarning(data.providerName)}</strong>
      </Paragraph>
      <Paragraph>{`The link works once and expires in ${data.expiresInMinutes} minutes.`}</Paragraph>
    </EmailLayout>
  ),
};

export const verifyAccountMail: MailDefinition<"verify-account"> = {
  data: MAIL_DATA["verify-account"],
  subject: () => "Your Signet verification code",
  text: (data) =>
    `Hello ${data.givenName},\n\nYour verification code for joining ${data.organizationName} on Signet is:\n\n${data.code}\n\nEnter it on the sign-up page within ${data.expiresInMinutes} minutes. If you did not sign up, ignore this email.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.givenName},`}</Paragraph>
      <Paragraph>
        Your verification code for joining <strong>{data.organizationName}</strong> on Signet is:
      </Paragraph>
      <Paragraph
        style={{ fontSize: "28px", lineHeight: "36px", letterSpacing: "6px", fontWeight: "bold", color: "#1c3d5a" }}
      >
        {data.code}
      </Paragraph>
      <Paragraph>
        {`Enter it on the sign-up page within ${data.expiresInMinutes} minutes. If you did not sign up, ignore this email.`}
      </Paragraph>
    </EmailLayout>
  ),
};
