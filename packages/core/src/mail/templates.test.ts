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
        link: "https://signet.test/join?invitation=i&token=t",
        expiresInDays: 7,
      },
    },
    "Sam Support asks you to join Acme <Lending> on Signet",
    "https://signet.test/join?invitation=i&token=t",
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
  it.each(cases)("%o", async (mail, subject, essential) => {
    const rendered = await renderMail(mail);
    expect(rendered.subject).toBe(subject);
    expect(rendered.text).toContain(essential);
    expect(rendered.text).toContain("Ann");
    // names and links are escaped in HTML; the text part stays verbatim
    expect(rendered.html).not.toContain("<Lending>");
    expect(rendered.html).toContain(essential.replaceAll("&", "&amp;"));
  });
});

describe("signing templates", () => {
  const invitation = (extra: Partial<Extract<MailTemplateInput, { template: "signing-invitation" }>["data"]> = {}) =>
    renderMail({
      template: "signing-invitation",
      data: {
        recipientName: "Ann <Borrower>",
        organizationName: "Acme Lending",
        packageName: "Refinance",
        subject: "Your documents are ready",
        introText: null,
        link: "https://sign.signet.test/s/abc.def",
        expiresAt: "2026-12-01T00:00:00.000Z",
        reminder: false,
        attachmentName: null,
        ...extra,
      },
    });

  it("carries the link, the package's subject, and a reminder prefix", async () => {
    const rendered = await invitation();
    expect(rendered.subject).toBe("Your documents are ready");
    expect(rendered.text).toContain("https://sign.signet.test/s/abc.def");
    expect(rendered.html).not.toContain("<Borrower>");
    expect((await invitation({ reminder: true })).subject).toBe("Reminder: Your documents are ready");
  });

  it("uses the package's introduction and names the attachment", async () => {
    const rendered = await invitation({ introText: "Please sign\n\nby Friday", attachmentName: "Disclosure.pdf" });
    expect(rendered.text).toContain("Please sign");
    expect(rendered.html).toMatch(/<p[^>]*>by Friday<\/p>/);
    expect(rendered.text).toContain("Attached: Disclosure.pdf");
  });

  it.each([
    [undefined, "to review and sign electronically."],
    ["sign", "to review and sign electronically."],
    ["review", 'documents of "Refinance" to review electronically.'],
  ] as const)("asks a %s participant for what they do", async (action, wording) => {
    expect((await invitation({ action })).text).toContain(wording);
  });

  it("takes the organization's colours only when they are hex colours", async () => {
    expect((await invitation({ primaryColor: "#123456", primaryFontColor: "#fedcba" })).html).toContain(
      "background:#123456;color:#fedcba",
    );
    const injected = (await invitation({ primaryColor: "red;background-image:url(x)" })).html;
    expect(injected).toContain("background:#1c7ed6");
    expect(injected).not.toContain("url(x)");
  });

  it.each([
    ["consent-withdrawn", "E-sign consent withdrawn: Refinance"],
    ["participant-declined", "Declined to sign: Refinance"],
  ] as const)("%s tells the sender who and why", async (template, subject) => {
    const rendered = await renderMail({
      template,
      data: {
        recipientName: "Sam",
        packageName: "Refinance",
        participantName: "BORROWER 1",
        reason: "Wrong rate",
        link: "https://signet.test/packages/p",
      },
    });
    expect(rendered.subject).toBe(subject);
    expect(rendered.text).toContain("BORROWER 1");
    expect(rendered.text).toContain("Wrong rate");
  });
});

describe("emails to a participant who only reviews (issue 11 §2)", () => {
  // "sign" outside the product's name and the links: the room's address holds it, the brand too
  const mentionsSigning = (rendered: { subject: string; text: string; html: string }) =>
    [rendered.subject, rendered.text, rendered.html].some((part) =>
      /sign/i.test(part.replace(/https?:\/\/[^\s"<]+/g, "").replace(/Signet/g, "")),
    );
  const emails = (action: "sign" | "review"): [string, MailTemplateInput][] => [
    [
      "invitation",
      {
        template: "signing-invitation",
        data: {
          recipientName: "Vera Viewer",
          organizationName: "Acme Lending",
          packageName: "Refinance",
          subject: "Your documents are ready",
          introText: null,
          link: "https://sign.signet.test/s/abc.def",
          expiresAt: "2026-12-01T00:00:00.000Z",
          reminder: false,
          attachmentName: null,
          action,
        },
      },
    ],
    [
      "reminder with a fresh link",
      {
        template: "signing-invitation",
        data: {
          recipientName: "Vera Viewer",
          organizationName: "Acme Lending",
          packageName: "Refinance",
          subject: "Your documents are ready",
          introText: null,
          link: "https://sign.signet.test/s/abc.def",
          expiresAt: "2026-12-01T00:00:00.000Z",
          reminder: true,
          attachmentName: null,
          action,
        },
      },
    ],
    [
      "reminder before the package is out",
      {
        template: "participant-reminder",
        data: {
          recipientName: "Vera Viewer",
          organizationName: "Acme Lending",
          packageName: "Refinance",
          senderName: "Sam Sender",
          action,
        },
      },
    ],
    [
      "cancellation",
      {
        template: "package-cancelled",
        data: {
          recipientName: "Vera Viewer",
          organizationName: "Acme Lending",
          packageName: "Refinance",
          cancelledBy: "Sam Sender",
          action,
        },
      },
    ],
    [
      "sealed copies",
      {
        template: "package-completed",
        data: {
          recipientName: "Vera Viewer",
          organizationName: "Acme Lending",
          packageName: "Refinance",
          link: "https://sign.signet.test/s/abc.def",
          action,
        },
      },
    ],
  ];

  it.each(emails("review"))("%s says review, never sign", async (_, mail) => {
    const rendered = await renderMail(mail);
    expect(mentionsSigning(rendered)).toBe(false);
    expect(`${rendered.text} ${rendered.html}`).toMatch(/review|documents/i);
  });

  it.each(emails("sign").filter(([name]) => name !== "sealed copies"))(
    "%s to a signer still speaks of signing",
    async (_, mail) => {
      expect(mentionsSigning(await renderMail(mail))).toBe(true);
    },
  );

  it("asks a reviewer to review in every part of the invitation", async () => {
    const [, mail] = emails("review")[0] ?? [];
    const rendered = await renderMail(mail as MailTemplateInput);
    expect(rendered.text).toContain('sent you the documents of "Refinance" to review electronically.');
    expect(rendered.html).toContain(">Review documents</a>");
    expect(rendered.html).toContain("Signet — secure electronic documents");
  });

  it("tells a reviewer about the cancelled package without signing words", async () => {
    const rendered = await renderMail(emails("review")[3]?.[1] as MailTemplateInput);
    expect(rendered.text).toContain(
      "You no longer need to review its documents, and the links you received no longer work.",
    );
  });
});
