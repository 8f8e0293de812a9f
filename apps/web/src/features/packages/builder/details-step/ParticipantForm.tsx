import { Autocomplete, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  DEFAULT_PARTICIPANT_TYPES,
  missingContact,
  type Participant,
  type ParticipantAccessMethod,
} from "@signet/contract";
import { useState } from "react";

export interface ParticipantValues {
  type: string;
  givenName: string;
  familyName: string;
  email: string;
  phoneNumber: string;
  accessMethod: ParticipantAccessMethod;
}

export const emptyParticipant: ParticipantValues = {
  type: "Borrower",
  givenName: "",
  familyName: "",
  email: "",
  phoneNumber: "",
  accessMethod: "EMAIL",
};

export function participantValues(participant: Participant): ParticipantValues {
  return {
    type: participant.type,
    givenName: participant.givenName ?? "",
    familyName: participant.familyName ?? "",
    email: participant.email ?? "",
    phoneNumber: participant.phoneNumber ?? "",
    accessMethod: participant.accessMethod,
  };
}

const ACCESS_LABELS: Record<ParticipantAccessMethod, string> = { EMAIL: "Email", SMS: "SMS", API: "In person (API)" };

/** Add or edit a participant: type, names, contact and how they are reached (spec §3 Participant). */
export function ParticipantForm(props: {
  initial: ParticipantValues;
  submitLabel: string;
  onSubmit: (values: ParticipantValues) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ParticipantValues>(key: K, value: ParticipantValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const missing = missingContact({ accessMethod: values.accessMethod, email: values.email, phone: values.phoneNumber });

  return (
    <form
      aria-label={props.submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (missing || !values.type.trim()) return;
        setBusy(true);
        void props.onSubmit(values).then((ok) => {
          setBusy(false);
          if (ok) setValues(props.initial);
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Autocomplete
            label="Type"
            required
            data={[...DEFAULT_PARTICIPANT_TYPES]}
            value={values.type}
            onChange={(value) => set("type", value)}
          />
          <TextInput
            label="First name"
            value={values.givenName}
            onChange={(e) => set("givenName", e.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            value={values.familyName}
            onChange={(e) => set("familyName", e.currentTarget.value)}
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4}>
            Access method
          </Text>
          <SegmentedControl
            aria-label="Access method"
            value={values.accessMethod}
            onChange={(value) => set("accessMethod", value as ParticipantAccessMethod)}
            data={(["EMAIL", "SMS", "API"] as const).map((value) => ({ value, label: ACCESS_LABELS[value] }))}
          />
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            onChange={(e) => set("email", e.currentTarget.value)}
          />
          <TextInput
            label="Mobile phone"
            description="Ten digits"
            value={values.phoneNumber}
            onChange={(e) => set("phoneNumber", e.currentTarget.value)}
          />
        </SimpleGrid>
        {missing && (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        )}
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={missing !== null || !values.type.trim()}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
