import { z } from "zod";
import { DATA_COLLECTION_FIELD_TYPES } from "./data-collection.ts";
import { EXECUTION_TYPES } from "./document-rules.ts";
import { participantLanguageSchema } from "./languages.ts";
import { PACKAGE_EXPIRATION_TYPES, PACKAGE_SIGNING_ORDERS, PACKAGE_STEP_ORDERS } from "./packages.ts";
import {
  MAX_PARTICIPANTS_PER_TYPE,
  PARTICIPANT_ACCESS_METHODS,
  PARTICIPANT_ROLES,
  participantDisplayName,
  participantTypeKey,
} from "./participant-rules.ts";
import { CONDITIONAL_RULE_ACTIONS, CONDITIONAL_RULE_CONDITIONS, TAG_TYPES } from "./tag-rules.ts";

// A package described without database ids (issue 13 §3–§6): participants are slots (type + role
// number, e.g. BORROWER 1), custom fields are named by their integrators' key, documents by a key
// local to the blueprint. Document template versions store one, "new package from template" and
// bulk send build packages from one, and organization export writes them with their files.

export const BLUEPRINT_FORMAT = 1;

export const slotSchema = z.object({
  type: z.string().trim().min(1).max(60).describe("The participant type of the slot, e.g. Borrower"),
  roleNumber: z
    .number()
    .int()
    .min(1)
    .max(MAX_PARTICIPANTS_PER_TYPE)
    .describe(`The slot's number within its type (1–${MAX_PARTICIPANTS_PER_TYPE}): Borrower 1, Borrower 2…`),
});
export type Slot = z.infer<typeof slotSchema>;

/** 'BORROWER 1': how people and CSV headers name a slot. */
export const slotName = (slot: Slot) => participantDisplayName(slot);
/** Case-insensitive identity of a slot. */
export const slotKey = (slot: Slot) => `${participantTypeKey(slot.type)}#${slot.roleNumber}`;

const nullableText = (max: number) => z.string().max(max).nullable();

export const blueprintParticipantSchema = slotSchema.extend({
  role: z.enum(PARTICIPANT_ROLES),
  accessMethod: z.enum(PARTICIPANT_ACCESS_METHODS),
  orderSequence: z.number().int().min(1),
  avHost: z.boolean(),
  idVerification: z
    .enum(["NONE", "SMS_CODE"])
    .describe("KBA answers are never carried: a KBA slot starts with NONE until the sender gives answers"),
  givenName: nullableText(100),
  middleName: nullableText(100),
  familyName: nullableText(100),
  email: nullableText(254),
  phoneNumber: nullableText(20),
  // blueprints stored before issue 33 §6 name no language: their slots are served in English
  language: participantLanguageSchema.default("en"),
  // issue 34 §2b: the slot this one witnesses, so a package made from the template links the same
  // two people; absent in blueprints stored before, and for everyone who witnesses nobody
  witnessFor: slotSchema
    .nullable()
    .optional()
    .describe("The slot whose signature this participant witnesses; absent or null: not a witness"),
});
export type BlueprintParticipant = z.infer<typeof blueprintParticipantSchema>;

export const blueprintFieldValueSchema = z.object({
  customField: z.string().min(1).max(200).describe("The custom field's integrators' key (CustomField.customFieldId)"),
  value: z.string().max(4000).nullable(),
});
export type BlueprintFieldValue = z.infer<typeof blueprintFieldValueSchema>;

export const blueprintTagSchema = z.object({
  key: z.string().min(1).max(100),
  slot: slotSchema,
  type: z.enum(TAG_TYPES),
  page: z.number().int().min(1),
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite(),
  height: z.number().finite(),
  required: z.boolean(),
  label: nullableText(200),
  options: z.array(z.string().max(200)).max(100),
  groupName: nullableText(100),
  optionValue: nullableText(200),
  customField: z.string().max(200).nullable(),
  defaultValue: nullableText(4000),
});
export type BlueprintTag = z.infer<typeof blueprintTagSchema>;

export const blueprintRuleSchema = z.object({
  sourceKey: z.string().min(1).max(100),
  targetKey: z.string().min(1).max(100),
  condition: z.enum(CONDITIONAL_RULE_CONDITIONS),
  value: nullableText(4000),
  action: z.enum(CONDITIONAL_RULE_ACTIONS),
});
export type BlueprintRule = z.infer<typeof blueprintRuleSchema>;

export const blueprintFileSchema = z.object({
  ref: z
    .string()
    .min(1)
    .max(500)
    .describe("Where the bytes are: a blob key inside an installation, an entry name inside an archive"),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  sizeBytes: z.number().int().min(1),
  numPages: z.number().int().min(1),
  pageSizes: z.array(z.object({ width: z.number(), height: z.number() })),
  contentType: z.string().max(100),
  originalFileName: z.string().max(255),
});
export type BlueprintFile = z.infer<typeof blueprintFileSchema>;

export const blueprintDocumentSchema = z.object({
  key: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(255),
  executionType: z.enum(EXECUTION_TYPES),
  orderSequence: z.number().int().min(1),
  file: blueprintFileSchema,
  participantExecution: z.array(slotSchema.extend({ executionType: z.enum(EXECUTION_TYPES) })),
  customFields: z.array(blueprintFieldValueSchema),
  tags: z.array(blueprintTagSchema),
  rules: z.array(blueprintRuleSchema),
  sourceTemplate: z.object({ id: z.uuid(), version: z.number().int().min(1) }).nullable(),
});
export type BlueprintDocument = z.infer<typeof blueprintDocumentSchema>;

export const blueprintDataGroupSchema = z.object({
  name: z.string().max(200),
  description: nullableText(1000),
  fields: z.array(
    z.object({
      slot: slotSchema,
      label: z.string().max(500),
      type: z.enum(DATA_COLLECTION_FIELD_TYPES),
      required: z.boolean(),
      options: z.array(z.string().max(200)),
      customField: z.string().max(200).nullable(),
    }),
  ),
});

export const blueprintStipSchema = z.object({
  slot: slotSchema,
  name: z.string().max(200),
  description: nullableText(1000),
  required: z.boolean(),
});

export const blueprintSettingsSchema = z.object({
  paperOrder: z.enum(PACKAGE_STEP_ORDERS),
  stipsOrder: z.enum(PACKAGE_STEP_ORDERS),
  signingOrder: z.enum(PACKAGE_SIGNING_ORDERS),
  expirationType: z.enum(PACKAGE_EXPIRATION_TYPES).nullable(),
  scheduledExpiryDays: z.number().int().min(0).max(3650).nullable(),
  scheduledExpiryTime: nullableText(5),
  packageCollaboration: z.boolean(),
  enablePrintFulfillment: z.boolean(),
  printServiceProvider: z.string().max(50),
  emailSubject: nullableText(255),
  emailIntroText: nullableText(5000),
  emailIsDefault: z.boolean(),
  emailDocumentKey: z.string().max(100).nullable().describe("The document attached to the invitation, by its key"),
  /** the invitation email template picked in step 3, by name (the organization's default when missing) */
  emailTemplateName: nullableText(200),
  reminderOverride: z
    .unknown()
    .nullable()
    .describe("The package's own reminder policy (ReminderPolicy JSON); null: the organization's defaults"),
});
export type BlueprintSettings = z.infer<typeof blueprintSettingsSchema>;

export const packageBlueprintSchema = z.object({
  format: z.literal(BLUEPRINT_FORMAT),
  name: z.string().max(255),
  settings: blueprintSettingsSchema,
  participants: z.array(blueprintParticipantSchema),
  customFields: z.array(blueprintFieldValueSchema),
  documents: z.array(blueprintDocumentSchema),
  dataGroups: z.array(blueprintDataGroupSchema),
  stips: z.array(blueprintStipSchema),
});
export type PackageBlueprint = z.infer<typeof packageBlueprintSchema>;

/**
 * What is wrong with a blueprint beyond its shape: every slot a tag, execution choice, question or
 * upload names must be a participant; rule keys must name tags of the same document; keys unique.
 */
export function blueprintProblems(blueprint: PackageBlueprint): string[] {
  const problems: string[] = [];
  const slots = new Set(blueprint.participants.map(slotKey));
  if (slots.size !== blueprint.participants.length) problems.push("Two participants share a slot.");
  const named = (slot: Slot, where: string) => {
    if (!slots.has(slotKey(slot))) problems.push(`${where} names ${slotName(slot)}, which is not a participant.`);
  };
  const documentKeys = new Set<string>();
  for (const document of blueprint.documents) {
    if (documentKeys.has(document.key)) problems.push(`Two documents share the key ${document.key}.`);
    documentKeys.add(document.key);
    const tagKeys = new Set<string>();
    for (const tag of document.tags) {
      if (tagKeys.has(tag.key)) problems.push(`Two tags of ${document.name} share the key ${tag.key}.`);
      tagKeys.add(tag.key);
      named(tag.slot, `A tag of ${document.name}`);
    }
    for (const rule of document.rules) {
      if (!tagKeys.has(rule.sourceKey) || !tagKeys.has(rule.targetKey))
        problems.push(`A conditional rule of ${document.name} names a tag it does not hold.`);
    }
    for (const choice of document.participantExecution) named(choice, `An execution choice of ${document.name}`);
  }
  for (const group of blueprint.dataGroups)
    for (const field of group.fields) named(field.slot, `A question of ${group.name}`);
  for (const stip of blueprint.stips) named(stip.slot, `The signer upload ${stip.name}`);
  for (const participant of blueprint.participants)
    if (participant.witnessFor) named(participant.witnessFor, `The witness ${slotName(participant)}`);
  const emailDocument = blueprint.settings.emailDocumentKey;
  if (emailDocument !== null && !documentKeys.has(emailDocument))
    problems.push("The invitation attaches a document the blueprint does not hold.");
  return problems;
}
