import {
  EMAIL_TEMPLATE_KIND_INFO,
  type EmailTemplateContent,
  type EmailTemplateKind,
  missingRequiredVariables,
  missingVariableMessage,
  type RenderedEmail,
} from "@signet/contract";
import { convert } from "html-to-text";
import Mustache from "mustache";
import { createElement } from "react";
import { DEFAULT_ACCENT, DEFAULT_ACCENT_TEXT, hexColorOr, renderEmailHtml } from "../mail/email-layout.tsx";
import { OrganizationEmail } from "../mail/organization-email.tsx";
import { sanitizeEmailHtml, sanitizeTemplateBody } from "./sanitize-email-html.ts";

/**
 * Organization email templates are Mustache (logic-less: a template can only name variables, so
 * an administrator cannot run code or read anything the kind does not offer). {{name}} is always
 * HTML-escaped; the unescaping forms ({{{name}}}, {{& name}}), sections and partials are refused
 * on save, so every variable reaches the HTML escaped.
 */
export interface TemplateProblem {
  path: string;
  message: string;
}

export interface Branding {
  primaryColor: string;
  fontColor: string;
  logoUrl: string;
}

export const DEFAULT_BRANDING: Branding = { primaryColor: DEFAULT_ACCENT, fontColor: DEFAULT_ACCENT_TEXT, logoUrl: "" };

type Token = [string, string, number, number, ...unknown[]];

/** The problems of one text (subject or body): bad syntax, unescaped or logic tags, unknown variables. */
export function templateTextProblems(kind: EmailTemplateKind, text: string, path: string): TemplateProblem[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(text) as Token[];
  } catch (error) {
    return [{ path, message: `This template cannot be read: ${(error as Error).message}` }];
  }
  const allowed = new Set(EMAIL_TEMPLATE_KIND_INFO[kind].variables.map((variable) => variable.name));
  const problems: TemplateProblem[] = [];
  for (const [type, value] of tokens) {
    if (type === "text" || type === "!") continue;
    if (type === "&" || type === "{") {
      problems.push({
        path,
        message: `Variables are always escaped: write {{${value}}} instead of the unescaped form.`,
      });
    } else if (type !== "name") {
      problems.push({
        path,
        message: `Only {{variables}} are allowed: sections, partials and delimiter changes are not.`,
      });
    } else if (!allowed.has(value)) {
      problems.push({
        path,
        message: `Unknown variable {{${value}}}. Variables of this kind: ${[...allowed].map((name) => `{{${name}}}`).join(", ")}.`,
      });
    }
  }
  return problems;
}

export function templateContentProblems(
  kind: EmailTemplateKind,
  content: EmailTemplateContent,
  pathPrefix = "content",
): TemplateProblem[] {
  return [
    ...templateTextProblems(kind, content.subject, `${pathPrefix}.subject`),
    ...templateTextProblems(kind, content.body, `${pathPrefix}.body`),
  ];
}

/** The variables a text names; a text that cannot be read names none. */
export function namedVariables(text: string): Set<string> {
  try {
    return new Set((Mustache.parse(text) as Token[]).filter(([type]) => type === "name").map(([, name]) => name));
  } catch {
    return new Set();
  }
}

/** Whether a message lacks a variable its kind cannot do without (see email-template-rules.ts). */
export function lacksRequiredVariable(kind: EmailTemplateKind, body: string): boolean {
  return missingRequiredVariables(kind, namedVariables(body)).length > 0;
}

/**
 * A template's content as it is stored: its message cleaned of what emails may not carry, then
 * checked. `problems` lists unknown variables and other refused tags, else each variable the kind
 * requires that the cleaned message lacks; `removed` says whether cleaning took HTML out.
 */
export function storedTemplateContent(
  kind: EmailTemplateKind,
  content: EmailTemplateContent,
  pathPrefix = "content",
): { content: EmailTemplateContent; removed: boolean; problems: TemplateProblem[] } {
  const { body, removed } = sanitizeTemplateBody(content.body);
  const cleaned = { subject: content.subject, body };
  return { content: cleaned, removed, problems: cleanedContentProblems(kind, cleaned, pathPrefix) };
}

/** The problems of content already cleaned: those of its variables, else the required ones it lacks. */
export function cleanedContentProblems(
  kind: EmailTemplateKind,
  content: EmailTemplateContent,
  pathPrefix: string,
): TemplateProblem[] {
  const problems = templateContentProblems(kind, content, pathPrefix);
  if (problems.length > 0) return problems;
  return missingRequiredVariables(kind, namedVariables(content.body)).map((name) => ({
    path: `${pathPrefix}.body`,
    message: missingVariableMessage(kind, name),
  }));
}

function brandVariables(branding: Branding) {
  return {
    primaryColor: hexColorOr(branding.primaryColor, DEFAULT_BRANDING.primaryColor),
    fontColor: hexColorOr(branding.fontColor, DEFAULT_BRANDING.fontColor),
  };
}

/**
 * Renders an organization's template: the subject as text (header line breaks removed), the body
 * with every variable HTML-escaped and the result cleaned (a variable's value may be an address)
 * inside the branded layout, and a text part from that HTML.
 */
export async function renderTemplateContent(
  content: EmailTemplateContent,
  variables: Record<string, unknown>,
  branding: Branding,
): Promise<RenderedEmail> {
  const view = { ...variables, brand: brandVariables(branding) };
  const subject = Mustache.render(content.subject, view, undefined, { escape: (value: unknown) => String(value) })
    .replace(/[\r\n]+/g, " ")
    .trim();
  const html = await renderEmailHtml(
    createElement(OrganizationEmail, {
      subject,
      sanitizedBodyHtml: sanitizeEmailHtml(Mustache.render(content.body, view)),
      logoUrl: branding.logoUrl,
      accentColor: view.brand.primaryColor,
    }),
  );
  const text = convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "title", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
  return { subject, html, text: `${text}\n` };
}

/** The preview's sample data: each variable's sample, nested by its dotted name. */
export function sampleVariables(kind: EmailTemplateKind): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const { name, sample } of EMAIL_TEMPLATE_KIND_INFO[kind].variables) setPath(view, name, sample);
  return view;
}

export function setPath(view: Record<string, unknown>, name: string, value: unknown) {
  const parts = name.split(".");
  let node = view;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) as string] = value;
}
