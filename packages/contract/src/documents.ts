import { z } from "zod";
import { LIMITS } from "./constants.ts";
import { DOCUMENT_MESSAGES, EXECUTION_TYPES, executionTypeSchema, maxUploadLabel } from "./document-rules.ts";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordCreatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Documents of a package (spec §3 Document, §5 upload rules, §7 documents v4, §8 messages).
// The pure rules (execution types, unique names, upload size label) are in document-rules.ts.

export const DOCUMENT_API_MESSAGES = {
  /** a document that does not exist in this package (or a package the caller cannot see) */
  documentNotFound: "Document/package/organization not found.",
  /** a file that is a PDF by its first bytes but cannot be read through (truncated, damaged) */
  damagedPdf:
    "Upload failed. This PDF is damaged or incomplete and cannot be read. Open it, save it as a new PDF and upload that file.",
  /** an encrypted (password-protected) PDF is refused before anything is kept */
  passwordProtected: "Upload failed. Password-protected PDFs are not supported.",
  /** the multipart body has no file part named 'contents' */
  fileRequired: "Upload failed. Attach the file as the multipart part 'contents'.",
  /** the documentProperties part is not JSON of the documented shape */
  invalidProperties: "Upload failed. documentProperties must be JSON: {name?, executionType?}.",
  /** documents-order must name every document of the package exactly once */
  orderMustListEveryDocument: "The order must list every document of the package exactly once.",
  /** spec §8: documents-order for a package that has none */
  noDocumentInPackage: "No document found for current package.",
  documentDeleted: "Document deleted.",
  /** issue 10 §3: intake found scripts or actions in the PDF and could not take them out safely */
  activeContentNotRemovable:
    "Upload failed. This PDF contains scripts or actions that could not be removed. Save it as a new PDF (for example with Print to PDF) and upload it again.",
  /** a dynamic XFA form: its pages are drawn by the form's scripts, so nothing is left once they are removed */
  dynamicXfaForm:
    "Upload failed. This PDF is a dynamic XFA form whose pages are drawn by scripts. Save it as a flat PDF (for example with Print to PDF) and upload it again.",
  /** issue 15 §5 (spec §8 Smart Doc): an eNote that fails validation; the details list every failure */
  smartDocErrors: "SMARTDoc eNote error(s)",
  eNoteNotInTemplates:
    "A SMART Doc eNote belongs to one loan and cannot be part of a template; upload it to the package.",
  /** an XML upload while the organization's Smart Doc feature is off */
  smartDocNotEnabled:
    "Upload failed. SMART Doc eNotes (XML) are not enabled for this organization: upload a PDF, or ask a support user to enable Smart Doc.",
  /** a package holds at most one eNote (the one promissory note whose control is transferred) */
  oneENotePerPackage: "Upload failed. This package already has an eNote: a package holds one eNote.",
  /** tags of an eNote are its borrower signature areas, made at upload */
  eNoteTagsFixed: "The eNote's signature areas are fixed by the eNote: its tags cannot be added, moved or removed.",
} as const;

/**
 * Issue 10 §3: what intake removes from an uploaded PDF, as recorded on the stored file. OpenAction:
 * an action run when the file opens; AA: additional actions (run on page open, focus, keystroke…);
 * JavaScript: the document's scripts or a JavaScript action; XFA: the XFA form packet and its
 * scripts; URI: a link to a local file or a script URL; the others are actions of that type.
 */
export const ACTIVE_CONTENT_KINDS = [
  "OpenAction",
  "AA",
  "JavaScript",
  "Launch",
  "SubmitForm",
  "ImportData",
  "GoToE",
  "GoToR",
  "Rendition",
  "RichMediaExecute",
  "Movie",
  "Sound",
  "URI",
  "XFA",
] as const;
export type ActiveContentKind = (typeof ACTIVE_CONTENT_KINDS)[number];

/** What an upload is turned into: a PDF (or, for a SMART Doc eNote, its XML as uploaded). */
export const DOCUMENT_CONTENT_TYPE = "application/pdf";
export const SMART_DOC_CONTENT_TYPE = "application/xml";
/** Issue 15 §5: a PDF, or a MISMO SMART Doc eNote (docs/guide/smart-doc-enote.md). */
export const DOCUMENT_FORMATS = ["PDF", "SMART_DOC"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** What an upload may be: a PDF, or a PNG/JPEG image converted to a one-page PDF. */
export const DOCUMENT_UPLOAD_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

export const executionTypeEnumSchema = z.enum(EXECUTION_TYPES).describe("E_SIGN, VIEW_ONLY or PAPER");

export const documentSchema = z
  .object({
    id: z.uuid().describe("The document's id"),
    packageId: ID.packageId,
    name: z.string().describe("Unique in the package (case-insensitive)"),
    executionType: executionTypeEnumSchema,
    orderSequence: z.number().int().describe("Position in the package, 1 first"),
    contentType: z
      .enum([DOCUMENT_CONTENT_TYPE, SMART_DOC_CONTENT_TYPE])
      .describe("application/pdf (images are converted on upload), or application/xml for a SMART Doc eNote"),
    format: z
      .enum(DOCUMENT_FORMATS)
      .describe("PDF, or SMART_DOC: a MISMO SMART Doc eNote (XML), accepted when the organization has Smart Doc"),
    eNoteMin: z.string().nullable().describe("SMART_DOC: the eNote's MERS MIN (18 digits); else null"),
    sizeBytes: z.number().int().describe("Size of the stored PDF"),
    sha256: z.string().describe("Hex SHA-256 of the stored PDF (what the download returns)"),
    originalSha256: z
      .string()
      .nullable()
      .describe("Hex SHA-256 of the file as uploaded, when intake changed it (active content removed); else null"),
    activeContentRemoved: z
      .array(z.string())
      .describe(
        `What intake removed from the uploaded PDF (one of ${ACTIVE_CONTENT_KINDS.join(", ")}); empty when nothing`,
      ),
    numPages: z.number().int().describe("Number of pages"),
    originalFileName: z.string().describe("The uploaded file's name"),
    uploadedBy: ID.uploadedBy.nullable().describe("The id of the user who uploaded the document; null when unknown"),
    createdAt: recordCreatedAt,
    version: z.number().int().describe("Send back on update and delete (optimistic locking)"),
  })
  .meta({ id: "Document" });
export type Document = z.infer<typeof documentSchema>;

export const documentListSchema = pageSchema(documentSchema)
  .describe("Every document of the package in order")
  .meta({ id: "DocumentList" });
export type DocumentList = z.infer<typeof documentListSchema>;

const documentName = z.string().trim().min(1, "Name is required").max(255);

/** The optional multipart part `documentProperties` (JSON) of an upload. */
export const documentPropertiesSchema = z
  .object({
    name: documentName.optional().describe("Default: the file name without its extension"),
    executionType: executionTypeSchema.optional().describe("Default E_SIGN; the labels (E-Sign…) are accepted"),
  })
  .meta({ id: "DocumentProperties" });
export type DocumentProperties = z.infer<typeof documentPropertiesSchema>;

export const updateDocumentSchema = z
  .object({
    version: z.number().int().min(1).describe("The document's version"),
    name: documentName.optional().describe("The document's name (1–255 characters); leave out to keep"),
    executionType: executionTypeSchema
      .optional()
      .describe(
        "How participants execute it: E_SIGN, VIEW_ONLY or PAPER (the labels E-Sign… are accepted); leave out to keep",
      ),
    confirmTagRemoval: z
      .boolean()
      .default(false)
      .describe(
        "Required (true) when changing from E_SIGN to VIEW_ONLY or PAPER deletes tags; otherwise 409 CONFIRMATION_REQUIRED",
      ),
  })
  .meta({ id: "UpdateDocument" });
export type UpdateDocument = z.infer<typeof updateDocumentSchema>;

export const documentsOrderSchema = z
  .object({
    documentIds: z.array(z.uuid()).max(500).describe("Every document of the package once, first to last"),
    version: z.number().int().min(1).describe("The package's version"),
  })
  .meta({ id: "DocumentsOrder" });
export type DocumentsOrder = z.infer<typeof documentsOrderSchema>;

export const documentNumPagesSchema = z
  .object({ numPages: z.number().int().describe("Number of pages of the document") })
  .describe("Pages of the stored PDF")
  .meta({ id: "DocumentNumPages" });
export type DocumentNumPages = z.infer<typeof documentNumPagesSchema>;

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const documentParams = packageParams.extend({ documentId: ID.documentId });

export const documentRoutes = {
  listDocuments: define({
    method: "GET",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The documents of a package, in order",
    tags: ["documents"],
    params: packageParams,
    response: documentListSchema,
    status: 200,
  }),
  uploadDocument: define({
    method: "POST",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: `Upload a document (multipart/form-data: file part 'contents', optional JSON part 'documentProperties' {name?, executionType?}). PDF, PNG or JPEG (converted to a one-page PDF), at most ${maxUploadLabel(LIMITS.maxUploadBytes)} by default; otherwise 413 '${DOCUMENT_MESSAGES.uploadTooLarge}' or 415 '${DOCUMENT_MESSAGES.uploadUnsupported}'`,
    tags: ["documents"],
    params: packageParams,
    multipart: z
      .object({
        contents: z.file().describe("The PDF, PNG or JPEG file"),
        documentProperties: documentPropertiesSchema.optional().describe("JSON text (a part without a file name)"),
      })
      .meta({ id: "DocumentUpload" }),
    response: documentSchema,
    status: 201,
  }),
  getDocument: define({
    method: "GET",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "One document",
    tags: ["documents"],
    params: documentParams,
    response: documentSchema,
    status: 200,
  }),
  updateDocument: define({
    method: "PATCH",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Rename a document or change its execution type (package not sent)",
    tags: ["documents"],
    params: documentParams,
    body: updateDocumentSchema,
    response: documentSchema,
    status: 200,
  }),
  deleteDocument: define({
    method: "DELETE",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: `Delete a document and its file (404 '${DOCUMENT_MESSAGES.deleteNotFound}' when either is gone)`,
    tags: ["documents"],
    params: documentParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  downloadDocument: define({
    method: "GET",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId/file",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Download the stored PDF (application/pdf, as an attachment)",
    tags: ["documents"],
    params: documentParams,
    produces: "application/pdf",
    response: null,
    status: 200,
  }),
  documentNumPages: define({
    method: "GET",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents/:documentId/num-pages",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "How many pages the document has",
    tags: ["documents"],
    params: documentParams,
    response: documentNumPagesSchema,
    status: 200,
  }),
  setDocumentsOrder: define({
    method: "PUT",
    base: "api",
    version: 4,
    path: "/organizations/:orgId/packages/:packageId/documents-order",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Set the order of the package's documents (every document once), at the package's version",
    tags: ["documents"],
    params: packageParams,
    body: documentsOrderSchema,
    response: documentListSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
