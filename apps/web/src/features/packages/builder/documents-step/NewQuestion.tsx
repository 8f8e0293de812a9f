import { Button, Checkbox, Group, Select, TextInput } from "@mantine/core";
import { DATA_COLLECTION_FIELD_TYPES, type DataCollectionFieldType } from "@signet/contract";
import { useState } from "react";
import { TYPE_LABELS } from "./data-collection-labels.ts";

/** A new question of a data collection group: its text, kind of answer, who answers it, whether it must be. */
export function NewQuestion(props: {
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
