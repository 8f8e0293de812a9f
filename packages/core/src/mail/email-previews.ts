import { DEFAULT_EMAIL_TEMPLATES, EMAIL_LANGUAGES, EMAIL_TEMPLATE_KINDS } from "@signet/contract";
import { type Branding, renderTemplateContent, sampleVariables } from "../email-templates/render-email-template.ts";
import { mailSamples } from "./email-samples.ts";
import { renderMail } from "./templates.ts";

export interface EmailPreview {
  /** a file name without extension */
  name: string;
  /** what the preview shows, for the index */
  label: string;
  subject: string;
  html: string;
  text: string;
}

/** The branding the previews of organization templates show (a non-default colour, so it is seen). */
export const PREVIEW_BRANDING: Branding = { primaryColor: "#aa3300", fontColor: "#ffffff", logoUrl: "" };

/**
 * Every built-in email with its sample data, and each organization template kind's built-in text in
 * each language with its sample variables, rendered exactly as a send renders them.
 */
export async function renderEmailPreviews(): Promise<EmailPreview[]> {
  const previews: EmailPreview[] = [];
  for (const mail of mailSamples())
    previews.push({
      name: `built-in-${mail.template}`,
      label: `Built-in: ${mail.template}`,
      ...(await renderMail(mail)),
    });
  for (const kind of EMAIL_TEMPLATE_KINDS)
    for (const language of EMAIL_LANGUAGES)
      previews.push({
        name: `template-${kind}-${language}`,
        label: `Organization template: ${kind} (${language})`,
        ...(await renderTemplateContent(
          DEFAULT_EMAIL_TEMPLATES[kind][language],
          sampleVariables(kind),
          PREVIEW_BRANDING,
        )),
      });
  return previews;
}
