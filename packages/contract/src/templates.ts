import { z } from "zod";
import { documentSchema } from "./documents.ts";
import { ID } from "./ids.ts";
import { participantLanguageSchema } from "./languages.ts";
import { packageGroupRefSchema, packageSchema } from "./packages.ts";
import { alreadyExistsMessage, pageSchema, versionQuerySchema } from "./paging.ts";
import { PARTICIPANT_ACCESS_METHODS, PARTICIPANT_ROLES } from "./participant-rules.ts";
import { recordCreatedAt, recordUpdatedAt, recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";
import { type Slot, slotName, slotSchema } from "./template-blueprint.ts";
import { phoneInputSchema } from "./users.ts";

// Document templates and package templates (issue 13 §3–§4; spec §2 package templates in three
// steps, §4 template lifecycles, §7 document-templates and package-templates). Each template is
// edited in the ordinary builder through a hidden backing package (its packageId); its groups say
// who may use it. Managing needs MANAGE_ADMIN_SETTINGS; using needs MANAGE_DOCUMENTS_PACKAGES in
// one of the template's groups.

export const TEMPLATE_MESSAGES = {
  documentTemplateNotFound: "Document template not found.",
  packageTemplateNotFound: "Package template not found.",
  documentTemplateExists: alreadyExistsMessage("document template"),
  packageTemplateExists: alreadyExistsMessage("package template"),
  oneDocument: "A document template holds exactly one document: upload it before publishing.",
  notPublished: "Publish the document template before activating it.",
  groupRequired: "Choose at least one group that may use the template.",
  inactive: "This template is not active.",
  notShared: "This template is not shared with a group in which you manage packages.",
  noDocuments: "Add at least one document template before activating the package template.",
  cannotSend: "A template cannot be sent: start a package from it instead.",
  cannotDelete: "A template's builder package cannot be deleted: delete the template instead.",
  groupsOnTemplate: "A template's groups are set on the template itself.",
  nothingToPublish: "Nothing changed since the last published version.",
  documentTemplatePublished: "Document template published.",
  templateActivated: "Template activated.",
  templateDeactivated: "Template deactivated.",
  templateDeleted: "Template deleted.",
  packageCreatedFromTemplate: "Package created from the template.",
  /** a slot the template has but the request gives no person for */
  personRequired: (slot: Slot) => `Give the name and contact of ${slotName(slot)}.`,
  unknownSlot: (slot: Slot) => `The template has no ${slotName(slot)}.`,
} as const;

const name = z
  .string()
  .trim()
  .min(1, "Name is required.")
  .max(200)
  .describe("The template's name, unique among the organization's templates of its kind (1–200 characters)");
const description = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .describe("What the template is for, shown to senders; null: none");
const groupIds = z
  .array(z.uuid())
  .max(500)
  .describe("The groups whose members (with MANAGE_DOCUMENTS_PACKAGES) may use the template");
const version = z.number().int().min(1).describe("The template's version last read (optimistic locking)");

export const templateSlotSchema = slotSchema
  .extend({
    displayName: z.string().describe("e.g. 'BORROWER 1'"),
    role: z
      .enum(PARTICIPANT_ROLES)
      .describe("SIGNER signs, VIEWER only views, COPY receives a copy when completed, PAPER signs on paper"),
    accessMethod: z
      .enum(PARTICIPANT_ACCESS_METHODS)
      .describe("How the slot's person gets their signing link by default: EMAIL, SMS or API"),
    language: participantLanguageSchema.describe(
      "The language the slot's person is served in (invitations, reminders, signing room); a package from the template starts with it",
    ),
  })
  .meta({ id: "TemplateSlot" });
export type TemplateSlot = z.infer<typeof templateSlotSchema>;

export const documentTemplateVersionSchema = z
  .object({
    number: z.number().int().describe("The version's number: 1 for the first published, then one more each time"),
    documentName: z.string().describe("The document's name in this version"),
    numPages: z.number().int().describe("Number of pages"),
    sha256: z.string().describe("SHA-256 (hex) of the document's PDF in this version"),
    slots: z
      .array(slotSchema.extend({ displayName: z.string().describe("e.g. 'BORROWER 1'") }))
      .describe("The participant slots the version's tags are for"),
    tagCount: z.number().int().describe("Number of tags placed on the document"),
    createdAt: recordCreatedAt,
    createdBy: ID.createdBy.nullable(),
  })
  .meta({ id: "DocumentTemplateVersion" });
export type DocumentTemplateVersion = z.infer<typeof documentTemplateVersionSchema>;

export const documentTemplateSchema = z
  .object({
    id: z.uuid().describe("The document template's id"),
    organizationId: ID.organizationId,
    name: z.string().describe("The template's name"),
    description: z.string().nullable().describe("What the template is for; null: none"),
    active: z.boolean().describe("Senders may add it to packages (only a published template can be active)"),
    packageId: ID.packageId.describe("The hidden builder package the template is edited in"),
    latestVersion: z.number().int().describe("The newest published version; 0 until published"),
    draftChanged: z.boolean().describe("The builder package changed since the newest published version"),
    groups: z.array(packageGroupRefSchema).describe("Groups whose members may use the template"),
    documentName: z.string().nullable().describe("The draft's document name; null until a document is uploaded"),
    numPages: z.number().int().nullable().describe("The draft document's pages; null until a document is uploaded"),
    slots: z.array(templateSlotSchema).describe("The participant slots of the draft"),
    tagCount: z.number().int().describe("Number of tags placed on the draft document"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    version: recordVersion,
  })
  .meta({ id: "DocumentTemplate" });
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

export const documentTemplateListSchema = pageSchema(documentTemplateSchema).meta({ id: "DocumentTemplateList" });
export type DocumentTemplateList = z.infer<typeof documentTemplateListSchema>;

export const documentTemplateVersionListSchema = pageSchema(documentTemplateVersionSchema).meta({
  id: "DocumentTemplateVersionList",
});
export type DocumentTemplateVersionList = z.infer<typeof documentTemplateVersionListSchema>;

export const packageTemplateDocumentSchema = z
  .object({
    documentId: ID.documentId,
    name: z.string().describe("The document's name"),
    sourceTemplateId: ID.sourceTemplateId
      .nullable()
      .describe("The document template it was added from; null: uploaded directly"),
    sourceTemplateName: z.string().nullable().describe("That document template's name; null: uploaded directly"),
    sourceTemplateVersion: z
      .number()
      .int()
      .nullable()
      .describe("The document template's version it was added at; null: uploaded directly"),
    latestVersion: z.number().int().nullable().describe("The document template's newest version, to offer an update"),
  })
  .meta({ id: "PackageTemplateDocument" });

export const packageTemplateSchema = z
  .object({
    id: z.uuid().describe("The package template's id"),
    organizationId: ID.organizationId,
    name: z.string().describe("The template's name"),
    description: z.string().nullable().describe("What the template is for; null: none"),
    active: z.boolean().describe("Senders may start packages from it"),
    packageId: ID.packageId.describe("The hidden builder package the template is edited in"),
    groups: z.array(packageGroupRefSchema).describe("Groups whose members may start packages from it"),
    slots: z.array(templateSlotSchema).describe("The participant slots a new package fills with people"),
    documents: z.array(packageTemplateDocumentSchema).describe("The template's documents, in order"),
    stipCount: z.number().int().describe("Number of files participants are asked to upload (stips)"),
    dataFieldCount: z.number().int().describe("Number of questions participants are asked"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    version: recordVersion,
  })
  .meta({ id: "PackageTemplate" });
export type PackageTemplate = z.infer<typeof packageTemplateSchema>;

export const packageTemplateListSchema = pageSchema(packageTemplateSchema).meta({ id: "PackageTemplateList" });
export type PackageTemplateList = z.infer<typeof packageTemplateListSchema>;

export const templateListQuerySchema = z.object({
  usable: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true")
    .describe("true: only active templates shared with a group in which the caller manages packages"),
});

export const createTemplateSchema = z
  .object({ name, description, groupIds: groupIds.default([]) })
  .meta({ id: "CreateTemplate" });
export type CreateTemplate = z.infer<typeof createTemplateSchema>;

export const updateTemplateSchema = z
  .object({ version, name: name.optional(), description, groupIds: groupIds.optional() })
  .meta({ id: "UpdateTemplate" });
export type UpdateTemplate = z.infer<typeof updateTemplateSchema>;

export const templateVersionBodySchema = z.object({ version }).meta({ id: "TemplateVersionBody" });

/** Save an existing package (or one of its documents) as a template. */
export const templateFromPackageSchema = z
  .object({
    packageId: ID.packageId,
    documentId: ID.documentId.optional().describe("Document templates: the document to take"),
    name,
    description,
    groupIds: groupIds.default([]),
  })
  .meta({ id: "TemplateFromPackage" });
export type TemplateFromPackage = z.infer<typeof templateFromPackageSchema>;

const personName = z.string().trim().max(100);
export const templatePersonSchema = slotSchema
  .extend({
    givenName: personName.min(1, "First name is required.").describe("The person's given (first) name"),
    middleName: personName.nullish().describe("The person's middle name; null: none"),
    familyName: personName.min(1, "Last name is required.").describe("The person's family (last) name"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email("Enter a valid email address."))
      .nullish()
      .describe("The person's email address (needed for EMAIL access)"),
    phoneNumber: phoneInputSchema.optional().describe("The person's mobile number (needed for SMS access)"),
    accessMethod: z
      .enum(PARTICIPANT_ACCESS_METHODS)
      .optional()
      .describe("How the person gets their signing link: EMAIL, SMS or API; default: the slot's"),
  })
  .meta({ id: "TemplatePerson" });
export type TemplatePerson = z.infer<typeof templatePersonSchema>;

export const packageFromTemplateSchema = z
  .object({
    name: z.string().trim().min(1).max(255).optional().describe("Default: the template's name"),
    groupIds: groupIds
      .min(1)
      .optional()
      .describe("Default: the template's groups in which the caller manages packages"),
    people: z.array(templatePersonSchema).max(100).describe("One person for every slot of the template"),
    customFields: z
      .array(
        z.object({
          customFieldId: ID.customFieldId,
          value: z.string().max(4000).nullable().describe("The value as text; null: none"),
        }),
      )
      .max(200)
      .default([])
      .describe("Package custom field values that replace the template's"),
  })
  .meta({ id: "PackageFromTemplate" });
export type PackageFromTemplate = z.infer<typeof packageFromTemplateSchema>;

export const documentFromTemplateSchema = z
  .object({ documentTemplateId: ID.documentTemplateId })
  .meta({ id: "DocumentFromTemplate" });
export type DocumentFromTemplate = z.infer<typeof documentFromTemplateSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const templateParams = orgParams.extend({ templateId: ID.templateId });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS", "MANAGE_DOCUMENTS_PACKAGES"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const docCommon = { base: "api", version: 1, auth: "user", tags: ["document-templates"] } as const;
const pkgCommon = { base: "api", version: 1, auth: "user", tags: ["package-templates"] } as const;
const DOC = "/organizations/:orgId/document-templates";
const PKG = "/organizations/:orgId/package-templates";

export const templateRoutes = {
  listDocumentTemplates: define({
    ...docCommon,
    method: "GET",
    path: DOC,
    permission: readers,
    summary:
      "Document templates: all of them for settings readers; with usable=true the active ones shared with a group in which the caller manages packages",
    params: orgParams,
    query: templateListQuerySchema,
    response: documentTemplateListSchema,
    status: 200,
  }),
  createDocumentTemplate: define({
    ...docCommon,
    method: "POST",
    path: DOC,
    permission: admins,
    summary: "A new, inactive document template with an empty builder package",
    params: orgParams,
    body: createTemplateSchema,
    response: documentTemplateSchema,
    status: 201,
  }),
  createDocumentTemplateFromPackage: define({
    ...docCommon,
    method: "POST",
    path: `${DOC}/from-package`,
    permission: admins,
    summary: "Save a document of a package (with its participants' slots, tags and rules) as a new document template",
    params: orgParams,
    body: templateFromPackageSchema,
    response: documentTemplateSchema,
    status: 201,
  }),
  getDocumentTemplate: define({
    ...docCommon,
    method: "GET",
    path: `${DOC}/:templateId`,
    permission: readers,
    summary: "One document template",
    params: templateParams,
    response: documentTemplateSchema,
    status: 200,
  }),
  updateDocumentTemplate: define({
    ...docCommon,
    method: "PUT",
    path: `${DOC}/:templateId`,
    permission: admins,
    summary: "Rename, describe or change the groups of a document template",
    params: templateParams,
    body: updateTemplateSchema,
    response: documentTemplateSchema,
    status: 200,
  }),
  deleteDocumentTemplate: define({
    ...docCommon,
    method: "DELETE",
    path: `${DOC}/:templateId`,
    permission: admins,
    summary: "Delete a document template (packages and package templates built from it keep their copies)",
    params: templateParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  publishDocumentTemplate: define({
    ...docCommon,
    method: "POST",
    path: `${DOC}/:templateId/publish`,
    permission: admins,
    summary: "Publish the builder package as the next immutable version",
    params: templateParams,
    body: templateVersionBodySchema,
    response: documentTemplateSchema,
    status: 200,
  }),
  activateDocumentTemplate: define({
    ...docCommon,
    method: "POST",
    path: `${DOC}/:templateId/activate`,
    permission: admins,
    summary: "Let members of the template's groups use it (needs a published version and a group)",
    params: templateParams,
    body: templateVersionBodySchema,
    response: documentTemplateSchema,
    status: 200,
  }),
  deactivateDocumentTemplate: define({
    ...docCommon,
    method: "POST",
    path: `${DOC}/:templateId/deactivate`,
    permission: admins,
    summary: "Stop offering the template (what was built from it is unchanged)",
    params: templateParams,
    body: templateVersionBodySchema,
    response: documentTemplateSchema,
    status: 200,
  }),
  listDocumentTemplateVersions: define({
    ...docCommon,
    method: "GET",
    path: `${DOC}/:templateId/versions`,
    permission: readers,
    summary: "The published versions, newest first",
    params: templateParams,
    response: documentTemplateVersionListSchema,
    status: 200,
  }),
  addDocumentFromTemplate: define({
    ...docCommon,
    // a documents call: the deepest versioned resource of the path decides (api-version.ts)
    version: 4,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/documents/from-template",
    permission: ["MANAGE_DOCUMENTS_PACKAGES", "MANAGE_ADMIN_SETTINGS"],
    summary:
      "Copy the newest version of a document template into an unsent package (or a package template), matching its slots to the package's participants by type and number and adding the missing ones",
    params: orgParams.extend({ packageId: ID.packageId }),
    body: documentFromTemplateSchema,
    response: documentSchema,
    status: 201,
  }),
  listPackageTemplates: define({
    ...pkgCommon,
    method: "GET",
    path: PKG,
    permission: readers,
    summary:
      "Package templates: all of them for settings readers; with usable=true the active ones shared with a group in which the caller manages packages",
    params: orgParams,
    query: templateListQuerySchema,
    response: packageTemplateListSchema,
    status: 200,
  }),
  createPackageTemplate: define({
    ...pkgCommon,
    method: "POST",
    path: PKG,
    permission: admins,
    summary: "A new, inactive package template with an empty builder package",
    params: orgParams,
    body: createTemplateSchema,
    response: packageTemplateSchema,
    status: 201,
  }),
  createPackageTemplateFromPackage: define({
    ...pkgCommon,
    method: "POST",
    path: `${PKG}/from-package`,
    permission: admins,
    summary: "Save a package (participants as slots, documents, tags, questions, uploads, invitation) as a template",
    params: orgParams,
    body: templateFromPackageSchema,
    response: packageTemplateSchema,
    status: 201,
  }),
  getPackageTemplate: define({
    ...pkgCommon,
    method: "GET",
    path: `${PKG}/:templateId`,
    permission: readers,
    summary: "One package template",
    params: templateParams,
    response: packageTemplateSchema,
    status: 200,
  }),
  updatePackageTemplate: define({
    ...pkgCommon,
    method: "PUT",
    path: `${PKG}/:templateId`,
    permission: admins,
    summary: "Rename, describe or change the groups of a package template",
    params: templateParams,
    body: updateTemplateSchema,
    response: packageTemplateSchema,
    status: 200,
  }),
  deletePackageTemplate: define({
    ...pkgCommon,
    method: "DELETE",
    path: `${PKG}/:templateId`,
    permission: admins,
    summary: "Delete a package template (packages started from it are unchanged)",
    params: templateParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  activatePackageTemplate: define({
    ...pkgCommon,
    method: "POST",
    path: `${PKG}/:templateId/activate`,
    permission: admins,
    summary: "Let members of the template's groups start packages from it (needs a document and a group)",
    params: templateParams,
    body: templateVersionBodySchema,
    response: packageTemplateSchema,
    status: 200,
  }),
  deactivatePackageTemplate: define({
    ...pkgCommon,
    method: "POST",
    path: `${PKG}/:templateId/deactivate`,
    permission: admins,
    summary: "Stop offering the template",
    params: templateParams,
    body: templateVersionBodySchema,
    response: packageTemplateSchema,
    status: 200,
  }),
  createPackageFromTemplate: define({
    ...pkgCommon,
    // a packages call: the deepest versioned resource of the path decides (api-version.ts)
    version: 9,
    method: "POST",
    path: `${PKG}/:templateId/packages`,
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary:
      "New package from template: an ordinary STARTED package with everything filled in from the template and the people given for its slots",
    params: templateParams,
    body: packageFromTemplateSchema,
    response: packageSchema,
    status: 201,
  }),
} as const;
