import { z } from "zod";
import { CUSTOM_FIELD_DATA_TYPES, CUSTOM_FIELD_DATE_FORMATS, CUSTOM_FIELD_SCOPES } from "./custom-field-rules.ts";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Custom fields (spec §3 Custom field; §7 custom-fields, package-custom-fields, document-custom-fields).
// Definitions belong to the organization; values to a package (PACKAGE scope) or a document
// (DOCUMENT scope). Values of encrypted fields are stored encrypted and shown to whoever sees the package.

const dataType = z
  .enum(CUSTOM_FIELD_DATA_TYPES)
  .describe(
    "What the field holds: TEXT, WHOLE_NUMBER, REAL_NUMBER, DATE (YYYY-MM-DD), SELECT (one of selectOptions), BOOLEAN (true or false), EMAIL or PHONE; values are always sent and stored as text",
  );
const scope = z
  .enum(CUSTOM_FIELD_SCOPES)
  .describe("PACKAGE: one value per package; DOCUMENT: one value per document of a package");
const dateFormat = z.enum(CUSTOM_FIELD_DATE_FORMATS);

/** One text per definition field, shared by the definition, its creation and its update. */
const FIELD_TEXT = {
  name: "The field's name, shown to senders and on tags (1–120 characters)",
  description: "Help text shown to senders; null: none",
  dateFormat:
    "DATE fields: how the date shows, DATE_LONG (January 2, 2026), DATE_MEDIUM (Jan 2, 2026) or DATE_SHORT (01/02/2026); null for other types",
  selectOptions: "The choices of a choice field, in order; empty for other types",
  required: "A package cannot be sent while the field has no value",
  encrypted: "Values are stored encrypted (e.g. a Social Security number); fixed once set",
  active: "Offered on new packages; an inactive field keeps its values",
  minRangeRealNumber: "REAL_NUMBER fields: the smallest value allowed; null: no minimum",
  maxRangeRealNumber: "REAL_NUMBER fields: the largest value allowed; null: no maximum",
  minRangeWholeNumber: "WHOLE_NUMBER fields: the smallest value allowed; null: no minimum",
  maxRangeWholeNumber: "WHOLE_NUMBER fields: the largest value allowed; null: no maximum",
  vaultMapping: "The eVault field this value is deposited as (eDeposit); null: not deposited",
  defaultValue: "The value a package starts with, as text; null: none",
} as const;
const range = z.number().finite().nullable();
const wholeRange = z.number().int().nullable();

export const customFieldSchema = z
  .object({
    id: z.uuid().describe("The custom field's id"),
    customFieldId: z.string().describe("The integrators' key, unique in the organization"),
    organizationId: ID.organizationId,
    name: z.string().describe(FIELD_TEXT.name),
    description: z.string().nullable().describe(FIELD_TEXT.description),
    scope,
    dataType,
    dateFormat: dateFormat.nullable().describe(FIELD_TEXT.dateFormat),
    selectOptions: z.array(z.string()).describe(FIELD_TEXT.selectOptions),
    required: z.boolean().describe(FIELD_TEXT.required),
    encrypted: z.boolean().describe(FIELD_TEXT.encrypted),
    archived: z
      .boolean()
      .describe(
        "Archived: listed only with includeArchived, offered on no new package, and its stored values are frozen",
      ),
    active: z.boolean().describe(FIELD_TEXT.active),
    minRangeRealNumber: range.describe(FIELD_TEXT.minRangeRealNumber),
    maxRangeRealNumber: range.describe(FIELD_TEXT.maxRangeRealNumber),
    minRangeWholeNumber: wholeRange.describe(FIELD_TEXT.minRangeWholeNumber),
    maxRangeWholeNumber: wholeRange.describe(FIELD_TEXT.maxRangeWholeNumber),
    vaultMapping: z.string().nullable().describe(FIELD_TEXT.vaultMapping),
    defaultValue: z.string().nullable().describe(FIELD_TEXT.defaultValue),
    isSystemGenerated: z
      .boolean()
      .describe("Made by Signet itself rather than by the organization (configuration exports leave it out)"),
    version: recordVersion,
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    archivedAt: z.string().nullable().describe("When the field was archived (ISO 8601 time); null: not archived"),
  })
  .meta({ id: "CustomField" });
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldListSchema = pageSchema(customFieldSchema).meta({ id: "CustomFieldList" });
export type CustomFieldList = z.infer<typeof customFieldListSchema>;

const key = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "Use letters, digits and underscores, starting with a letter");
const name = z.string().trim().min(1, "Name is required").max(120);

const definitionFields = {
  name: name.describe(FIELD_TEXT.name),
  description: z.string().trim().max(1000).nullish().describe(FIELD_TEXT.description),
  dataType: dataType.default("TEXT").describe("What the field holds (default TEXT); fixed once set"),
  dateFormat: dateFormat.nullish().describe(FIELD_TEXT.dateFormat),
  selectOptions: z
    .array(z.string().trim().min(1).max(200))
    .max(200)
    .default([])
    .describe(`${FIELD_TEXT.selectOptions} (up to 200)`),
  required: z.boolean().default(false).describe(FIELD_TEXT.required),
  encrypted: z.boolean().default(false).describe(FIELD_TEXT.encrypted),
  // decision: new definitions are active unless said otherwise (spec §3 defaults every boolean to
  // false, which would hide a field from every package until a second call activates it)
  active: z.boolean().default(true).describe(FIELD_TEXT.active),
  minRangeRealNumber: range.optional().describe(FIELD_TEXT.minRangeRealNumber),
  maxRangeRealNumber: range.optional().describe(FIELD_TEXT.maxRangeRealNumber),
  minRangeWholeNumber: wholeRange.optional().describe(FIELD_TEXT.minRangeWholeNumber),
  maxRangeWholeNumber: wholeRange.optional().describe(FIELD_TEXT.maxRangeWholeNumber),
  vaultMapping: z.string().trim().max(200).nullish().describe(FIELD_TEXT.vaultMapping),
  defaultValue: z.string().trim().max(4000).nullish().describe(FIELD_TEXT.defaultValue),
};

export const createCustomFieldSchema = z
  .object({
    customFieldId: key.describe(
      "The integrators' key, unique in the organization: a letter, then up to 63 letters, digits or underscores; fixed once set",
    ),
    scope: scope.default("PACKAGE"),
    ...definitionFields,
  })
  .meta({ id: "CreateCustomField" });
export type CreateCustomField = z.infer<typeof createCustomFieldSchema>;

export const updateCustomFieldSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    name: name.optional().describe(`${FIELD_TEXT.name}; leave out to keep`),
    description: definitionFields.description,
    dateFormat: definitionFields.dateFormat,
    selectOptions: z
      .array(z.string().trim().min(1).max(200))
      .max(200)
      .optional()
      .describe(`${FIELD_TEXT.selectOptions}; leave out to keep`),
    required: z.boolean().optional().describe(`${FIELD_TEXT.required}; leave out to keep`),
    active: z.boolean().optional().describe(`${FIELD_TEXT.active}; leave out to keep`),
    minRangeRealNumber: range.optional().describe(FIELD_TEXT.minRangeRealNumber),
    maxRangeRealNumber: range.optional().describe(FIELD_TEXT.maxRangeRealNumber),
    minRangeWholeNumber: wholeRange.optional().describe(FIELD_TEXT.minRangeWholeNumber),
    maxRangeWholeNumber: wholeRange.optional().describe(FIELD_TEXT.maxRangeWholeNumber),
    vaultMapping: definitionFields.vaultMapping,
    defaultValue: definitionFields.defaultValue,
  })
  .describe("The key, scope, type and encryption are fixed once values may exist")
  .meta({ id: "UpdateCustomField" });
export type UpdateCustomField = z.infer<typeof updateCustomFieldSchema>;

export const customFieldListQuerySchema = z.object({
  scope: scope.optional().describe("Only fields of this scope (PACKAGE or DOCUMENT)"),
  includeArchived: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true")
    .describe("true: archived fields are listed too (default false)"),
});

export const customFieldValueSchema = z
  .object({
    customFieldId: ID.customFieldId.describe("The definition's id"),
    packageCustomFieldId: ID.packageCustomFieldId
      .nullable()
      .describe("The stored value's id (spec §3); null when not set"),
    documentId: ID.documentId.nullable().describe("DOCUMENT scope: the document holding the value"),
    key: z.string().describe("The definition's customFieldId key"),
    name: z.string().describe("The field's name"),
    dataType,
    dateFormat: dateFormat.nullable().describe(FIELD_TEXT.dateFormat),
    selectOptions: z.array(z.string()).describe(FIELD_TEXT.selectOptions),
    required: z.boolean().describe(FIELD_TEXT.required),
    encrypted: z.boolean().describe("The value is stored encrypted"),
    value: z.string().nullable().describe("The stored value, or the default when none was set"),
    displayValue: z.string().nullable().describe("Dates in the field's format"),
    isSet: z.boolean().describe("False: no value stored yet (value shows the default)"),
    version: z.number().int().nullable().describe("The stored value's version; null when not set"),
  })
  .meta({ id: "CustomFieldValue" });
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

export const customFieldValueListSchema = pageSchema(customFieldValueSchema).meta({ id: "CustomFieldValueList" });
export type CustomFieldValueList = z.infer<typeof customFieldValueListSchema>;

export const setCustomFieldValueSchema = z
  .object({
    value: z
      .string()
      .max(4000)
      .nullable()
      .describe(
        "The value as text (a number in digits, a date as YYYY-MM-DD, a choice as one of its options); null clears it",
      ),
    version: z.number().int().min(1).optional().describe("The stored value's version, when one exists"),
  })
  .meta({ id: "SetCustomFieldValue" });
export type SetCustomFieldValue = z.infer<typeof setCustomFieldValueSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const definitionParams = orgParams.extend({ customFieldId: ID.customFieldId });
const packageParams = orgParams.extend({ packageId: ID.packageId });
const packageValueParams = packageParams.extend({ customFieldId: ID.customFieldId });
const documentParams = packageParams.extend({ documentId: ID.documentId });
const documentValueParams = documentParams.extend({ customFieldId: ID.customFieldId });
const readers = ["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const packageManagers = ["MANAGE_DOCUMENTS_PACKAGES"] as const;
const definitions = { base: "api", version: 1, auth: "user", tags: ["custom fields"] } as const;

export const customFieldRoutes = {
  listCustomFields: define({
    ...definitions,
    method: "GET",
    path: "/organizations/:orgId/custom-fields",
    permission: readers,
    summary: "The organization's custom field definitions (archived ones with includeArchived=true)",
    params: orgParams,
    query: customFieldListQuerySchema,
    response: customFieldListSchema,
    status: 200,
  }),
  createCustomField: define({
    ...definitions,
    method: "POST",
    path: "/organizations/:orgId/custom-fields",
    permission: admins,
    summary: "Define a custom field; 409 'This custom field already exists' for a taken name or key",
    params: orgParams,
    body: createCustomFieldSchema,
    response: customFieldSchema,
    status: 201,
  }),
  getCustomField: define({
    ...definitions,
    method: "GET",
    path: "/organizations/:orgId/custom-fields/:customFieldId",
    permission: readers,
    summary: "One custom field definition",
    params: definitionParams,
    response: customFieldSchema,
    status: 200,
  }),
  updateCustomField: define({
    ...definitions,
    method: "PATCH",
    path: "/organizations/:orgId/custom-fields/:customFieldId",
    permission: admins,
    summary: "Change a custom field definition at its version",
    params: definitionParams,
    body: updateCustomFieldSchema,
    response: customFieldSchema,
    status: 200,
  }),
  archiveCustomField: define({
    ...definitions,
    method: "DELETE",
    path: "/organizations/:orgId/custom-fields/:customFieldId",
    permission: admins,
    summary: "Archive a custom field: it takes no new values; stored values stay readable",
    params: definitionParams,
    query: versionQuerySchema,
    response: customFieldSchema,
    status: 200,
  }),
  listPackageEffectiveCustomFields: define({
    method: "GET",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId/custom-fields",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's effective custom fields: every active PACKAGE field with its value or default",
    tags: ["custom fields"],
    params: packageParams,
    response: customFieldValueListSchema,
    status: 200,
  }),
  listPackageCustomFields: define({
    method: "GET",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId/package-custom-fields",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary:
      "Every active PACKAGE custom field with the package's value (or its default), and stored values of archived ones",
    tags: ["custom fields"],
    params: packageParams,
    response: customFieldValueListSchema,
    status: 200,
  }),
  setPackageCustomField: define({
    method: "PUT",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId/package-custom-fields/:customFieldId",
    auth: "user",
    permission: packageManagers,
    summary: "Set the package's value of a PACKAGE custom field (validated by its definition)",
    tags: ["custom fields"],
    params: packageValueParams,
    body: setCustomFieldValueSchema,
    response: customFieldValueSchema,
    status: 200,
  }),
  deletePackageCustomField: define({
    method: "DELETE",
    base: "api",
    version: 9,
    path: "/organizations/:orgId/packages/:packageId/package-custom-fields/:customFieldId",
    auth: "user",
    permission: packageManagers,
    summary: "Clear the package's value of a custom field",
    tags: ["custom fields"],
    params: packageValueParams,
    response: null,
    status: 204,
  }),
  listDocumentCustomFields: define({
    method: "GET",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId/document-custom-fields",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Every active DOCUMENT custom field with the document's value (or its default)",
    tags: ["custom fields"],
    params: documentParams,
    response: customFieldValueListSchema,
    status: 200,
  }),
  setDocumentCustomField: define({
    method: "PUT",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId/document-custom-fields/:customFieldId",
    auth: "user",
    permission: packageManagers,
    summary: "Set the document's value of a DOCUMENT custom field",
    tags: ["custom fields"],
    params: documentValueParams,
    body: setCustomFieldValueSchema,
    response: customFieldValueSchema,
    status: 200,
  }),
  deleteDocumentCustomField: define({
    method: "DELETE",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId/document-custom-fields/:customFieldId",
    auth: "user",
    permission: packageManagers,
    summary: "Clear the document's value of a custom field",
    tags: ["custom fields"],
    params: documentValueParams,
    response: null,
    status: 204,
  }),
} as const satisfies Record<string, RouteDef>;
