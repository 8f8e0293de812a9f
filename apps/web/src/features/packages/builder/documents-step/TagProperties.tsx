import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { type Participant, TAG_TYPE_LABELS } from "@signet/contract";
import { IconCopy, IconTrash } from "@tabler/icons-react";
import type { DraftTag } from "./draft-tag.ts";
import { participantName } from "./participant-look.ts";

/** The selected tag's participant, label, required flag and kind-specific fields; duplicate and delete. */
export function TagProperties(props: {
  tag: DraftTag;
  signers: Participant[];
  colorOf: (participantId: string) => string;
  readOnly: boolean;
  onChange: (change: Partial<DraftTag>, merge?: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { tag } = props;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {TAG_TYPE_LABELS[tag.type]}, page {tag.page}
      </Text>
      <Select
        label="Participant"
        data={props.signers.map((participant) => ({ value: participant.id, label: participantName(participant) }))}
        value={tag.participantId}
        allowDeselect={false}
        disabled={props.readOnly}
        leftSection={
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: props.colorOf(tag.participantId) }}
          />
        }
        onChange={(value) => value && props.onChange({ participantId: value })}
      />
      <TextInput
        label="Label"
        description="What the signer sees on the field"
        placeholder={TAG_TYPE_LABELS[tag.type]}
        value={tag.label ?? ""}
        readOnly={props.readOnly}
        onChange={(event) => props.onChange({ label: event.currentTarget.value || null }, `label:${tag.key}`)}
      />
      <Checkbox
        label="Required"
        checked={tag.required}
        disabled={props.readOnly}
        onChange={(event) => props.onChange({ required: event.currentTarget.checked })}
      />
      {tag.type === "DROPDOWN" && (
        <TextInput
          label="Options"
          description="Separate the choices with commas"
          value={tag.options.join(", ")}
          readOnly={props.readOnly}
          onChange={(event) =>
            props.onChange(
              { options: event.currentTarget.value.split(",").map((option) => option.trim()) },
              `options:${tag.key}`,
            )
          }
        />
      )}
      {tag.type === "RADIO" && (
        <>
          <TextInput
            label="Group"
            description="Choices in one group exclude each other"
            value={tag.groupName ?? ""}
            readOnly={props.readOnly}
            onChange={(event) => props.onChange({ groupName: event.currentTarget.value }, `group:${tag.key}`)}
          />
          <TextInput
            label="Value"
            value={tag.optionValue ?? ""}
            readOnly={props.readOnly}
            onChange={(event) => props.onChange({ optionValue: event.currentTarget.value }, `value:${tag.key}`)}
          />
        </>
      )}
      <Group gap="xs" grow>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          disabled={props.readOnly}
          onClick={props.onDuplicate}
        >
          Duplicate
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={props.readOnly}
          onClick={props.onDelete}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
