import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_LANGUAGES,
  EMAIL_TEMPLATE_KINDS,
  PARTICIPANT_EMAIL_KINDS,
  PARTICIPANT_EMAIL_TRANSLATIONS,
} from "@signet/contract";
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
 * Every built-in email with its sample data, each organization template kind's built-in text in
 * each language, and the participant emails in the languages organizations do not write templates
 * in, with their sample variables, rendered exactly as a send renders them.
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
  for (const kind of PARTICIPANT_EMAIL_KINDS)
    for (const [language, content] of Object.entries(PARTICIPANT_EMAIL_TRANSLATIONS[kind]))
      previews.push({
        name: `participant-${kind}-${language}`,
        label: `Participant email: ${kind} (${language})`,
        ...(await renderTemplateContent(content, sampleVariables(kind), PREVIEW_BRANDING)),
      });
  return previews;
}
