import { Autocomplete, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  DEFAULT_PARTICIPANT_TYPES,
  formatPhone,
  missingContact,
  normalizePhoneInput,
  type Participant,
  type ParticipantAccessMethod,
  participantDisplayName,
  participantInitials,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";

export interface ParticipantValues {
  type: string;
  givenName: string;
  middleName: string;
  familyName: string;
  email: string;
  phoneNumber: string;
  accessMethod: ParticipantAccessMethod;
}

export const emptyParticipant: ParticipantValues = {
  type: "Borrower",
  givenName: "",
  middleName: "",
  familyName: "",
  email: "",
  phoneNumber: "",
  accessMethod: "EMAIL",
};

export function participantValues(participant: Participant): ParticipantValues {
  return {
    type: participant.type,
    givenName: participant.givenName ?? "",
    middleName: participant.middleName ?? "",
    familyName: participant.familyName ?? "",
    email: participant.email ?? "",
    phoneNumber: formatPhone(participant.phoneNumber) || (participant.phoneNumber ?? ""),
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
  /** the participant's role number when editing; a new one gets the lowest free number on save */
  roleNumber?: number | null;
}) {
  const { organizationId } = useBuilder();
  // the organization's types (setting participant_types); the mortgage list until they load
  const settings = useQuery(packageQueries.settings(organizationId));
  const types = settings.data?.participant_types ?? [...DEFAULT_PARTICIPANT_TYPES];
  const [values, setValues] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof ParticipantValues>(key: K, value: ParticipantValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const phoneDigits = values.phoneNumber.trim() ? normalizePhoneInput(values.phoneNumber) : "";
  const phoneProblem = phoneDigits === null ? "Enter ten digits, e.g. 123-456-7890." : null;
  const missing = missingContact({
    accessMethod: values.accessMethod,
    email: values.email,
    phone: phoneDigits ?? "",
  });
  const roleNumber = props.roleNumber ?? null;
  const preview = values.type.trim()
    ? `${participantDisplayName({ type: values.type, roleNumber })}${roleNumber === null ? " (numbered on save)" : ""} · initials ${participantInitials({ ...values, roleNumber })}`
    : "";

  return (
    <form
      aria-label={props.submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (missing || phoneProblem || !values.type.trim()) return;
        setBusy(true);
        void props.onSubmit(values).then((ok) => {
          setBusy(false);
          if (ok) setValues(props.initial);
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <Autocomplete
            label="Type"
            required
            data={types}
            value={values.type}
            onChange={(value) => set("type", value)}
          />
          <TextInput
            label="First name"
            value={values.givenName}
            onChange={(e) => set("givenName", e.currentTarget.value)}
          />
          <TextInput
            label="Middle name"
            value={values.middleName}
            onChange={(e) => set("middleName", e.currentTarget.value)}
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
            placeholder="123-456-7890"
            error={phoneProblem}
            value={values.phoneNumber}
            onChange={(e) => set("phoneNumber", e.currentTarget.value)}
            onBlur={() => phoneDigits && set("phoneNumber", formatPhone(phoneDigits))}
          />
        </SimpleGrid>
        {preview && (
          <Text size="sm" data-testid="participant-preview">
            Shown as {preview}
          </Text>
        )}
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
          <Button
            type="submit"
            loading={busy}
            disabled={missing !== null || phoneProblem !== null || !values.type.trim()}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
