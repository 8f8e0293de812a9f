import { ActionIcon, Tooltip } from "@mantine/core";
import type { DataCollectionField, Participant } from "@signet/contract";
import { IconTrash } from "@tabler/icons-react";
import { type Column, DataTable } from "../../../../components/data-table/DataTable.tsx";
import { TYPE_LABELS } from "./data-collection-labels.ts";

/** The questions of one data collection group: what is asked, of whom, whether an answer is required. */
export function QuestionTable(props: {
  groupName: string;
  questions: DataCollectionField[];
  participants: Participant[];
  readOnly: boolean;
  onDelete: (field: DataCollectionField) => void;
}) {
  const columns: Column<DataCollectionField>[] = [
    { key: "question", label: "Question", render: (field) => field.label },
    { key: "answer", label: "Answer", render: (field) => TYPE_LABELS[field.type] },
    {
      key: "askedOf",
      label: "Asked of",
      render: (field) => props.participants.find((person) => person.id === field.participantId)?.displayName,
    },
    { key: "required", label: "Required", render: (field) => (field.required ? "Required" : "Optional") },
    {
      key: "delete",
      label: "Delete",
      width: 40,
      render: (field) => (
        <Tooltip label={`Delete question ${field.label}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete question ${field.label}`}
            disabled={props.readOnly}
            onClick={() => props.onDelete(field)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <DataTable
      label={`Questions of ${props.groupName}`}
      columns={columns}
      rows={props.questions}
      rowKey={(field) => field.id}
      empty={null}
      header="hidden"
      compact
      framed={false}
      minWidth={0}
    />
  );
}
