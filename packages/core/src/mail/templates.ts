import { z } from "zod";
import { escapeHtml } from "./escape-html.ts";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const layout = (title: string, body: string) => `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;background:#f4f6f8;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;color:#1c3d5a;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="color:#6b7785;font-size:12px;margin-top:24px">Signet — secure electronic signing</p></td></tr></table></body></html>`;

export const mailTemplates = {
  "password-reset": {
    data: z.object({ givenName: z.string(), link: z.url(), expiresInMinutes: z.number().int() }),
    render(data: { givenName: string; link: string; expiresInMinutes: number }): RenderedMail {
      const subject = "Reset your Signet password";
      const text = `Hello ${data.givenName},\n\nWe received a request to reset your Signet password. Open this link to choose a new one:\n\n${data.link}\n\nThe link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.\n`;
      const html = layout(
        subject,
        `<p>Hello ${escapeHtml(data.givenName)},</p>
<p>We received a request to reset your Signet password.</p>
<p><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Choose a new password</a></p>
<p>The link works once and expires in ${data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.</p>`,
      );
      return { subject, text, html };
    },
  },
} as const;

export type MailTemplateName = keyof typeof mailTemplates;
