import type { Package } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { templateQueries } from "./template-queries.ts";

export interface TemplateOfPackage {
  kind: "DOCUMENT_TEMPLATE" | "PACKAGE_TEMPLATE";
  /** "document template" / "package template", for sentences */
  noun: string;
  id: string | null;
  name: string | null;
  /** the template's settings page */
  to: "/settings/document-templates/$templateId" | "/settings/package-templates/$templateId";
  listTo: "/settings/document-templates" | "/settings/package-templates";
}

/** The template a builder package belongs to (a template's hidden package knows only its kind). */
export function useTemplateOfPackage(organizationId: string, pkg: Package): TemplateOfPackage | null {
  const kind = pkg.templateKind;
  const documents = useQuery({
    ...templateQueries.documentTemplates(organizationId),
    enabled: kind === "DOCUMENT_TEMPLATE",
  });
  const packages = useQuery({
    ...templateQueries.packageTemplates(organizationId),
    enabled: kind === "PACKAGE_TEMPLATE",
  });
  if (kind === null) return null;
  const records = kind === "DOCUMENT_TEMPLATE" ? documents.data?.records : packages.data?.records;
  const template = (records ?? []).find((record) => record.packageId === pkg.id) ?? null;
  return kind === "DOCUMENT_TEMPLATE"
    ? {
        kind,
        noun: "document template",
        id: template?.id ?? null,
        name: template?.name ?? null,
        to: "/settings/document-templates/$templateId",
        listTo: "/settings/document-templates",
      }
    : {
        kind,
        noun: "package template",
        id: template?.id ?? null,
        name: template?.name ?? null,
        to: "/settings/package-templates/$templateId",
        listTo: "/settings/package-templates",
      };
}
