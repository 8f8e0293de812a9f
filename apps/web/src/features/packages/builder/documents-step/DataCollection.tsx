import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { DATA_COLLECTION_FIELD_TYPES, type DataCollectionFieldType, dataCollectionRoutes } from "@signet/contract";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { toastError } from "../../../../components/toast.ts";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";

const TYPE_LABELS: Record<DataCollectionFieldType, string> = {
  TEXT: "Text",
  NUMBER: "Number",
  DATE: "Date",
  SELECT: "List",
  CHECKBOX: "Checkbox",
};

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
              <Table aria-label={`Questions of ${group.name}`} verticalSpacing={4}>
                <Table.Tbody>
                  {own.map((field) => (
                    <Table.Tr key={field.id}>
                      <Table.Td>{field.label}</Table.Td>
                      <Table.Td>{TYPE_LABELS[field.type]}</Table.Td>
                      <Table.Td>{people.find((person) => person.id === field.participantId)?.displayName}</Table.Td>
                      <Table.Td>{field.required ? "Required" : "Optional"}</Table.Td>
                      <Table.Td w={40}>
                        <Tooltip label={`Delete question ${field.label}`}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete question ${field.label}`}
                            disabled={readOnly}
                            onClick={() =>
                              void run(() =>
                                api(dataCollectionRoutes.deleteDataCollectionField, {
                                  params: { ...params, fieldId: field.id },
                                  query: { version: field.version },
                                  passThrough: true,
                                }),
                              )
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
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

function NewQuestion(props: {
  participants: { value: string; label: string }[];
  onAdd: (question: {
    label: string;
    type: DataCollectionFieldType;
    participantId: string;
    required: boolean;
    options: string[];
  }) => Promise<boolean>;
}) {
  const [label, setLabel] = useState("");
  const [type, setType] = useState<DataCollectionFieldType>("TEXT");
  const [participantId, setParticipantId] = useState<string | null>(props.participants[0]?.value ?? null);
  const [required, setRequired] = useState(false);
  const [options, setOptions] = useState("");
  const choices = options
    .split(",")
    .map((option) => option.trim())
    .filter(Boolean);
  const ready = label.trim() !== "" && participantId !== null && (type !== "SELECT" || choices.length > 0);
  return (
    <Group gap="xs" align="flex-end" mt="xs" wrap="wrap">
      <TextInput label="Question" value={label} onChange={(event) => setLabel(event.currentTarget.value)} w={220} />
      <Select
        label="Answer"
        data={DATA_COLLECTION_FIELD_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
        value={type}
        allowDeselect={false}
        onChange={(value) => value && setType(value as DataCollectionFieldType)}
        w={120}
      />
      {type === "SELECT" && (
        <TextInput
          label="Options"
          placeholder="Comma-separated"
          value={options}
          onChange={(event) => setOptions(event.currentTarget.value)}
          w={180}
        />
      )}
      <Select
        label="Asked of"
        data={props.participants}
        value={participantId}
        allowDeselect={false}
        onChange={setParticipantId}
        w={170}
      />
      <Checkbox
        label="Required"
        checked={required}
        onChange={(event) => setRequired(event.currentTarget.checked)}
        mb={8}
      />
      <Button
        variant="light"
        disabled={!ready}
        onClick={async () => {
          if (!participantId) return;
          const ok = await props.onAdd({ label: label.trim(), type, participantId, required, options: choices });
          if (ok) {
            setLabel("");
            setOptions("");
          }
        }}
      >
        Add question
      </Button>
    </Group>
  );
}
