import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { dataCollectionRoutes } from "@signet/contract";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { toastError } from "../../../../components/toast.ts";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { NewQuestion } from "./NewQuestion.tsx";
import { QuestionTable } from "./QuestionTable.tsx";

/**
 * Data collection (spec §2 step 2): groups of questions a participant answers in the signing room,
 * beside the documents rather than on a page. The answers arrive with the signing room.
 */
export function DataCollection() {
  const { organizationId, packageId, readOnly, track } = useBuilder();
  const client = useQueryClient();
  const params = { orgId: organizationId, packageId };
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const groups = useQuery({
    queryKey: ["packages", organizationId, packageId, "data-collection-groups"],
    queryFn: ({ signal }) => api(dataCollectionRoutes.listDataCollectionGroups, { params, signal }),
  });
  const fields = useQuery({
    queryKey: ["packages", organizationId, packageId, "data-collection-fields"],
    queryFn: ({ signal }) => api(dataCollectionRoutes.listDataCollectionFields, { params, signal }),
  });
  const [groupName, setGroupName] = useState("");

  async function run(work: () => Promise<unknown>) {
    try {
      await track(work());
      return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: ["packages", organizationId, packageId] });
    }
  }

  const people = participants.data?.records ?? [];
  const addGroup = async () => {
    if (!groupName.trim()) return;
    const ok = await run(() =>
      api(dataCollectionRoutes.createDataCollectionGroup, {
        params,
        body: { name: groupName.trim() },
        passThrough: true,
      }),
    );
    if (ok) setGroupName("");
  };

  return (
    <Stack gap="sm">
      {(groups.data?.records ?? []).map((group) => {
        const own = (fields.data?.records ?? []).filter((field) => field.groupId === group.id);
        return (
          <Paper key={group.id} withBorder p="sm">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{group.name}</Text>
              <Tooltip label={`Delete group ${group.name}`}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete group ${group.name}`}
                  disabled={readOnly}
                  onClick={async () => {
                    const ok = await openConfirmDialog({
                      title: "Delete group",
                      message: `Delete '${group.name}' and its ${own.length} questions?`,
                      confirmLabel: "Delete",
                      confirmColor: "red",
                    });
                    if (ok) {
                      await run(() =>
                        api(dataCollectionRoutes.deleteDataCollectionGroup, {
                          params: { ...params, groupId: group.id },
                          query: { version: group.version },
                          passThrough: true,
                        }),
                      );
                    }
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            {own.length > 0 && (
              <QuestionTable
                groupName={group.name}
                questions={own}
                participants={people}
                readOnly={readOnly}
                onDelete={(field) =>
                  void run(() =>
                    api(dataCollectionRoutes.deleteDataCollectionField, {
                      params: { ...params, fieldId: field.id },
                      query: { version: field.version },
                      passThrough: true,
                    }),
                  )
                }
              />
            )}
            {!readOnly && people.length > 0 && (
              <NewQuestion
                participants={people.map((person) => ({ value: person.id, label: person.displayName }))}
                onAdd={(question) =>
                  run(() =>
                    api(dataCollectionRoutes.createDataCollectionField, {
                      params,
                      body: { ...question, groupId: group.id },
                      passThrough: true,
                    }),
                  )
                }
              />
            )}
          </Paper>
        );
      })}
      {(groups.data?.count ?? 0) === 0 && (
        <Text size="sm" c="dimmed">
          No questions yet.
        </Text>
      )}
      {!readOnly && (
        <Group gap="xs" align="flex-end">
          <TextInput
            label="New group"
            placeholder="e.g. Employment"
            value={groupName}
            onChange={(event) => setGroupName(event.currentTarget.value)}
          />
          <Button variant="light" onClick={() => void addGroup()} disabled={!groupName.trim()}>
            Add group
          </Button>
        </Group>
      )}
    </Stack>
  );
}
