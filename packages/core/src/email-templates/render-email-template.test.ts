import { DEFAULT_EMAIL_TEMPLATES, EMAIL_LANGUAGES, EMAIL_TEMPLATE_KINDS } from "@signet/contract";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_BRANDING,
  renderTemplateContent,
  sampleVariables,
  templateContentProblems,
  templateTextProblems,
} from "./render-email-template.ts";

describe("email template rules", () => {
  it.each(EMAIL_TEMPLATE_KINDS.flatMap((kind) => EMAIL_LANGUAGES.map((language) => [kind, language] as const)))(
    "the built-in %s template (%s) uses only its kind's variables",
    (kind, language) => {
      expect(templateContentProblems(kind, DEFAULT_EMAIL_TEMPLATES[kind][language])).toEqual([]);
    },
  );

  it.each([
    ["{{participant.nmae}}", "Unknown variable {{participant.nmae}}"],
    ["{{{package.name}}}", "Variables are always escaped"],
    ["{{& package.name}}", "Variables are always escaped"],
    ["{{#package}}x{{/package}}", "Only {{variables}} are allowed"],
    ["{{> partial}}", "Only {{variables}} are allowed"],
    ["{{package.name", "This template cannot be read"],
  ])("refuses %s", (text, message) => {
    const problems = templateTextProblems("invitation", text, "content.body");
    expect(problems[0]?.message).toContain(message);
    expect(problems[0]?.path).toBe("content.body");
  });

  it("escapes every variable in the HTML, keeps the subject as text and writes a text part", async () => {
    const rendered = await renderTemplateContent(
      { subject: "For {{participant.name}}", body: "<p>Hello {{participant.name}}</p>" },
      { participant: { name: `<script>alert("x")</script> & Co` } },
      DEFAULT_BRANDING,
    );
    // escaped by Mustache, written again by the sanitizer, which escapes only what text needs
    expect(rendered.html).toContain('Hello &lt;script&gt;alert("x")&lt;/script&gt; &amp; Co');
    expect(rendered.html).not.toContain("<script>");
    expect(rendered.subject).toBe(`For <script>alert("x")</script> & Co`);
    expect(rendered.text).toContain(`Hello <script>alert("x")</script> & Co`);
  });

  it("puts the organization's colours and logo into the layout, refusing what is not a colour", async () => {
    const rendered = await renderTemplateContent(DEFAULT_EMAIL_TEMPLATES.invitation.en, sampleVariables("invitation"), {
      primaryColor: "#aa0000",
      fontColor: "red;background:url(x)",
      logoUrl: "https://cdn.example.com/logo.png",
    });
    expect(rendered.html).toContain("background:#aa0000");
    expect(rendered.html).toContain("color:#ffffff");
    expect(rendered.html).toMatch(/<img [^>]*src="https:\/\/cdn\.example\.com\/logo\.png"/);
    expect(rendered.subject).toBe("Your documents are ready");
  });
});
