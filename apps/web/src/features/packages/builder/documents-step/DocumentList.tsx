import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import {
  DOCUMENT_MESSAGES,
  type Document,
  documentRoutes,
  EXECUTION_TYPE_LABELS,
  EXECUTION_TYPES,
  type ExecutionType,
} from "@signet/contract";
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { toastError } from "../../../../components/toast.ts";
import { invalidatePackage, packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { withTagRemovalConfirmation } from "./confirm-tag-removal.ts";
import { eNoteLabel } from "./ENoteDocument.tsx";

const EXECUTION_OPTIONS = EXECUTION_TYPES.map((type) => ({ value: type, label: EXECUTION_TYPE_LABELS[type] }));

/** The package's documents in order: rename, execution type, move up or down, delete. */
export function DocumentList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const { organizationId, packageId, readOnly, track, pkg } = useBuilder();
  const client = useQueryClient();
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const params = { orgId: organizationId, packageId };
  const refresh = () => invalidatePackage(client, organizationId, packageId);

  async function change(work: () => Promise<unknown>) {
    try {
      await track(work());
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      await refresh();
    }
  }

  const setType = (document: Document, executionType: ExecutionType) =>
    change(() =>
      withTagRemovalConfirmation((confirmTagRemoval) =>
        api(documentRoutes.updateDocument, {
          params: { ...params, documentId: document.id },
          body: { version: document.version, executionType, confirmTagRemoval },
          passThrough: true,
        }),
      ),
    );

  const rename = (document: Document, name: string) => {
    if (name.trim() === "" || name.trim() === document.name) return;
    void change(() =>
      api(documentRoutes.updateDocument, {
        params: { ...params, documentId: document.id },
        body: { version: document.version, name },
        passThrough: true,
      }),
    );
  };

  const remove = async (document: Document) => {
    const ok = await openConfirmDialog({
      title: "Delete document",
      message: `Delete '${document.name}' with its tags? This cannot be undone.`,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (ok) {
      await change(() =>
        api(documentRoutes.deleteDocument, {
          params: { ...params, documentId: document.id },
          query: { version: document.version },
          passThrough: true,
        }),
      );
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = (documents.data?.records ?? []).map((document) => document.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void change(() =>
      api(documentRoutes.setDocumentsOrder, {
        params,
        body: { documentIds: ids, version: pkg.version },
        passThrough: true,
      }),
    );
  };

  const records = documents.data?.records ?? [];
  if (records.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No documents yet. Upload the package's documents above.
      </Text>
    );
  }
  return (
    <Stack gap="xs" aria-label="Documents">
      {records.map((document, index) => (
        <Paper
          key={document.id}
          withBorder
          p="xs"
          data-testid="document-row"
          style={{ borderColor: selectedId === document.id ? "var(--mantine-color-blue-6)" : undefined }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
              <Badge variant="light" circle>
                {index + 1}
              </Badge>
              <DocumentName document={document} readOnly={readOnly} onRename={(name) => rename(document, name)} />
              <Text size="xs" c="dimmed">
                {document.format === "SMART_DOC"
                  ? eNoteLabel(document)
                  : `${document.numPages} ${document.numPages === 1 ? "page" : "pages"}`}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <Select
                aria-label={`Execution type of ${document.name}`}
                data={EXECUTION_OPTIONS}
                value={document.executionType}
                disabled={readOnly}
                allowDeselect={false}
                onChange={(value) => value && void setType(document, value as ExecutionType)}
                w={130}
                size="xs"
              />
              <Tooltip label={`Place tags on ${document.name}`}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Place tags on ${document.name}`}
                  disabled={document.executionType !== "E_SIGN"}
                  onClick={() => onSelect(document.id)}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={`Move ${document.name} up`}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${document.name} up`}
                  disabled={readOnly || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={`Move ${document.name} down`}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${document.name} down`}
                  disabled={readOnly || index === records.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={`Delete ${document.name}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${document.name}`}
                  disabled={readOnly}
                  onClick={() => void remove(document)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
      <Text size="xs" c="dimmed">
        {DOCUMENT_MESSAGES.nameMustBeUnique} within the package.
      </Text>
    </Stack>
  );
}

function DocumentName(props: { document: Document; readOnly: boolean; onRename: (name: string) => void }) {
  const [name, setName] = useState(props.document.name);
  return (
    <TextInput
      aria-label={`Name of ${props.document.name}`}
      value={name}
      readOnly={props.readOnly}
      size="xs"
      variant="unstyled"
      fw={600}
      onChange={(event) => setName(event.currentTarget.value)}
      onBlur={() => props.onRename(name)}
      onKeyDown={(event) => {
        if (event.key === "Enter") event.currentTarget.blur();
      }}
      style={{ flex: 1 }}
    />
  );
}
