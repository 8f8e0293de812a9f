import { DEFAULT_EMAIL_TEMPLATES, EMAIL_LANGUAGES, EMAIL_TEMPLATE_KINDS } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml, sanitizeTemplateBody } from "./sanitize-email-html.ts";

// Issue 30 §3: what an organization writes reaches participants' mail clients safe.

describe("sanitizeTemplateBody", () => {
  it.each([
    ["a script", "<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ["a javascript: frame", '<iframe src="javascript:alert(1)"></iframe><p>Hi</p>', "<p>Hi</p>"],
    ["an event handler", "<img src=x onerror=alert(1)>", '<img src="x" />'],
    ["a javascript: link", '<a href="javascript:alert(1)">Sign</a>', "<a>Sign</a>"],
    ["a link written in entities", '<a href="java&#115;cript:alert(1)">Sign</a>', "<a>Sign</a>"],
    ["a protocol-relative link", '<a href="//evil.example/">x</a>', "<a>x</a>"],
    ["a data: image", '<img src="data:image/png;base64,AAAA">', "<img />"],
    ["an http image", '<img src="http://tracker.example/x.png">', "<img />"],
    ["a form", '<form action="https://evil.example"><input name="ssn"></form>', ""],
    [
      "a handler on a variable's link",
      '<a href="{{signingLink}}" onclick="steal()">Sign</a>',
      '<a href="{{signingLink}}">Sign</a>',
    ],
  ])("removes %s", (_name, body, cleaned) => {
    expect(sanitizeTemplateBody(body)).toEqual({ body: cleaned, removed: true });
  });

  it.each([
    [
      "links, formatting and lists",
      '<p><b>Hi</b> <i>{{recipient.name}}</i></p><ul><li><a href="https://bank.example/faq">FAQ</a></li><li><a href="mailto:help@bank.example">Mail us</a></li></ul>',
    ],
    [
      "a button of variables",
      '<a href="{{signingLink}}" style="display:inline-block;background:{{brand.primaryColor}};color:{{brand.fontColor}};padding:10px 18px">Review</a>',
    ],
    [
      "a table with an https image",
      '<table role="presentation" width="100%"><tr><td style="padding:4px" valign="top"><img src="https://cdn.bank.example/logo.png" alt="Bank" width="120" /></td></tr></table>',
    ],
  ])("keeps %s as written", (_name, body) => {
    expect(sanitizeTemplateBody(body)).toEqual({ body, removed: false });
  });

  it("keeps a style's safe declarations and drops url() ones without counting them", () => {
    expect(sanitizeTemplateBody('<p style="color:#333;background:url(https://t.example/p.gif)">x</p>')).toEqual({
      body: '<p style="color:#333">x</p>',
      removed: false,
    });
  });

  it.each(EMAIL_TEMPLATE_KINDS.flatMap((kind) => EMAIL_LANGUAGES.map((language) => [kind, language] as const)))(
    "leaves the built-in %s template (%s) as it is",
    (kind, language) => {
      const { body } = DEFAULT_EMAIL_TEMPLATES[kind][language];
      // <br> comes back as <br />, the same element
      expect(sanitizeTemplateBody(body)).toEqual({ body: body.replaceAll("<br>", "<br />"), removed: false });
    },
  );
});

describe("sanitizeEmailHtml", () => {
  it("judges a rendered variable's value as an address", () => {
    expect(
      sanitizeEmailHtml('<a href="javascript:alert(1)">x</a><a href="https://sign.example/s/a?b=1&amp;c=2">y</a>'),
    ).toBe('<a>x</a><a href="https://sign.example/s/a?b=1&amp;c=2">y</a>');
  });
});
