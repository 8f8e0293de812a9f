import { describe, expect, it } from "vitest";
import { type MailTemplateInput, renderMail } from "./templates.ts";

const cases: [MailTemplateInput, string, string][] = [
  [
    {
      template: "password-reset",
      data: { givenName: "Ann", link: "https://signet.test/create-password?request=r&token=t", expiresInMinutes: 60 },
    },
    "Reset your Signet password",
    "https://signet.test/create-password?request=r&token=t",
  ],
  [
    {
      template: "user-invitation",
      data: {
        givenName: "Ann",
        organizationName: "Acme <Lending>",
        inviterName: "Sam Support",
        link: "https://signet.test/sign-up?invitation=i&token=t",
        expiresInDays: 7,
      },
    },
    "You are invited to join Acme <Lending> on Signet",
    "https://signet.test/sign-up?invitation=i&token=t",
  ],
  [
    {
      template: "organization-access-granted",
      data: {
        givenName: "Ann",
        organizationName: "Acme <Lending>",
        inviterName: "Sam Support",
        signInLink: "https://signet.test/sign-in",
      },
    },
    "You now have access to Acme <Lending> on Signet",
    "https://signet.test/sign-in",
  ],
  [
    {
      template: "verify-account",
      data: { givenName: "Ann", organizationName: "Acme <Lending>", code: "042917", expiresInMinutes: 15 },
    },
    "Your Signet verification code",
    "042917",
  ],
];

describe("renderMail", () => {
  it.each(cases)("%o", (mail, subject, essential) => {
    const rendered = renderMail(mail);
    expect(rendered.subject).toBe(subject);
    expect(rendered.text).toContain(essential);
    expect(rendered.text).toContain("Ann");
    // names and links are escaped in HTML; the text part stays verbatim
    expect(rendered.html).not.toContain("<Lending>");
    expect(rendered.html).toContain(essential.replaceAll("&", "&amp;"));
  });
});
