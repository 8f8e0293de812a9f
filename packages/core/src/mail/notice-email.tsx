/** @jsxRuntime automatic @jsxImportSource react */
import { Link } from "@react-email/link";
import { createElement } from "react";
import { EmailLayout, Paragraph, renderEmailHtml } from "./email-layout.tsx";

export interface Notice {
  subject: string;
  /** the recipient's name, for the greeting; none: no greeting */
  recipientName?: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  /** the organization that signs off, if any */
  signature?: string;
}

/** A short notice to a member (a package notification, a mailing exception, a suspended webhook). */
export function NoticeEmail({ subject, recipientName, paragraphs, link, signature }: Notice) {
  return (
    <EmailLayout title={subject} heading={subject}>
      {recipientName === undefined ? null : <Paragraph>{`Hello ${recipientName},`}</Paragraph>}
      {paragraphs.map((paragraph, index) => (
        // a notice's paragraphs never move, and two may read the same
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Paragraph key={index}>{paragraph}</Paragraph>
      ))}
      {link ? (
        <Paragraph>
          <Link href={link.href}>{link.label}</Link>
        </Paragraph>
      ) : null}
      {signature ? <Paragraph>{signature}</Paragraph> : null}
    </EmailLayout>
  );
}

export function renderNoticeHtml(notice: Notice): Promise<string> {
  return renderEmailHtml(createElement(NoticeEmail, notice));
}
