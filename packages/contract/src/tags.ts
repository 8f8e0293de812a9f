import { z } from "zod";
import { LIMITS } from "./constants.ts";
import { DOCUMENT_MESSAGES, EXECUTION_TYPES, executionTypeSchema } from "./document-rules.ts";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import { CONDITIONAL_RULE_ACTIONS, CONDITIONAL_RULE_CONDITIONS, TAG_MESSAGES, TAG_TYPES } from "./tag-rules.ts";

// Tags (spec §7 tags v6: executable-documents/{id}/tags, tags, conditional-rules) and
// document-participants (how each participant executes each document). Pure rules: tag-rules.ts.

export const tagTypeSchema = z
  .enum(TAG_TYPES)
  .describe(
    "What the participant fills in: SIGNATURE and INITIALS apply their adopted image; DATE_SIGNED and FULL_NAME are filled by Signet; TEXT, CHECKBOX, RADIO and DROPDOWN are entered; CUSTOM_FIELD shows an organization field's value; WITNESS_SIGNATURE (a witness participant only) applies the witness's adopted signature with their printed name and 'Witness to <signer>' beneath",
  );

const TAG_TEXT = {
  page: "1-based page number",
  x: "PDF points from the page's left edge (0–20,000)",
  y: "PDF points from the page's top edge (0–20,000)",
  width: `Width in PDF points (at least ${LIMITS.minTagSize})`,
  height: `Height in PDF points (at least ${LIMITS.minTagSize})`,
  required: "The participant must fill it before finishing (default true)",
  label: "Text shown beside or inside the field; null: none",
  options: "DROPDOWN choices, in order (up to 100); empty for other types",
  groupName: "RADIO: buttons with the same group name form one group; null for other types",
  optionValue: "RADIO: the value this button sets; null for other types",
  defaultValue: "The value the field starts with; null: empty",
} as const;
const RULE_TEXT = {
  condition: "HAS_VALUE: the source tag is filled in; EQUALS: its value equals `value`",
  action:
    "SHOW: the target tag appears only while the condition holds; REQUIRE: it must be filled while the condition holds",
} as const;

const coordinate = z.number().finite().min(0).max(20_000);
const size = z.number().finite().max(20_000);

export const tagSchema = z
  .object({
    id: z.uuid().describe("The tag's id"),
    packageId: ID.packageId,
    documentId: ID.documentId,
    participantId: ID.participantId,
    type: tagTypeSchema,
    page: z.number().int().describe("1-based page number"),
    x: z.number().describe("PDF points from the page's left edge"),
    y: z.number().describe("PDF points from the page's top edge"),
    width: z.number().describe(TAG_TEXT.width),
    height: z.number().describe(TAG_TEXT.height),
    required: z.boolean().describe(TAG_TEXT.required),
    label: z.string().nullable().describe(TAG_TEXT.label),
    options: z.array(z.string()).describe("DROPDOWN choices"),
    groupName: z.string().nullable().describe("RADIO: buttons with the same group name form one group"),
    optionValue: z.string().nullable().describe("RADIO: this button's value"),
    customFieldId: ID.customFieldId.nullable().describe("CUSTOM_FIELD: the organization custom field (id)"),
    defaultValue: z.string().nullable().describe(TAG_TEXT.defaultValue),
    version: recordVersion,
  })
  .meta({ id: "Tag" });
export type Tag = z.infer<typeof tagSchema>;

export const tagListSchema = pageSchema(tagSchema).meta({ id: "TagList" });
export type TagList = z.infer<typeof tagListSchema>;

const tagFields = {
  participantId: ID.participantId,
  type: tagTypeSchema,
  page: z.number().int().min(1).describe(TAG_TEXT.page),
  x: coordinate.describe(TAG_TEXT.x),
  y: coordinate.describe(TAG_TEXT.y),
  width: size.describe(TAG_TEXT.width),
  height: size.describe(TAG_TEXT.height),
  required: z.boolean().default(true).describe(TAG_TEXT.required),
  label: z.string().trim().max(200).nullish().describe(TAG_TEXT.label),
  options: z.array(z.string().trim().min(1).max(200)).max(100).default([]).describe(TAG_TEXT.options),
  groupName: z.string().trim().max(100).nullish().describe(TAG_TEXT.groupName),
  optionValue: z.string().trim().max(200).nullish().describe(TAG_TEXT.optionValue),
  customFieldId: ID.customFieldId
    .nullish()
    .describe("CUSTOM_FIELD: the organization's custom field shown; null otherwise"),
  defaultValue: z.string().max(4000).nullish().describe(TAG_TEXT.defaultValue),
};

export const createTagSchema = z.object(tagFields).meta({ id: "CreateTag" });
export type CreateTag = z.infer<typeof createTagSchema>;

export const updateTagSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    participantId: tagFields.participantId.optional(),
    page: tagFields.page.optional(),
    x: coordinate.optional().describe(TAG_TEXT.x),
    y: coordinate.optional().describe(TAG_TEXT.y),
    width: size.optional().describe(TAG_TEXT.width),
    height: size.optional().describe(TAG_TEXT.height),
    required: z.boolean().optional().describe("The participant must fill it before finishing; leave out to keep"),
    label: tagFields.label,
    options: z.array(z.string().trim().min(1).max(200)).max(100).optional().describe(TAG_TEXT.options),
    groupName: tagFields.groupName,
    optionValue: tagFields.optionValue,
    customFieldId: tagFields.customFieldId,
    defaultValue: tagFields.defaultValue,
  })
  .meta({ id: "UpdateTag" });
export type UpdateTag = z.infer<typeof updateTagSchema>;

export const replaceDocumentTagsSchema = z
  .object({
    version: z.number().int().min(1).describe("The document's version (the builder saves a page of tags at once)"),
    tags: z
      .array(z.object({ id: z.uuid().optional().describe("Keep an existing tag (its rules stay)"), ...tagFields }))
      .max(2000)
      .describe("Every tag of the document; tags left out are deleted with their rules"),
  })
  .meta({ id: "ReplaceDocumentTags" });
export type ReplaceDocumentTags = z.infer<typeof replaceDocumentTagsSchema>;

export const documentTagsSchema = tagListSchema
  .extend({ documentVersion: z.number().int().describe("The document's version after the change") })
  .meta({ id: "DocumentTags" });
export type DocumentTags = z.infer<typeof documentTagsSchema>;

export const conditionalRuleSchema = z
  .object({
    id: z.uuid().describe("The conditional rule's id"),
    packageId: ID.packageId,
    sourceTagId: ID.sourceTagId,
    targetTagId: ID.targetTagId,
    condition: z.enum(CONDITIONAL_RULE_CONDITIONS).describe(RULE_TEXT.condition),
    value: z.string().nullable().describe("EQUALS: the value compared with; null for HAS_VALUE"),
    action: z.enum(CONDITIONAL_RULE_ACTIONS).describe(RULE_TEXT.action),
  })
  .meta({ id: "ConditionalRule" });
export type ConditionalRule = z.infer<typeof conditionalRuleSchema>;

export const conditionalRuleListSchema = pageSchema(conditionalRuleSchema).meta({ id: "ConditionalRuleList" });

export const createConditionalRuleSchema = z
  .object({
    sourceTagId: ID.sourceTagId.describe("The tag whose value is watched"),
    targetTagId: ID.targetTagId.describe("The tag shown or required"),
    condition: z
      .enum(CONDITIONAL_RULE_CONDITIONS)
      .default("HAS_VALUE")
      .describe(`${RULE_TEXT.condition} (default HAS_VALUE)`),
    value: z.string().trim().max(200).nullish().describe("EQUALS: the value the source must have"),
    action: z.enum(CONDITIONAL_RULE_ACTIONS).default("SHOW").describe(`${RULE_TEXT.action} (default SHOW)`),
  })
  .superRefine((rule, ctx) => {
    if (rule.sourceTagId === rule.targetTagId) {
      ctx.addIssue({ code: "custom", path: ["targetTagId"], message: TAG_MESSAGES.ruleSelf });
    }
    if (rule.condition === "EQUALS" && !rule.value) {
      ctx.addIssue({ code: "custom", path: ["value"], message: TAG_MESSAGES.ruleValueRequired });
    }
  })
  .meta({ id: "CreateConditionalRule" });
export type CreateConditionalRule = z.infer<typeof createConditionalRuleSchema>;

export const documentParticipantSchema = z
  .object({
    documentId: ID.documentId,
    participantId: ID.participantId,
    executionType: z.enum(EXECUTION_TYPES).describe("How this participant executes this document"),
    inherited: z.boolean().describe("True: follows the document's own execution type (no explicit choice)"),
    tagCount: z.number().int().describe("Tags of this participant on this document"),
  })
  .meta({ id: "DocumentParticipant" });
export type DocumentParticipant = z.infer<typeof documentParticipantSchema>;

export const documentParticipantListSchema = pageSchema(documentParticipantSchema)
  .describe("One entry per document and participant of the package")
  .meta({ id: "DocumentParticipantList" });
export type DocumentParticipantList = z.infer<typeof documentParticipantListSchema>;

export const setDocumentParticipantSchema = z
  .object({
    documentId: ID.documentId,
    participantId: ID.participantId,
    executionType: executionTypeSchema.nullable().describe("Null: follow the document's execution type again"),
    confirmTagRemoval: z
      .boolean()
      .default(false)
      .describe("Required (true) when leaving E_SIGN deletes this participant's tags on the document"),
  })
  .meta({ id: "SetDocumentParticipant" });
export type SetDocumentParticipant = z.infer<typeof setDocumentParticipantSchema>;

/** The 409 CONFIRMATION_REQUIRED details of a change that would delete tags. */
export const TAG_REMOVAL_CONFIRMATION = {
  title: DOCUMENT_MESSAGES.clearTagsTitle,
  message: DOCUMENT_MESSAGES.clearTagsConfirm,
} as const;

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const documentParams = packageParams.extend({ documentId: ID.documentId });
const tagParams = packageParams.extend({ tagId: ID.tagId });
const ruleParams = packageParams.extend({ ruleId: ID.ruleId });
const tagBase = { base: "api", version: 6, auth: "user", tags: ["tags"] } as const;
const view = ["VIEW_DOCUMENTS_PACKAGES"] as const;
const manage = ["MANAGE_DOCUMENTS_PACKAGES"] as const;

export const tagRoutes = {
  listDocumentTags: define({
    ...tagBase,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/executable-documents/:documentId/tags",
    permission: view,
    summary: "The tags of a document, by page",
    params: documentParams,
    response: tagListSchema,
    status: 200,
  }),
  replaceDocumentTags: define({
    ...tagBase,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/executable-documents/:documentId/tags",
    permission: manage,
    summary:
      "Save every tag of an E-Sign document at once (the builder's save): kept tags by id, new ones without, the rest deleted",
    params: documentParams,
    body: replaceDocumentTagsSchema,
    response: documentTagsSchema,
    status: 200,
  }),
  createTag: define({
    ...tagBase,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/executable-documents/:documentId/tags",
    permission: manage,
    summary: "Place a tag on a page of an E-Sign document for a participant who signs it electronically",
    params: documentParams,
    body: createTagSchema,
    response: tagSchema,
    status: 201,
  }),
  listPackageTags: define({
    ...tagBase,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/tags",
    permission: view,
    summary: "Every tag of the package",
    params: packageParams,
    response: tagListSchema,
    status: 200,
  }),
  updateTag: define({
    ...tagBase,
    method: "PATCH",
    path: "/organizations/:orgId/packages/:packageId/tags/:tagId",
    permission: manage,
    summary: "Move, resize, reassign or change a tag",
    params: tagParams,
    body: updateTagSchema,
    response: tagSchema,
    status: 200,
  }),
  deleteTag: define({
    ...tagBase,
    method: "DELETE",
    path: "/organizations/:orgId/packages/:packageId/tags/:tagId",
    permission: manage,
    summary: "Delete a tag and the conditional rules that name it",
    params: tagParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listConditionalRules: define({
    ...tagBase,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/conditional-rules",
    permission: view,
    summary: "The conditional rules of the package's tags",
    params: packageParams,
    response: conditionalRuleListSchema,
    status: 200,
  }),
  createConditionalRule: define({
    ...tagBase,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/conditional-rules",
    permission: manage,
    summary: "Show or require a tag when another tag has a value (or a given value); loops are refused",
    params: packageParams,
    body: createConditionalRuleSchema,
    response: conditionalRuleSchema,
    status: 201,
  }),
  deleteConditionalRule: define({
    ...tagBase,
    method: "DELETE",
    path: "/organizations/:orgId/packages/:packageId/conditional-rules/:ruleId",
    permission: manage,
    summary: "Delete a conditional rule",
    params: ruleParams,
    response: null,
    status: 204,
  }),
  listDocumentParticipants: define({
    method: "GET",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/document-participants",
    auth: "user",
    permission: view,
    summary: "How each participant executes each document (E-Sign, View Only, Paper)",
    tags: ["documents"],
    params: packageParams,
    response: documentParticipantListSchema,
    status: 200,
  }),
  setDocumentParticipant: define({
    method: "PUT",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/document-participants",
    auth: "user",
    permission: manage,
    summary:
      "Set how a participant executes a document; leaving E-Sign deletes their tags there after confirmation (409 CONFIRMATION_REQUIRED)",
    tags: ["documents"],
    params: packageParams,
    body: setDocumentParticipantSchema,
    response: documentParticipantSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
