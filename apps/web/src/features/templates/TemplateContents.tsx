import { Badge, Group, List, Skeleton, Text } from "@mantine/core";
import type { DocumentTemplateVersion, PackageTemplate, TemplateSlot } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../api/api-error.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { formatDateTime } from "../access/format.ts";
import { templateQueries } from "./template-queries.ts";

// What a template holds, read only: its participant slots, a package template's documents and a
// document template's published versions.

export function TemplateSlots(props: { slots: readonly TemplateSlot[] }) {
  return (
    <FormSection
      title="Participant slots"
      description="Names and contacts are asked when a package is built from the template."
    >
      {props.slots.length === 0 ? (
        <Text size="sm" c="dimmed">
          No participant slot yet: add them in the builder.
        </Text>
      ) : (
        <List size="sm">
          {props.slots.map((slot) => (
            <List.Item key={`${slot.type}#${slot.roleNumber}`}>{slot.displayName}</List.Item>
          ))}
        </List>
      )}
    </FormSection>
  );
}

type TemplateDocument = PackageTemplate["documents"][number];

const documentColumns: Column<TemplateDocument>[] = [
  { key: "document", label: "Document", render: (entry) => entry.name },
  {
    key: "from",
    label: "From",
    render: (entry) =>
      entry.sourceTemplateName
        ? `${entry.sourceTemplateName}, version ${entry.sourceTemplateVersion ?? "?"}${
            entry.latestVersion && entry.sourceTemplateVersion && entry.latestVersion > entry.sourceTemplateVersion
              ? ` (version ${entry.latestVersion} is available)`
              : ""
          }`
        : "Uploaded",
  },
];

export function TemplateDocuments(props: { documents: TemplateDocument[] }) {
  return (
    <FormSection title="Documents" description="Copied from document templates; each keeps the version it came from.">
      {props.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document yet: add document templates in the builder's step 2.
        </Text>
      ) : (
        <DataTable
          label="Documents of the template"
          columns={documentColumns}
          rows={props.documents}
          rowKey={(entry) => entry.documentId}
          empty={null}
          framed={false}
          minWidth={480}
        />
      )}
    </FormSection>
  );
}

export function TemplateVersions(props: { organizationId: string; templateId: string; latest: number }) {
  const versions = useQuery(templateQueries.documentTemplateVersions(props.organizationId, props.templateId));
  const columns: Column<DocumentTemplateVersion>[] = [
    {
      key: "version",
      label: "Version",
      render: (version) => (
        <Group gap="xs">
          {version.number}
          {version.number === props.latest && (
            <Badge size="sm" variant="light">
              Latest
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "document", label: "Document", render: (version) => `${version.documentName}, ${version.numPages} pages` },
    {
      key: "slots",
      label: "Participant slots",
      render: (version) => version.slots.map((slot) => slot.displayName).join(", "),
    },
    { key: "tags", label: "Tags", render: (version) => version.tagCount },
    { key: "published", label: "Published", render: (version) => formatDateTime(version.createdAt) },
  ];
  return (
    <FormSection
      title="Versions"
      description="Each published version is kept as it was: packages built from it never change."
    >
      {versions.isPending ? (
        <Skeleton height={60} />
      ) : versions.isError ? (
        <Text size="sm" c="red">
          The versions could not be loaded. {errorMessage(versions.error)}
        </Text>
      ) : versions.data.records.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not published yet: publish it for senders to use it.
        </Text>
      ) : (
        <DataTable
          label="Published versions"
          columns={columns}
          rows={versions.data.records}
          rowKey={(version) => String(version.number)}
          empty={null}
          framed={false}
        />
      )}
    </FormSection>
  );
}
