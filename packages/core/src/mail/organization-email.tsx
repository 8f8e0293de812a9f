/** @jsxRuntime automatic @jsxImportSource react */
import { EmailLayout } from "./email-layout.tsx";

export interface OrganizationEmailProps {
  subject: string;
  /** the organization's message with its variables filled in, already cleaned by sanitizeEmailHtml */
  sanitizedBodyHtml: string;
  logoUrl: string;
  accentColor: string;
}

/** An organization's own template (email-templates/render-email-template.ts) in the shared layout. */
export function OrganizationEmail({ subject, sanitizedBodyHtml, logoUrl, accentColor }: OrganizationEmailProps) {
  return (
    <EmailLayout title={subject} branding={{ logoUrl, accentColor }}>
      {/* The one place an email takes HTML as it is: an administrator's message, which only reaches
          here through sanitizeEmailHtml (allowed tags, attributes, styles and link schemes), after
          Mustache escaped every variable in it. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeEmailHtml, see above */}
      <div dangerouslySetInnerHTML={{ __html: sanitizedBodyHtml }} />
    </EmailLayout>
  );
}
