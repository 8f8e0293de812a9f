import { z } from "zod";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Data collection (questions a participant answers in the signing room, grouped) and signer
// uploads (stips: files a participant is asked to provide). Both belong to a package and change
// only while it is STARTED.

export const DATA_COLLECTION_FIELD_TYPES = ["TEXT", "NUMBER", "DATE", "SELECT", "CHECKBOX"] as const;
export type DataCollectionFieldType = (typeof DATA_COLLECTION_FIELD_TYPES)[number];

export const DATA_COLLECTION_MESSAGES = {
  groupNotFound: "Data collection group not found.",
  fieldNotFound: "Data collection field not found.",
  stipNotFound: "Signer upload not found.",
  participantNotInPackage: "Participant not found in this package.",
  optionsRequired: "A list field needs at least one option.",
} as const;

const text = (max: number) => z.string().trim().min(1, "This field is required.").max(max);
const description = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .describe("More detail shown to the participant (up to 1,000 characters); null: none");
const sectionId = ID.groupId.describe("The question section's id (a data-collection group, not a group of users)");
const FIELD_TEXT = {
  label: "The question as shown to the participant",
  type: "The kind of answer: TEXT, NUMBER, DATE (YYYY-MM-DD), SELECT (one of options) or CHECKBOX (true or false)",
  required: "The participant must answer before finishing",
  options: "SELECT: the choices, in order (up to 200); empty for other types",
} as const;

export const dataCollectionGroupSchema = z
  .object({
    id: z.uuid().describe("The question section's id"),
    packageId: ID.packageId,
    name: z.string().describe("The section's heading"),
    description: z.string().nullable().describe("Text shown under the heading; null: none"),
    orderSequence: z.number().int().describe("The section's position among the package's sections (1 first)"),
    version: recordVersion,
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "DataCollectionGroup" });
export type DataCollectionGroup = z.infer<typeof dataCollectionGroupSchema>;

export const createDataCollectionGroupSchema = z
  .object({ name: text(200).describe("The section's heading (1–200 characters)"), description })
  .meta({ id: "CreateDataCollectionGroup" });
export const updateDataCollectionGroupSchema = z
  .object({
    version: z.number().int().min(1).describe("The section's version last read (optimistic locking)"),
    name: text(200).optional().describe("The section's heading; leave out to keep"),
    description,
  })
  .meta({ id: "UpdateDataCollectionGroup" });

export const dataCollectionFieldSchema = z
  .object({
    id: z.uuid().describe("The question's id"),
    packageId: ID.packageId,
    groupId: sectionId,
    participantId: ID.participantId.describe("The participant who answers the question"),
    label: z.string().describe(FIELD_TEXT.label),
    type: z.enum(DATA_COLLECTION_FIELD_TYPES).describe(FIELD_TEXT.type),
    required: z.boolean().describe(FIELD_TEXT.required),
    options: z.array(z.string()).describe(FIELD_TEXT.options),
    customFieldId: ID.customFieldId.nullable().describe("When set, the answer also becomes this custom field's value"),
    orderSequence: z.number().int().describe("The question's position in its section (1 first)"),
    version: recordVersion,
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "DataCollectionField" });
export type DataCollectionField = z.infer<typeof dataCollectionFieldSchema>;

const options = z.array(z.string().trim().min(1).max(200)).max(200);
export const createDataCollectionFieldSchema = z
  .object({
    groupId: sectionId,
    participantId: ID.participantId.describe("The participant who answers the question"),
    label: text(500).describe(`${FIELD_TEXT.label} (1–500 characters)`),
    type: z.enum(DATA_COLLECTION_FIELD_TYPES).default("TEXT").describe(`${FIELD_TEXT.type}; default TEXT`),
    required: z.boolean().default(false).describe(`${FIELD_TEXT.required} (default false)`),
    options: options.default([]).describe(FIELD_TEXT.options),
    customFieldId: ID.customFieldId.nullish().describe("When set, the answer also becomes this custom field's value"),
  })
  .meta({ id: "CreateDataCollectionField" });
export const updateDataCollectionFieldSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    groupId: sectionId.optional(),
    participantId: ID.participantId.optional().describe("The participant who answers the question"),
    label: text(500).optional().describe(FIELD_TEXT.label),
    type: z.enum(DATA_COLLECTION_FIELD_TYPES).optional().describe(FIELD_TEXT.type),
    required: z.boolean().optional().describe(FIELD_TEXT.required),
    options: options.optional().describe(FIELD_TEXT.options),
    customFieldId: ID.customFieldId.nullish().describe("When set, the answer also becomes this custom field's value"),
  })
  .meta({ id: "UpdateDataCollectionField" });

export const stipSchema = z
  .object({
    id: z.uuid().describe("The stipulation's id"),
    packageId: ID.packageId,
    participantId: ID.participantId.describe("The participant asked to upload"),
    name: z.string().describe('What the participant is asked to provide, e.g. "Photo ID"'),
    description: z.string().nullable().describe("More detail shown to the participant; null: none"),
    required: z.boolean().describe("The participant must upload at least one file before finishing"),
    orderSequence: z.number().int().describe("The stip's position among the participant's stips (1 first)"),
    version: recordVersion,
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
  })
  .meta({ id: "Stip" });
export type Stip = z.infer<typeof stipSchema>;

export const createStipSchema = z
  .object({
    participantId: ID.participantId.describe("The participant asked to upload"),
    name: text(200).describe('What the participant is asked to provide, e.g. "Photo ID" (1–200 characters)'),
    description,
    required: z
      .boolean()
      .default(true)
      .describe("The participant must upload at least one file before finishing (default true)"),
  })
  .meta({ id: "CreateStip" });
export const updateStipSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    participantId: ID.participantId.optional().describe("The participant asked to upload"),
    name: text(200).optional().describe("What the participant is asked to provide; leave out to keep"),
    description,
    required: z.boolean().optional().describe("The participant must upload at least one file before finishing"),
  })
  .meta({ id: "UpdateStip" });

export type CreateDataCollectionGroup = z.infer<typeof createDataCollectionGroupSchema>;
export type UpdateDataCollectionGroup = z.infer<typeof updateDataCollectionGroupSchema>;
export type CreateDataCollectionField = z.infer<typeof createDataCollectionFieldSchema>;
export type UpdateDataCollectionField = z.infer<typeof updateDataCollectionFieldSchema>;
export type CreateStip = z.infer<typeof createStipSchema>;
export type UpdateStip = z.infer<typeof updateStipSchema>;

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const groupParams = packageParams.extend({ groupId: sectionId });
const fieldParams = packageParams.extend({ fieldId: ID.fieldId });
const stipParams = packageParams.extend({ stipId: ID.stipId });
const common = { base: "api", version: 9, auth: "user" } as const;
const read = { ...common, method: "GET", permission: ["VIEW_DOCUMENTS_PACKAGES"] } as const;
const write = { ...common, permission: ["MANAGE_DOCUMENTS_PACKAGES"] } as const;
const groups = "/organizations/:orgId/packages/:packageId/data-collection-groups";
const fields = "/organizations/:orgId/packages/:packageId/data-collection-fields";
const stips = "/organizations/:orgId/packages/:packageId/stips";
const dc = ["data collection"];
const st = ["stips"];

export const dataCollectionRoutes = {
  listDataCollectionGroups: define({
    ...read,
    path: groups,
    summary: "The package's data-collection groups in order",
    tags: dc,
    params: packageParams,
    response: pageSchema(dataCollectionGroupSchema),
    status: 200,
  }),
  createDataCollectionGroup: define({
    ...write,
    method: "POST",
    path: groups,
    summary: "Add a data-collection group (last in order)",
    tags: dc,
    params: packageParams,
    body: createDataCollectionGroupSchema,
    response: dataCollectionGroupSchema,
    status: 201,
  }),
  getDataCollectionGroup: define({
    ...read,
    path: `${groups}/:groupId`,
    summary: "One data-collection group",
    tags: dc,
    params: groupParams,
    response: dataCollectionGroupSchema,
    status: 200,
  }),
  updateDataCollectionGroup: define({
    ...write,
    method: "PATCH",
    path: `${groups}/:groupId`,
    summary: "Change a data-collection group at its version",
    tags: dc,
    params: groupParams,
    body: updateDataCollectionGroupSchema,
    response: dataCollectionGroupSchema,
    status: 200,
  }),
  deleteDataCollectionGroup: define({
    ...write,
    method: "DELETE",
    path: `${groups}/:groupId`,
    summary: "Delete a data-collection group and its fields",
    tags: dc,
    params: groupParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listDataCollectionFields: define({
    ...read,
    path: fields,
    summary: "The package's data-collection fields, by group and order",
    tags: dc,
    params: packageParams,
    response: pageSchema(dataCollectionFieldSchema),
    status: 200,
  }),
  createDataCollectionField: define({
    ...write,
    method: "POST",
    path: fields,
    summary: "Add a question for a participant of the package (last in its group)",
    tags: dc,
    params: packageParams,
    body: createDataCollectionFieldSchema,
    response: dataCollectionFieldSchema,
    status: 201,
  }),
  getDataCollectionField: define({
    ...read,
    path: `${fields}/:fieldId`,
    summary: "One data-collection field",
    tags: dc,
    params: fieldParams,
    response: dataCollectionFieldSchema,
    status: 200,
  }),
  updateDataCollectionField: define({
    ...write,
    method: "PATCH",
    path: `${fields}/:fieldId`,
    summary: "Change a data-collection field at its version",
    tags: dc,
    params: fieldParams,
    body: updateDataCollectionFieldSchema,
    response: dataCollectionFieldSchema,
    status: 200,
  }),
  deleteDataCollectionField: define({
    ...write,
    method: "DELETE",
    path: `${fields}/:fieldId`,
    summary: "Delete a data-collection field",
    tags: dc,
    params: fieldParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listStips: define({
    ...read,
    path: stips,
    summary: "The package's signer uploads (stips) in order",
    tags: st,
    params: packageParams,
    response: pageSchema(stipSchema),
    status: 200,
  }),
  createStip: define({
    ...write,
    method: "POST",
    path: stips,
    summary: "Ask a participant of the package for a file",
    tags: st,
    params: packageParams,
    body: createStipSchema,
    response: stipSchema,
    status: 201,
  }),
  getStip: define({
    ...read,
    path: `${stips}/:stipId`,
    summary: "One signer upload request",
    tags: st,
    params: stipParams,
    response: stipSchema,
    status: 200,
  }),
  updateStip: define({
    ...write,
    method: "PATCH",
    path: `${stips}/:stipId`,
    summary: "Change a signer upload request at its version",
    tags: st,
    params: stipParams,
    body: updateStipSchema,
    response: stipSchema,
    status: 200,
  }),
  deleteStip: define({
    ...write,
    method: "DELETE",
    path: `${stips}/:stipId`,
    summary: "Delete a signer upload request",
    tags: st,
    params: stipParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
} as const satisfies Record<string, RouteDef>;
