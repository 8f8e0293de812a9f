import { describe, expect, it } from "vitest";
import { missingRequiredVariables, missingVariableMessage } from "./email-template-rules.ts";
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_KINDS, type EmailTemplateKind } from "./email-templates.ts";

const names = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ""));

describe("missingRequiredVariables", () => {
  it.each<[EmailTemplateKind, string, string[]]>([
    ["invitation", "<p>Please sign {{package.name}}.</p>", ["signingLink"]],
    ["invitation", '<a href="{{signingLink}}">Sign</a>', []],
    ["reminder", "<p>Still waiting.</p>", ["signingLink"]],
    ["expiring-soon", "<p>Expires {{expiresAt}}</p>", ["signingLink"]],
    ["completion", "<p>Done.</p>", ["link"]],
    ["user-invitation", "<p>Join us.</p>", ["link"]],
    ["organization-access-granted", '<a href="{{link}}">Accept</a>', []],
    ["password-reset", "<p>Reset it.</p>", ["link"]],
    ["verify-account", "<p>Your code is below.</p>", ["code"]],
    ["daily-summary", '<a href="{{reportLink}}">Failures</a>', ["summaryLink"]],
    ["cancellation", "<p>Cancelled.</p>", []],
    ["declined", "<p>Declined.</p>", []],
  ])("%s: %j lacks %j", (kind, body, missing) => {
    expect(missingRequiredVariables(kind, names(body))).toEqual(missing);
  });

  it("every built-in text has what its kind requires, in both languages", () => {
    for (const kind of EMAIL_TEMPLATE_KINDS)
      for (const content of Object.values(DEFAULT_EMAIL_TEMPLATES[kind]))
        expect(missingRequiredVariables(kind, names(content.body)), kind).toEqual([]);
  });
});

describe("missingVariableMessage", () => {
  it("names the variable and says what it is", () => {
    expect(missingVariableMessage("invitation", "signingLink")).toBe(
      "The message must contain {{signingLink}} (the participant's personal link to the documents): without it the recipient cannot act on this email.",
    );
  });
});
