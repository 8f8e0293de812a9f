import { Stack, Text, Tooltip } from "@mantine/core";
import { type Document, documentRoutes, EXECUTION_TYPE_LABELS, fillPath, routeUrl } from "@signet/contract";
import { useState } from "react";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { TechnicalDetailsToggle } from "../../../components/TechnicalDetailsToggle.tsx";
import { NOT_GRANTED_REASON } from "../../closing-centers/use-closing-center-grants.ts";

/**
 * A package's documents on its page, each a download link unless a closing center's share withholds
 * downloads (issue 16 §3); its fingerprint only under "Technical details".
 */
export function PackageDocumentsTable(props: {
  organizationId: string;
  packageId: string;
  documents: Document[] | undefined;
  error: string | null;
  mayDownload: boolean;
}) {
  const [technical, setTechnical] = useState(false);
  const columns: Column<Document>[] = [
    {
      key: "document",
      label: "Document",
      render: (document) => (
        <>
          {props.mayDownload ? (
            <a
              href={fillPath(routeUrl(documentRoutes.downloadDocument), {
                orgId: props.organizationId,
                packageId: props.packageId,
                documentId: document.id,
              })}
            >
              {document.name}
            </a>
          ) : (
            <Tooltip label={NOT_GRANTED_REASON}>
              <Text span size="sm" tabIndex={0}>
                {document.name}
              </Text>
            </Tooltip>
          )}
          {document.format === "SMART_DOC" ? (
            <Text size="xs" c="dimmed">
              eNote (SMART Doc){document.eNoteMin ? `, MIN ${document.eNoteMin}` : ""}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: "execution", label: "Execution", render: (document) => EXECUTION_TYPE_LABELS[document.executionType] },
    { key: "pages", label: "Pages", render: (document) => document.numPages },
  ];
  if (technical) {
    columns.push({
      key: "sha256",
      label: "Fingerprint (SHA-256)",
      render: (document) => (
        <Text size="xs" ff="monospace" title={document.sha256}>
          {document.sha256.slice(0, 16)}…
        </Text>
      ),
    });
  }
  return (
    <Stack gap="xs">
      <DataTable
        label="Documents"
        columns={columns}
        rows={props.documents}
        rowKey={(document) => document.id}
        empty="No documents yet."
        error={props.error}
        framed={false}
      />
      {props.documents && props.documents.length > 0 && (
        <div>
          <TechnicalDetailsToggle shown={technical} onChange={setTechnical} />
        </div>
      )}
    </Stack>
  );
}
