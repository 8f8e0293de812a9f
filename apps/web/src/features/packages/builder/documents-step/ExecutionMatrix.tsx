import { Select, Table, Text } from "@mantine/core";
import { EXECUTION_TYPE_LABELS, EXECUTION_TYPES, type ExecutionType, tagRoutes } from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { toastError } from "../../../../components/toast.ts";
import { invalidatePackage, packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { withTagRemovalConfirmation } from "./confirm-tag-removal.ts";

/** How each participant executes each document (document-participants): E-Sign, View Only or Paper. */
export function ExecutionMatrix() {
  const { organizationId, packageId, readOnly, track } = useBuilder();
  const client = useQueryClient();
  const documents = useQuery(packageQueries.documents(organizationId, packageId));
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const matrix = useQuery(packageQueries.documentParticipants(organizationId, packageId));
  const docs = documents.data?.records ?? [];
  const people = participants.data?.records ?? [];
  if (docs.length === 0 || people.length === 0) return null;

  const entry = (documentId: string, participantId: string) =>
    matrix.data?.records.find((row) => row.documentId === documentId && row.participantId === participantId);

  async function set(documentId: string, participantId: string, executionType: ExecutionType) {
    try {
      await track(
        withTagRemovalConfirmation((confirmTagRemoval) =>
          api(tagRoutes.setDocumentParticipant, {
            params: { orgId: organizationId, packageId },
            body: { documentId, participantId, executionType, confirmTagRemoval },
            passThrough: true,
          }),
        ),
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      await invalidatePackage(client, organizationId, packageId);
    }
  }

  return (
    <Table.ScrollContainer minWidth={400}>
      <Table aria-label="How participants execute documents" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            {people.map((person) => (
              <Table.Th key={person.id}>{person.displayName}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                <Text size="sm">{document.name}</Text>
              </Table.Td>
              {people.map((person) => {
                const current = entry(document.id, person.id);
                return (
                  <Table.Td key={person.id}>
                    <Select
                      size="xs"
                      aria-label={`${person.displayName} on ${document.name}`}
                      data={EXECUTION_TYPES.map((type) => ({ value: type, label: EXECUTION_TYPE_LABELS[type] }))}
                      value={current?.executionType ?? document.executionType}
                      allowDeselect={false}
                      disabled={readOnly}
                      onChange={(value) => value && void set(document.id, person.id, value as ExecutionType)}
                      w={120}
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
