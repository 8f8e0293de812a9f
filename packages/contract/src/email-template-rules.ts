import { EMAIL_TEMPLATE_KIND_INFO, type EmailTemplateKind } from "./email-templates.ts";

// Issue 30 §3: a message whose recipient must act on a link or a code is useless without it (an
// invitation without {{signingLink}} reached signers who could not sign), so a template of such a
// kind must use that variable in its message.

/** The variables each kind's message cannot do without. */
export const REQUIRED_EMAIL_TEMPLATE_VARIABLES: Record<EmailTemplateKind, readonly string[]> = {
  invitation: ["signingLink"],
  reminder: ["signingLink"],
  "expiring-soon": ["signingLink"],
  completion: ["link"],
  "user-invitation": ["link"],
  "organization-access-granted": ["link"],
  "password-reset": ["link"],
  "verify-account": ["code"],
  "daily-summary": ["summaryLink"],
  // these inform; the sender finds the package in the app without the link
  cancellation: [],
  "consent-withdrawn": [],
  declined: [],
};

/** The required variables of the kind that `used` (the variables a message names) lacks. */
export function missingRequiredVariables(kind: EmailTemplateKind, used: ReadonlySet<string>): string[] {
  return REQUIRED_EMAIL_TEMPLATE_VARIABLES[kind].filter((name) => !used.has(name));
}

/** The refusal, naming the variable and what it is. */
export function missingVariableMessage(kind: EmailTemplateKind, name: string): string {
  const variable = EMAIL_TEMPLATE_KIND_INFO[kind].variables.find((candidate) => candidate.name === name);
  const what = variable ? ` (${variable.description.charAt(0).toLowerCase()}${variable.description.slice(1)})` : "";
  return `The message must contain {{${name}}}${what}: without it the recipient cannot act on this email.`;
}
