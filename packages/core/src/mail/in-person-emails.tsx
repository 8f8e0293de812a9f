/** @jsxRuntime automatic @jsxImportSource react */
import { EmailLayout, Paragraph } from "./email-layout.tsx";
import { MAIL_DATA, type MailDefinition } from "./mail-data.ts";

// Issue 34 §2a: the one-time code a participant signing in person reads from their own inbox to
// show, on the host's device, that the address on file is theirs. A security email: the
// organization's templates do not reword it.

export const inPersonCodeMail: MailDefinition<"in-person-code"> = {
  data: MAIL_DATA["in-person-code"],
  subject: (data) => `Your code to sign ${data.packageName} in person`,
  text: (data) =>
    `Hello ${data.recipientName},\n\n${data.hostName} of ${data.organizationName} is hosting your signing in person. Your one-time code is:\n\n${data.code}\n\nTell it or type it on the signing device within ${data.expiresInMinutes} minutes. If you are not with ${data.hostName} right now, do not share this code.\n`,
  Email: ({ data, subject }) => (
    <EmailLayout title={subject} heading={subject}>
      <Paragraph>{`Hello ${data.recipientName},`}</Paragraph>
      <Paragraph>
        {`${data.hostName} of `}
        <strong>{data.organizationName}</strong>
        {" is hosting your signing in person. Your one-time code is:"}
      </Paragraph>
      <Paragraph
        style={{ fontSize: "28px", lineHeight: "36px", letterSpacing: "6px", fontWeight: "bold", color: "#1c3d5a" }}
      >
        {data.code}
      </Paragraph>
      <Paragraph>
        {`Type it on the signing device within ${data.expiresInMinutes} minutes. If you are not with ${data.hostName} right now, do not share this code.`}
      </Paragraph>
    </EmailLayout>
  ),
};
