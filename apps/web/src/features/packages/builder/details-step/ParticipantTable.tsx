import { ActionIcon, Avatar, Group, Tooltip } from "@mantine/core";
import { PARTICIPANT_ROLE_LABELS, type Participant } from "@signet/contract";
import { IconPencil, IconX } from "@tabler/icons-react";
import { type Column, DataTable } from "../../../../components/data-table/DataTable.tsx";
import { ParticipantLanguageNote } from "../../ParticipantLanguageNote.tsx";
import { ACCESS_METHOD_LABELS } from "../../package-format.ts";
import { idVerificationText } from "../../signing-format.ts";
import { READ_ONLY_REASON } from "../builder-context.tsx";

/**
 * The package's participants in step 1, each with Edit and Remove. A template's participants are
 * slots (BORROWER 1) without names or contacts, so those columns are left out.
 */
export function ParticipantTable(props: {
  participants: Participant[] | undefined;
  error: string | null;
  slots: boolean;
  readOnly: boolean;
  onEdit: (participant: Participant) => void;
  onRemove: (participant: Participant) => void;
}) {
  const { slots, readOnly } = props;
  const columns: Column<Participant>[] = [
    {
      key: "participant",
      label: "Participant",
      render: (participant) => (
        <Group gap="xs">
          <Avatar size={28} radius="xl" color="indigo" aria-hidden>
            {participant.initials}
          </Avatar>
          <div>
            <span>{participant.displayName}</span>
            <ParticipantLanguageNote language={participant.language} />
          </div>
        </Group>
      ),
    },
    ...(slots
      ? []
      : [
          {
            key: "name",
            label: "Name",
            render: (participant: Participant) =>
              [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ") || "—",
          },
        ]),
    {
      key: "does",
      label: "Does",
      render: (participant) => {
        // issue 34 §2b: a witness's row names the signer they witness
        const signer = props.participants?.find((candidate) => candidate.id === participant.witnessForParticipantId);
        if (!signer) return PARTICIPANT_ROLE_LABELS[participant.role];
        const name = [signer.givenName, signer.familyName].filter(Boolean).join(" ") || signer.displayName;
        return `Witness to ${name}`;
      },
    },
    { key: "access", label: "Access", render: (participant) => ACCESS_METHOD_LABELS[participant.accessMethod] },
    ...(slots
      ? []
      : [
          {
            key: "contact",
            label: "Contact",
            render: (participant: Participant) => participant.contact || "In person",
          },
        ]),
    { key: "verification", label: "Identity verification", render: idVerificationText },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      render: (participant) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={readOnly ? READ_ONLY_REASON : "Edit"}>
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${participant.displayName}`}
              disabled={readOnly}
              onClick={() => props.onEdit(participant)}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={readOnly ? READ_ONLY_REASON : "Remove"}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${participant.displayName}`}
              disabled={readOnly}
              onClick={() => props.onRemove(participant)}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      label="Participants"
      columns={columns}
      rows={props.participants}
      rowKey={(participant) => participant.id}
      empty="No participants yet."
      error={props.error}
      framed={false}
      minWidth={760}
      // scrolls inside its own box on a phone, focusable so a keyboard can scroll it too
      scrollLabel="Participants table"
    />
  );
}
