import { z } from "zod";
import { ID } from "./ids.ts";
import { PACKAGE_STATUS_WORDS, type PackageStatus } from "./package-status.ts";
import { packageStatusSchema } from "./package-status-schemas.ts";
import { versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// Watermark templates and rules (issue 15 §4; spec §7 "watermark templates and rules", DOMAIN.md §7).
// Once a package is deposited into an eVault the vault holds the one authoritative copy: every
// view or download Signet serves of the package's documents is then a copy watermarked with the
// organization's templates, chosen by its rules.

export const WATERMARK_POSITIONS = [
  "CENTER",
  "TOP",
  "BOTTOM",
  "TOP_LEFT",
  "TOP_RIGHT",
  "BOTTOM_LEFT",
  "BOTTOM_RIGHT",
] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_POSITION_LABELS: Record<WatermarkPosition, string> = {
  CENTER: "Center",
  TOP: "Top",
  BOTTOM: "Bottom",
  TOP_LEFT: "Top left",
  TOP_RIGHT: "Top right",
  BOTTOM_LEFT: "Bottom left",
  BOTTOM_RIGHT: "Bottom right",
};

/** The kinds of file Signet serves of a package. */
export const WATERMARK_DOCUMENT_TYPES = ["DOCUMENT", "CERTIFICATE", "ENOTE"] as const;
export type WatermarkDocumentType = (typeof WATERMARK_DOCUMENT_TYPES)[number];
export const WATERMARK_DOCUMENT_TYPE_LABELS: Record<WatermarkDocumentType, string> = {
  DOCUMENT: "Document (original or sealed)",
  CERTIFICATE: "Certificate of completion",
  ENOTE: "eNote",
};

/** Who asks for the copy. */
export const WATERMARK_REQUESTER_TYPES = ["MEMBER", "PARTICIPANT", "SUPPORT"] as const;
export type WatermarkRequesterType = (typeof WATERMARK_REQUESTER_TYPES)[number];
export const WATERMARK_REQUESTER_TYPE_LABELS: Record<WatermarkRequesterType, string> = {
  MEMBER: "Member or API client",
  PARTICIPANT: "Participant (signing room)",
  SUPPORT: "Support user",
};

export interface WatermarkVariable {
  name: string;
  description: string;
  /** what the preview shows */
  sample: string;
}

export const WATERMARK_VARIABLES = [
  { name: "documentId", description: "The document's id", sample: "3f6c1c1e-0000-4000-8000-000000000001" },
  { name: "documentName", description: "The document's name", sample: "Promissory note" },
  { name: "packageId", description: "The package's id", sample: "9a1b2c3d-0000-4000-8000-000000000002" },
  { name: "packageName", description: "The package's name", sample: "Home loan — 12 Elm Street" },
  { name: "requester", description: "Who asked for the copy (name and role or email)", sample: "Sam Sender" },
  { name: "time", description: "When the copy was made (UTC)", sample: "2026-11-24 14:05 UTC" },
  { name: "organization", description: "The organization's name", sample: "First Street Bank" },
] as const satisfies readonly WatermarkVariable[];
export type WatermarkVariableName = (typeof WATERMARK_VARIABLES)[number]["name"];
export type WatermarkVariables = Record<WatermarkVariableName, string>;

const KNOWN = new Set<string>(WATERMARK_VARIABLES.map((variable) => variable.name));
const VARIABLE = /\{([^{}]*)\}/g;

/** The {names} in a text that are not watermark variables, each once, in order. */
export function unknownWatermarkVariables(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] ?? "";
    if (!KNOWN.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

export function unknownWatermarkVariablesMessage(unknown: readonly string[]): string {
  const list = unknown.map((name) => `{${name}}`).join(", ");
  const known = WATERMARK_VARIABLES.map((variable) => `{${variable.name}}`).join(", ");
  return `Unknown variable${unknown.length === 1 ? "" : "s"} ${list}. Use ${known}.`;
}

/** The text with every {variable} filled in (unknown ones are refused at save, so they stay as written). */
export function renderWatermarkText(template: { text: string }, vars: Partial<WatermarkVariables>): string {
  return template.text.replace(VARIABLE, (whole, name: string) =>
    KNOWN.has(name) ? (vars[name as WatermarkVariableName] ?? "") : whole,
  );
}

/** The sample values the preview draws. */
export const WATERMARK_SAMPLE_VARIABLES = Object.fromEntries(
  WATERMARK_VARIABLES.map((variable) => [variable.name, variable.sample]),
) as WatermarkVariables;

// ——— choosing a template ———

export interface WatermarkRuleFacts {
  packageStatus: PackageStatus;
  documentType: WatermarkDocumentType;
  requesterType: WatermarkRequesterType;
}

export interface WatermarkRuleLike {
  templateId: string;
  packageStatus: PackageStatus | null;
  documentType: WatermarkDocumentType | null;
  requesterType: WatermarkRequesterType | null;
  priority: number;
}

const CRITERIA = ["packageStatus", "documentType", "requesterType"] as const;

export function watermarkRuleMatches(rule: WatermarkRuleLike, facts: WatermarkRuleFacts): boolean {
  return CRITERIA.every((key) => rule[key] === null || rule[key] === facts[key]);
}

/** How many criteria a rule names (NULL = any). */
const specificity = (rule: WatermarkRuleLike) => CRITERIA.filter((key) => rule[key] !== null).length;

/**
 * The rule that decides a copy: of the rules that match, the most specific (names the most
 * criteria) wins; among equally specific ones the lower priority number (earlier in the list).
 * null when none matches.
 */
export function chooseWatermarkRule<R extends WatermarkRuleLike>(
  rules: readonly R[],
  facts: WatermarkRuleFacts,
): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (!watermarkRuleMatches(rule, facts)) continue;
    if (
      best === null ||
      specificity(rule) > specificity(best) ||
      (specificity(rule) === specificity(best) && rule.priority < best.priority)
    ) {
      best = rule;
    }
  }
  return best;
}

/** The template id of the rule that decides a copy, or null when no rule matches. */
export function chooseWatermarkTemplate(rules: readonly WatermarkRuleLike[], facts: WatermarkRuleFacts): string | null {
  return chooseWatermarkRule(rules, facts)?.templateId ?? null;
}

/** The status after which the vault holds the authoritative copy: every copy is watermarked. */
export const ALWAYS_WATERMARKED_STATUS: PackageStatus = "EDEPOSITED";

/**
 * DOMAIN.md §7: a deposited package's copies are always watermarked (a rule's template, else the
 * organization's default, else the system default); in any other status only when a rule for that
 * status matches. A package whose deposit was cancelled is COMPLETED again: its copies are
 * unwatermarked unless a rule says otherwise.
 */
export function mustWatermark(packageStatus: PackageStatus, hasMatchingRule: boolean): boolean {
  return packageStatus === ALWAYS_WATERMARKED_STATUS || hasMatchingRule;
}

// ——— schemas ———

export const WATERMARK_MESSAGES = {
  notFound: "Watermark template not found",
  saved: "Watermark saved.",
  deleted: "Watermark template deleted.",
  rulesSaved: "Watermark rules saved.",
  defaultSaved: "Default watermark saved.",
  supportOnly: "Only support users can change the default watermark.",
  defaultConfirmTitle: "Change the default watermark?",
  defaultConfirm:
    "Changing the default watermark affects all organizations: every copy of a deposited package without a watermark of its organization's own will carry it. This cannot be undone.",
  templateNotFound: "Pick a watermark template of this organization.",
  copyFailed:
    "A watermarked copy of this document could not be made: its PDF cannot be changed (it may be encrypted). The authoritative copy is in the eVault.",
  nameTaken: "A watermark template with this name already exists",
} as const;

/** 409 when deleting a template a rule still uses: names the rule (1-based, as the list shows it). */
export function watermarkTemplateInUseMessage(
  ruleNumber: number,
  rule: Pick<WatermarkRuleLike, "packageStatus" | "documentType" | "requesterType">,
): string {
  return `This watermark template is used by rule ${ruleNumber} (${watermarkRuleWords(rule)}). Change or remove the rule first.`;
}

/** "eDeposited · Certificate of completion · any requester" */
export function watermarkRuleWords(rule: Pick<WatermarkRuleLike, "packageStatus" | "documentType" | "requesterType">) {
  return [
    rule.packageStatus ? PACKAGE_STATUS_WORDS[rule.packageStatus] : "any status",
    rule.documentType ? WATERMARK_DOCUMENT_TYPE_LABELS[rule.documentType] : "any document",
    rule.requesterType ? WATERMARK_REQUESTER_TYPE_LABELS[rule.requesterType] : "any requester",
  ].join(" · ");
}

// unknown {variables} are refused by the use cases (a 400 naming them), not here: a schema failure
// answers only "Bad request."
const watermarkText = z
  .string()
  .trim()
  .min(1, "Enter the watermark text")
  .max(500)
  .describe(
    "Text drawn on every page, with {variables}: {documentId}, {documentName}, {packageId}, {packageName}, {requester}, {time}, {organization}",
  );

const watermarkStyle = {
  position: z.enum(WATERMARK_POSITIONS).describe("Where on the page the text sits"),
  angle: z
    .number()
    .int()
    .min(-90, "Angle: -90 to 90")
    .max(90, "Angle: -90 to 90")
    .describe("Degrees counter-clockwise"),
  opacity: z
    .number()
    .min(0.05, "Opacity: 0.05 to 1")
    .max(1, "Opacity: 0.05 to 1")
    .describe("0.05 (faint) to 1 (solid)"),
  fontSize: z
    .number()
    .int()
    .min(6, "Size: 6 to 144")
    .max(144, "Size: 6 to 144")
    .describe("Points; text too long for the page is shrunk"),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "Enter a colour like #808080")
    .describe("#rrggbb"),
};

const watermarkName = z
  .string()
  .trim()
  .min(1, "Enter a name")
  .max(100)
  .describe("The template's name, shown when choosing one for a rule (1–100 characters)");
const IS_DEFAULT_TEXT = "The organization's default: used when no rule matches a deposited package's copy";

export const watermarkTemplateSchema = z
  .object({
    id: z.uuid().describe("The watermark template's id"),
    organizationId: ID.organizationId.nullable().describe("null: the system default template"),
    systemDefault: z.boolean().describe("The installation's default template (support users change it)"),
    name: z.string().describe("The template's name"),
    isDefault: z.boolean().describe("The organization's default: used when no rule matches a deposited package's copy"),
    text: z.string().describe("Text drawn on every page, with {variables} filled in per copy"),
    position: z.enum(WATERMARK_POSITIONS).describe("Where on the page the text sits"),
    angle: z.number().int().describe("Degrees counter-clockwise, -90 to 90"),
    opacity: z.number().describe("0.05 (faint) to 1 (solid)"),
    fontSize: z.number().int().describe("Points, 6 to 144; text too long for the page is shrunk"),
    color: z.string().describe("#rrggbb"),
    version: z.number().int().describe("Send back on update and delete (optimistic locking)"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    createdBy: ID.createdBy.nullable(),
  })
  .meta({ id: "WatermarkTemplate" });
export type WatermarkTemplate = z.infer<typeof watermarkTemplateSchema>;

export const watermarkTemplateListSchema = z
  .object({
    records: z.array(watermarkTemplateSchema).describe("The organization's watermark templates and the system default"),
    count: z.number().int().describe("Total number of records"),
  })
  .meta({ id: "WatermarkTemplateList" });
export type WatermarkTemplateList = z.infer<typeof watermarkTemplateListSchema>;

export const createWatermarkTemplateSchema = z
  .object({
    name: watermarkName,
    text: watermarkText,
    position: watermarkStyle.position.default("CENTER"),
    angle: watermarkStyle.angle.default(45),
    opacity: watermarkStyle.opacity.default(0.25),
    fontSize: watermarkStyle.fontSize.default(36),
    color: watermarkStyle.color.default("#808080"),
    isDefault: z.boolean().default(false).describe(`${IS_DEFAULT_TEXT} (default false)`),
  })
  .meta({ id: "CreateWatermarkTemplate" });
export type CreateWatermarkTemplate = z.input<typeof createWatermarkTemplateSchema>;

export const updateWatermarkTemplateSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: watermarkName.optional(),
    text: watermarkText.optional(),
    position: watermarkStyle.position.optional(),
    angle: watermarkStyle.angle.optional(),
    opacity: watermarkStyle.opacity.optional(),
    fontSize: watermarkStyle.fontSize.optional(),
    color: watermarkStyle.color.optional(),
    isDefault: z.boolean().optional().describe(IS_DEFAULT_TEXT),
  })
  .meta({ id: "UpdateWatermarkTemplate" });
export type UpdateWatermarkTemplate = z.input<typeof updateWatermarkTemplateSchema>;

export const updateDefaultWatermarkTemplateSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    text: watermarkText.optional(),
    position: watermarkStyle.position.optional(),
    angle: watermarkStyle.angle.optional(),
    opacity: watermarkStyle.opacity.optional(),
    fontSize: watermarkStyle.fontSize.optional(),
    color: watermarkStyle.color.optional(),
  })
  .meta({ id: "UpdateDefaultWatermarkTemplate" });
export type UpdateDefaultWatermarkTemplate = z.input<typeof updateDefaultWatermarkTemplateSchema>;

/** Unsaved changes to draw instead of the stored ones (nothing is saved). */
export const previewWatermarkTemplateSchema = z
  .object({
    text: watermarkText.optional(),
    position: watermarkStyle.position.optional(),
    angle: watermarkStyle.angle.optional(),
    opacity: watermarkStyle.opacity.optional(),
    fontSize: watermarkStyle.fontSize.optional(),
    color: watermarkStyle.color.optional(),
  })
  .meta({ id: "PreviewWatermarkTemplate" });
export type PreviewWatermarkTemplate = z.input<typeof previewWatermarkTemplateSchema>;

const ruleCriteria = {
  packageStatus: packageStatusSchema.nullable().describe("null: any status"),
  documentType: z.enum(WATERMARK_DOCUMENT_TYPES).nullable().describe("null: any kind of file"),
  requesterType: z.enum(WATERMARK_REQUESTER_TYPES).nullable().describe("null: anyone"),
};

export const watermarkRuleSchema = z
  .object({
    id: z.uuid().describe("The watermark rule's id"),
    templateId: ID.templateId.describe("The watermark template the rule applies"),
    ...ruleCriteria,
    priority: z.number().int().describe("0-based position in the list; breaks ties between equally specific rules"),
  })
  .meta({ id: "WatermarkRule" });
export type WatermarkRule = z.infer<typeof watermarkRuleSchema>;

export const watermarkRuleListSchema = z
  .object({
    rules: z.array(watermarkRuleSchema).describe("The organization's rules, in priority order"),
    version: z.number().int().describe("Send back when replacing the list (optimistic locking)"),
  })
  .meta({ id: "WatermarkRuleList" });
export type WatermarkRuleList = z.infer<typeof watermarkRuleListSchema>;

export const replaceWatermarkRulesSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    rules: z
      .array(
        z.object({
          templateId: ID.templateId.describe("A template of the organization, or the system default"),
          packageStatus: ruleCriteria.packageStatus.default(null),
          documentType: ruleCriteria.documentType.default(null),
          requesterType: ruleCriteria.requesterType.default(null),
        }),
      )
      .max(100)
      .describe("The whole list in order: the first is priority 0"),
  })
  .meta({ id: "ReplaceWatermarkRules" });
export type ReplaceWatermarkRules = z.input<typeof replaceWatermarkRulesSchema>;

// ——— routes ———

const orgParams = z.object({ orgId: ID.orgId });
const templateParams = orgParams.extend({ templateId: ID.templateId.describe("The watermark template's id") });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const common = { base: "api", version: 1, auth: "user", tags: ["watermarks"] } as const;

export const watermarkRoutes = {
  listWatermarkTemplates: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/watermark-templates",
    permission: readers,
    summary: "The organization's watermark templates (the system default is at /watermark-templates/default)",
    params: orgParams,
    response: watermarkTemplateListSchema,
    status: 200,
  }),
  createWatermarkTemplate: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/watermark-templates",
    permission: admins,
    summary: "Add a watermark template; unknown {variables} are refused",
    params: orgParams,
    body: createWatermarkTemplateSchema,
    response: watermarkTemplateSchema,
    status: 201,
  }),
  getWatermarkTemplate: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/watermark-templates/:templateId",
    permission: readers,
    summary: "One watermark template",
    params: templateParams,
    response: watermarkTemplateSchema,
    status: 200,
  }),
  updateWatermarkTemplate: define({
    ...common,
    method: "PUT",
    path: "/organizations/:orgId/watermark-templates/:templateId",
    permission: admins,
    summary: "Change a watermark template at its version",
    params: templateParams,
    body: updateWatermarkTemplateSchema,
    response: watermarkTemplateSchema,
    status: 200,
  }),
  deleteWatermarkTemplate: define({
    ...common,
    method: "DELETE",
    path: "/organizations/:orgId/watermark-templates/:templateId",
    permission: admins,
    summary: "Delete a watermark template at its version (refused, 409, while a rule uses it)",
    params: templateParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  previewWatermarkTemplate: define({
    ...common,
    method: "POST",
    path: "/organizations/:orgId/watermark-templates/:templateId/preview",
    permission: readers,
    summary:
      "A sample page (application/pdf) with the template's watermark and sample values; the body's unsaved changes are drawn instead of the stored ones",
    params: templateParams,
    body: previewWatermarkTemplateSchema,
    produces: "application/pdf",
    response: null,
    status: 200,
  }),
  getWatermarkRules: define({
    ...common,
    method: "GET",
    path: "/organizations/:orgId/watermark-rules",
    permission: readers,
    summary: "The organization's watermark rules in order, with the list's version",
    params: orgParams,
    response: watermarkRuleListSchema,
    status: 200,
  }),
  replaceWatermarkRules: define({
    ...common,
    method: "PUT",
    path: "/organizations/:orgId/watermark-rules",
    permission: admins,
    summary: "Replace the whole ordered rule list at its version",
    params: orgParams,
    body: replaceWatermarkRulesSchema,
    response: watermarkRuleListSchema,
    status: 200,
  }),
  getDefaultWatermarkTemplate: define({
    ...common,
    method: "GET",
    path: "/watermark-templates/default",
    summary: "The system default watermark template (anyone who may read their organization's settings)",
    response: watermarkTemplateSchema,
    status: 200,
  }),
  updateDefaultWatermarkTemplate: define({
    ...common,
    method: "PUT",
    path: "/watermark-templates/default",
    summary: "Support users: change the system default watermark template (affects every organization; audited)",
    body: updateDefaultWatermarkTemplateSchema,
    response: watermarkTemplateSchema,
    status: 200,
  }),
};
