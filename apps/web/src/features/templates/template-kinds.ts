import { type DocumentTemplate, type PackageTemplate, templateRoutes } from "@signet/contract";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import type { TemplateSortField } from "./template-search.ts";

export type TemplateKind = "document" | "package";
export type AnyTemplate = DocumentTemplate | PackageTemplate;

export const isDocumentTemplate = (template: AnyTemplate): template is DocumentTemplate => "latestVersion" in template;

/** What differs between the two kinds of template on the settings pages. */
export const TEMPLATE_KIND_INFO = {
  document: {
    title: "Document templates",
    noun: "document template",
    listTo: "/settings/document-templates",
    editTo: "/settings/document-templates/$templateId",
    empty:
      "A document template is a document prepared once — its participant slots such as Borrower 1, its tags and rules — that senders add to a package in one click. Published versions never change packages already built from them.",
  },
  package: {
    title: "Package templates",
    noun: "package template",
    listTo: "/settings/package-templates",
    editTo: "/settings/package-templates/$templateId",
    empty:
      "A package template holds a whole package — participant slots, document templates, signer uploads and the invitation — so that a sender only types the people's names and contacts to start one.",
  },
} as const;

/** The API calls of one kind, with one signature. */
export const templateApi = {
  create: (kind: TemplateKind, orgId: string, body: { name: string; description?: string | null }) =>
    kind === "document"
      ? api(templateRoutes.createDocumentTemplate, { params: { orgId }, body, passThrough: true })
      : api(templateRoutes.createPackageTemplate, { params: { orgId }, body, passThrough: true }),
  update: (
    kind: TemplateKind,
    orgId: string,
    templateId: string,
    body: { version: number; name?: string; description?: string | null; groupIds?: string[] },
  ) =>
    kind === "document"
      ? api(templateRoutes.updateDocumentTemplate, { params: { orgId, templateId }, body, passThrough: true })
      : api(templateRoutes.updatePackageTemplate, { params: { orgId, templateId }, body, passThrough: true }),
  activate: (kind: TemplateKind, orgId: string, templateId: string, version: number) =>
    kind === "document"
      ? api(templateRoutes.activateDocumentTemplate, {
          params: { orgId, templateId },
          body: { version },
          passThrough: true,
        })
      : api(templateRoutes.activatePackageTemplate, {
          params: { orgId, templateId },
          body: { version },
          passThrough: true,
        }),
  deactivate: (kind: TemplateKind, orgId: string, templateId: string, version: number) =>
    kind === "document"
      ? api(templateRoutes.deactivateDocumentTemplate, {
          params: { orgId, templateId },
          body: { version },
          passThrough: true,
        })
      : api(templateRoutes.deactivatePackageTemplate, {
          params: { orgId, templateId },
          body: { version },
          passThrough: true,
        }),
  remove: (kind: TemplateKind, orgId: string, templateId: string, version: number) =>
    kind === "document"
      ? api(templateRoutes.deleteDocumentTemplate, {
          params: { orgId, templateId },
          query: { version },
          passThrough: true,
        })
      : api(templateRoutes.deletePackageTemplate, {
          params: { orgId, templateId },
          query: { version },
          passThrough: true,
        }),
  publish: (orgId: string, templateId: string, version: number) =>
    api(templateRoutes.publishDocumentTemplate, {
      params: { orgId, templateId },
      body: { version },
      passThrough: true,
    }),
};

/** The list sorted and cut to one page, as a server would (the API answers every template at once). */
export function sortedPage<T extends { name: string; active: boolean; lastUpdatedAt: string }>(
  records: readonly T[],
  sortBy: TemplateSortField,
  direction: "asc" | "desc",
  pageNumber: number,
  pageSize: number,
): T[] {
  const key = (record: T) =>
    sortBy === "name"
      ? record.name.toLowerCase()
      : sortBy === "status"
        ? record.active
          ? "0"
          : "1"
        : record.lastUpdatedAt;
  const sorted = [...records].sort((a, b) => {
    const order = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.name.localeCompare(b.name);
    return direction === "asc" ? order : -order;
  });
  return sorted.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
}

/** The organization the template pages show: the session's, or the one a support user opened. */
export function useTemplateOrganization(org: string | undefined): {
  organizationId: string;
  other: string | undefined;
} {
  const user = useSessionUser();
  const other = user?.supportUser && org && org !== user.organizationId ? org : undefined;
  return { organizationId: other ?? user?.organizationId ?? "", other };
}
