import {
  type Document,
  type DocumentTemplate,
  fillPath,
  type Participant,
  type ParticipantLanguage,
  type RouteDef,
  routes,
  routeUrl,
  type Tag,
} from "@signet/contract";
import { fixturePdf, upload } from "./document-upload.ts";
import type { HttpClient } from "./http-client.ts";

// Fixtures of the template suites (issue 13 §3–§4): paths of one organization's template and
// package routes, and a document template built in its builder package and published.

export type Reply<T> = { status: number; body: T & { message: string; details?: { path: string; message: string }[] } };
export const call = <T>(client: HttpClient, method: string, path: string, json?: unknown) =>
  client.request<T>(method, path, json === undefined ? {} : { json }) as Promise<Reply<T>>;

export function templatePaths(orgId: string) {
  const at = (route: RouteDef, params: Record<string, string> = {}) => fillPath(routeUrl(route), { orgId, ...params });
  const pkg = (route: RouteDef, packageId: string, extra: Record<string, string> = {}) =>
    at(route, { packageId, ...extra });
  return {
    at,
    documentTemplates: at(routes.listDocumentTemplates),
    usableDocumentTemplates: `${at(routes.listDocumentTemplates)}?usable=true`,
    documentTemplate: (templateId: string) => at(routes.getDocumentTemplate, { templateId }),
    documentTemplateFromPackage: at(routes.createDocumentTemplateFromPackage),
    publish: (templateId: string) => at(routes.publishDocumentTemplate, { templateId }),
    activate: (templateId: string) => at(routes.activateDocumentTemplate, { templateId }),
    deactivate: (templateId: string) => at(routes.deactivateDocumentTemplate, { templateId }),
    versions: (templateId: string) => at(routes.listDocumentTemplateVersions, { templateId }),
    fromTemplate: (packageId: string) => pkg(routes.addDocumentFromTemplate, packageId),
    packageTemplates: at(routes.listPackageTemplates),
    usablePackageTemplates: `${at(routes.listPackageTemplates)}?usable=true`,
    packageTemplate: (templateId: string) => at(routes.getPackageTemplate, { templateId }),
    packageTemplateFromPackage: at(routes.createPackageTemplateFromPackage),
    activatePackageTemplate: (templateId: string) => at(routes.activatePackageTemplate, { templateId }),
    deactivatePackageTemplate: (templateId: string) => at(routes.deactivatePackageTemplate, { templateId }),
    packageFromTemplate: (templateId: string) => at(routes.createPackageFromTemplate, { templateId }),
    // the ordinary package routes, which also edit a template's builder package
    package: (packageId: string) => pkg(routes.getPackage, packageId),
    participants: (packageId: string) => pkg(routes.listParticipants, packageId),
    documents: (packageId: string) => pkg(routes.listDocuments, packageId),
    documentTags: (packageId: string, documentId: string) => pkg(routes.listDocumentTags, packageId, { documentId }),
    rules: (packageId: string) => pkg(routes.listConditionalRules, packageId),
    stips: (packageId: string) => pkg(routes.listStips, packageId),
    dataGroups: (packageId: string) => pkg(routes.listDataCollectionGroups, packageId),
    dataFields: (packageId: string) => pkg(routes.listDataCollectionFields, packageId),
    send: (packageId: string) => pkg(routes.sendPackage, packageId),
    packageGroups: (packageId: string) => pkg(routes.setPackageGroups, packageId),
    workspace: at(routes.listWorkspacePackages),
  };
}
export type TemplatePaths = ReturnType<typeof templatePaths>;

export async function ok<T>(reply: Promise<Reply<T>>, status: number, what: string): Promise<T> {
  const answered = await reply;
  if (answered.status !== status) throw new Error(`${what}: ${answered.status} ${JSON.stringify(answered.body)}`);
  return answered.body;
}

export const tagAt = (participantId: string, type: Tag["type"], y: number, extra: object = {}) => ({
  participantId,
  type,
  page: 1,
  x: 72,
  y,
  width: 160,
  height: 24,
  ...extra,
});

/**
 * A published document template: BORROWER 1 and BORROWER 2 slots (no contacts), one real-world
 * PDF, a signature and an initials tag for BORROWER 1 and a signature for BORROWER 2, a checkbox
 * of BORROWER 1 that shows a text tag (a conditional rule). Activated with the given groups.
 */
export async function publishedDocumentTemplate(
  admin: HttpClient,
  paths: TemplatePaths,
  input: {
    name: string;
    groupIds: string[];
    pdf?: string;
    activate?: boolean;
    borrower2Language?: ParticipantLanguage;
  },
) {
  let template = await ok(
    call<DocumentTemplate>(admin, "POST", paths.documentTemplates, { name: input.name, groupIds: input.groupIds }),
    201,
    "create document template",
  );
  const packageId = template.packageId;
  const borrower1 = await ok(
    call<Participant>(admin, "POST", paths.participants(packageId), { type: "Borrower" }),
    201,
    "slot BORROWER 1",
  );
  const borrower2 = await ok(
    call<Participant>(admin, "POST", paths.participants(packageId), {
      type: "Borrower",
      language: input.borrower2Language ?? "en",
    }),
    201,
    "slot BORROWER 2",
  );
  const uploaded = await upload(admin, paths.documents(packageId), fixturePdf(input.pdf ?? "pdflatex-4-pages.pdf"), {
    fileName: `${input.name}.pdf`,
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const document: Document = uploaded.body;
  const tags = paths.documentTags(packageId, document.id);
  await ok(call<Tag>(admin, "POST", tags, tagAt(borrower1.id, "SIGNATURE", 600)), 201, "signature tag");
  await ok(call<Tag>(admin, "POST", tags, tagAt(borrower1.id, "INITIALS", 650)), 201, "initials tag");
  await ok(call<Tag>(admin, "POST", tags, tagAt(borrower2.id, "SIGNATURE", 700)), 201, "signature tag 2");
  const checkbox = await ok(
    call<Tag>(admin, "POST", tags, tagAt(borrower1.id, "CHECKBOX", 500, { required: false })),
    201,
    "checkbox",
  );
  const text = await ok(
    call<Tag>(admin, "POST", tags, tagAt(borrower1.id, "TEXT", 520, { required: false, label: "Reason" })),
    201,
    "text",
  );
  await ok(
    call(admin, "POST", paths.rules(packageId), { sourceTagId: checkbox.id, targetTagId: text.id, action: "SHOW" }),
    201,
    "rule",
  );
  template = await ok(
    call<DocumentTemplate>(admin, "POST", paths.publish(template.id), { version: template.version }),
    200,
    "publish",
  );
  if (input.activate !== false) {
    template = await ok(
      call<DocumentTemplate>(admin, "POST", paths.activate(template.id), { version: template.version }),
      200,
      "activate",
    );
  }
  return { template, document, borrower1, borrower2 };
}
