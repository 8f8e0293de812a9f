import { EMAIL_LANGUAGES, EMAIL_TEMPLATE_KINDS, PARTICIPANT_EMAIL_KINDS } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { PREVIEW_BRANDING, renderEmailPreviews } from "./email-previews.ts";
import { MAIL_SAMPLES, mailSamples } from "./email-samples.ts";
import { MAIL_DATA, type MailTemplateInput, type MailTemplateName } from "./mail-data.ts";
import { renderNoticeHtml } from "./notice-email.tsx";
import { renderMail } from "./templates.ts";

const SUBJECTS: Record<MailTemplateName, string> = {
  "signing-invitation": "Your documents are ready",
  "consent-withdrawn": "E-sign consent withdrawn: Home loan — 12 Elm Street",
  "participant-declined": "Declined to sign: Home loan — 12 Elm Street",
  "participant-delegated": "Signing handed to someone else: Home loan — 12 Elm Street",
  "signing-email-code": "Your verification code for Home loan — 12 Elm Street",
  "package-completed": "Completed: Home loan — 12 Elm Street",
  "password-reset": "Reset your Signet password",
  "user-invitation": "You are invited to join First Street Bank on Signet",
  "organization-access-granted": "Sam Sender asks you to join First Street Bank on Signet",
  "identity-link": "Confirm signing in to Signet through Bank SSO",
  "verify-account": "Your Signet verification code",
  "in-person-code": "Your code to sign Home loan — 12 Elm Street in person",
  "package-cancelled": "Home loan — 12 Elm Street has been cancelled",
  "participant-reminder": "Reminder: Home loan — 12 Elm Street is waiting for you",
  "daily-summary": "Your packages yesterday: 12 updates, 1 failed deliveries",
};

/** What the email must lead to: its links, or the code it carries. */
function essentials(mail: MailTemplateInput): string[] {
  const values = Object.entries(mail.data).filter(([name]) => /link$|^code$/i.test(name));
  return values.map(([, value]) => String(value));
}

/** The sample with every name a person or an organization typed turned into markup. */
function withMarkupInNames(mail: MailTemplateInput): MailTemplateInput {
  const data = Object.fromEntries(
    Object.entries(mail.data).map(([name, value]) => [
      name,
      /Name$|^cancelledBy$/.test(name) ? `<b>${String(value)}</b>` : value,
    ]),
  );
  return { ...mail, data } as MailTemplateInput;
}

describe("every built-in email with its sample", () => {
  it.each(mailSamples().map((mail) => [mail.template, mail] as const))("%s", async (template, mail) => {
    expect(MAIL_DATA[template].safeParse(mail.data).success).toBe(true);
    const rendered = await renderMail(mail);
    expect(rendered.subject).toBe(SUBJECTS[template]);
    expect(rendered.html).toContain(`<title>${SUBJECTS[template].replaceAll("&", "&amp;")}</title>`);
    expect(rendered.html).toContain("Signet — secure electronic");
    const needed = essentials(mail);
    // a cancellation or an early reminder has nothing to open
    if (needed.length === 0) expect(rendered.html).not.toContain("<a ");
    for (const value of needed) {
      expect(rendered.text).toContain(value);
      expect(rendered.html).toContain(value.replaceAll("&", "&amp;"));
    }

    const marked = await renderMail(withMarkupInNames(mail));
    expect(marked.html).not.toContain("<b>");
    expect(marked.html).toContain("&lt;b&gt;");
    expect(marked.text).toContain("<b>");
  });

  it("puts the organization's colours on the invitation's button", async () => {
    const { html } = await renderMail({ template: "signing-invitation", data: MAIL_SAMPLES["signing-invitation"] });
    expect(html).toContain("background:#aa3300;color:#fffff0");
  });
});

describe("the previews", () => {
  it("show every built-in email and each template kind in each language, branded", async () => {
    const previews = await renderEmailPreviews();
    const names = previews.map((preview) => preview.name);
    expect(names).toEqual([
      ...Object.keys(MAIL_SAMPLES).map((template) => `built-in-${template}`),
      ...EMAIL_TEMPLATE_KINDS.flatMap((kind) => EMAIL_LANGUAGES.map((language) => `template-${kind}-${language}`)),
      ...PARTICIPANT_EMAIL_KINDS.flatMap((kind) =>
        ["zh-Hant", "vi", "ko", "tl"].map((language) => `participant-${kind}-${language}`),
      ),
    ]);
    for (const preview of previews.filter(({ name }) => !name.startsWith("built-in-"))) {
      expect(preview.html).toContain(`border-top:4px solid ${PREVIEW_BRANDING.primaryColor}`);
      expect(preview.text.trim()).not.toBe("");
      expect(preview.subject).not.toBe("");
    }
  });
});

describe("a notice to a member", () => {
  it("escapes what it is given and links where it says", async () => {
    const html = await renderNoticeHtml({
      subject: "Mailing returned: <i>Loan</i>",
      recipientName: "<b>Sam</b>",
      paragraphs: ['The package "<i>Loan</i>" was returned.'],
      link: { href: "https://app.example.com/packages/1?tab=mailings&x=1", label: "Open the package's mailings" },
    });
    expect(html).not.toMatch(/<b>|<i>/);
    expect(html).toContain("Hello &lt;b&gt;Sam&lt;/b&gt;,");
    expect(html).toContain('href="https://app.example.com/packages/1?tab=mailings&amp;x=1"');
    expect(html).toContain("Open the package&#x27;s mailings");
  });
});
