import {
  Autocomplete,
  Button,
  Group,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  DEFAULT_PARTICIPANT_TYPES,
  formatPhone,
  ID_VERIFICATION_METHODS,
  type IdVerificationMethod,
  type KbaQuestion,
  missingContact,
  normalizePhoneInput,
  PARTICIPANT_ROLE_LABELS,
  PARTICIPANT_ROLES,
  type Participant,
  type ParticipantAccessMethod,
  type ParticipantRole,
  participantDisplayName,
  participantInitials,
  suggestParticipantType,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "../../../../components/FormError.tsx";
import {
  emptyMailingAddress,
  MailingAddressFields,
  type MailingAddressValues,
  mailingAddressProblems,
  mailingAddressValues,
} from "../../../print-mail/MailingAddressFields.tsx";
import { signingRoomQueries } from "../../../settings/signing-room-queries.ts";
import { ACCESS_METHOD_LABELS } from "../../package-format.ts";
import { packageQueries } from "../../package-queries.ts";
import { answersOnFileText, ID_VERIFICATION_LABELS } from "../../signing-format.ts";
import { useBuilder } from "../builder-context.tsx";
import { type ParticipantField, participantFieldProblems } from "./participant-fields.ts";
import {
  asksKbaAnswers,
  effectiveChoice,
  emptyKba,
  type IdVerificationChoice,
  type KbaInput,
  kbaProblems,
  type ParticipantServerError,
  participantServerError,
} from "./participant-verification.ts";

export interface ParticipantValues extends KbaInput {
  type: string;
  /** what the participant does: it sets how they execute the documents */
  role: ParticipantRole;
  givenName: string;
  middleName: string;
  familyName: string;
  email: string;
  phoneNumber: string;
  accessMethod: ParticipantAccessMethod;
  /** a new participant starts with the organization's default */
  idVerification: IdVerificationChoice;
  /** only sent when the package has print fulfillment on */
  mailingAddress: MailingAddressValues;
}

/** The name a mailing address takes from the participant unless another is typed. */
export const participantFullName = (values: { givenName: string; familyName: string }) =>
  [values.givenName.trim(), values.familyName.trim()].filter(Boolean).join(" ");

export const emptyParticipant: ParticipantValues = {
  type: "Borrower",
  role: "SIGNER",
  givenName: "",
  middleName: "",
  familyName: "",
  email: "",
  phoneNumber: "",
  accessMethod: "EMAIL",
  idVerification: "DEFAULT",
  mailingAddress: emptyMailingAddress,
  ...emptyKba,
};

export function participantValues(participant: Participant): ParticipantValues {
  return {
    type: participant.type,
    role: participant.role,
    givenName: participant.givenName ?? "",
    middleName: participant.middleName ?? "",
    familyName: participant.familyName ?? "",
    email: participant.email ?? "",
    phoneNumber: formatPhone(participant.phoneNumber) || (participant.phoneNumber ?? ""),
    accessMethod: participant.accessMethod,
    idVerification: participant.idVerification,
    mailingAddress: mailingAddressValues(participant.mailingAddress),
    // the answers on file are never sent back: typing new ones replaces them
    ...emptyKba,
  };
}

const ROLE_DESCRIPTIONS: Record<ParticipantRole, string> = {
  SIGNER: "Signs the documents electronically where tags are placed for them.",
  VIEWER: "Opens and reviews the documents; nothing to sign.",
  COPY: "Is not asked to act; receives the completed documents.",
  PAPER: "Prints, signs and returns the documents on paper.",
};

function verificationDescription(
  choice: IdVerificationChoice,
  organizationDefault: IdVerificationMethod | undefined,
): string | undefined {
  const method = choice === "DEFAULT" ? organizationDefault : choice;
  if (method === "SMS_CODE") {
    return choice === "DEFAULT"
      ? "A one-time code is texted before the documents open when the participant has a mobile phone."
      : "A one-time code is texted to the mobile phone before the documents open.";
  }
  if (method === "KBA") return "The participant answers questions only they can know, from the answers entered below.";
  return undefined;
}

/**
 * Add or edit a participant: type, names, contact, how they are reached (spec §3 Participant) and
 * how they prove who they are (issue 5 §2: a text-message code, or knowledge questions whose answers
 * the sender types here and never sees again).
 */
export function ParticipantForm(props: {
  initial: ParticipantValues;
  submitLabel: string;
  /** `onError` shows a refused save on the form (answers true) instead of a toast */
  onSubmit: (values: ParticipantValues, onError: (error: unknown) => boolean) => Promise<boolean>;
  onCancel?: () => void;
  /** the participant's role number when editing; a new one gets the lowest free number on save */
  roleNumber?: number | null;
  /** editing: the KBA questions the participant has answers on file for */
  kbaQuestions?: readonly KbaQuestion[];
  /** adding: the types already in the package, so that the type can be suggested from the role */
  existingTypes?: readonly string[];
}) {
  const { organizationId, pkg } = useBuilder();
  // a template's participants are slots (BORROWER 1): the people are named when a package is
  // started from the template (issue 13 §4)
  const slotOnly = pkg.templateKind !== null;
  // the organization's types (setting participant_types); the mortgage list until they load
  const settings = useQuery(packageQueries.settings(organizationId));
  const signingRoom = useQuery(signingRoomQueries.settings(organizationId));
  const types = settings.data?.participant_types ?? [...DEFAULT_PARTICIPANT_TYPES];
  const [values, setValues] = useState(props.initial);
  // until the user picks a type, a new participant's type follows what they do (Borrower,
  // Co-Borrower, Viewer), so that the usual package needs no typing here
  const [typeChosen, setTypeChosen] = useState(props.existingTypes === undefined);
  const typeValue = typeChosen
    ? values.type
    : suggestParticipantType(values.role, props.existingTypes ?? [], types) || values.type;
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ParticipantServerError | null>(null);
  // a field says what is wrong once the user has left it (or tried to submit)
  const [touched, setTouched] = useState<ReadonlySet<ParticipantField>>(new Set());
  const touch = (field: ParticipantField) =>
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  const set = <K extends keyof ParticipantValues>(key: K, value: ParticipantValues[K]) => {
    setServerError(null);
    setValues((current) => ({ ...current, [key]: value }));
  };
  const showError = (error: unknown) => {
    const shown = participantServerError(error);
    setServerError(shown);
    return shown !== null;
  };
  const defaultMethod = signingRoom.data?.default_id_verification;
  const kba = asksKbaAnswers(values.idVerification, defaultMethod);
  const kbaProblem = kba ? kbaProblems(values) : {};
  const hasKbaProblem = Object.keys(kbaProblem).length > 0;
  const onFile = kba ? answersOnFileText(props.kbaQuestions ?? []) : null;
  const verificationOptions = [
    ...(props.initial.idVerification === "DEFAULT"
      ? [
          {
            value: "DEFAULT",
            label: defaultMethod
              ? `Organization default (${ID_VERIFICATION_LABELS[defaultMethod]})`
              : "Organization default",
          },
        ]
      : []),
    // KBA answers belong to a person, never to a template's slot
    ...ID_VERIFICATION_METHODS.filter((value) => !slotOnly || value !== "KBA").map((value) => ({
      value,
      label: ID_VERIFICATION_LABELS[value],
    })),
  ];
  const fieldError = serverError?.fields ?? {};
  const phoneDigits = values.phoneNumber.trim() ? normalizePhoneInput(values.phoneNumber) : "";
  const problems = participantFieldProblems({ ...values, type: typeValue }, { contactOptional: slotOnly });
  const hasProblem = Object.keys(problems).length > 0;
  const shown = (field: ParticipantField) => (touched.has(field) ? problems[field] : undefined);
  const missing = slotOnly
    ? null
    : missingContact({
        accessMethod: values.accessMethod,
        email: values.email,
        phone: phoneDigits ?? "",
      });
  const mailable = pkg.enablePrintFulfillment && !slotOnly;
  const [addressTried, setAddressTried] = useState(false);
  const hasAddressProblem =
    mailable && Object.keys(mailingAddressProblems(values.mailingAddress, participantFullName(values))).length > 0;
  const roleNumber = props.roleNumber ?? null;
  const preview = typeValue.trim()
    ? `${participantDisplayName({ type: typeValue, roleNumber })}${roleNumber === null ? " (numbered on save)" : ""} · initials ${participantInitials({ ...values, type: typeValue, roleNumber })}`
    : "";

  return (
    <form
      aria-label={props.submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (hasProblem || hasKbaProblem || hasAddressProblem) {
          setTouched(new Set(["type", "email", "phoneNumber"]));
          setAddressTried(true);
          return;
        }
        setBusy(true);
        setServerError(null);
        const submitted = {
          ...values,
          type: typeValue,
          idVerification: effectiveChoice(values.idVerification, defaultMethod, values),
        };
        void props.onSubmit(submitted, showError).then((ok) => {
          setBusy(false);
          if (ok) {
            setValues(props.initial);
            setTypeChosen(props.existingTypes === undefined);
            setTouched(new Set());
            setAddressTried(false);
          }
        });
      }}
    >
      <Stack gap="sm">
        {slotOnly && (
          <Text size="sm" c="dimmed">
            A template's participants are slots such as Borrower 1: their names and contacts are asked when a package is
            started from the template.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: slotOnly ? 2 : 4 }} spacing="sm">
          <Autocomplete
            label="Type"
            required
            data={types}
            value={typeValue}
            error={shown("type")}
            onChange={(value) => {
              setTypeChosen(true);
              set("type", value);
            }}
            onBlur={() => touch("type")}
          />
          {!slotOnly && (
            <>
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
            </>
          )}
        </SimpleGrid>
        <Radio.Group
          label="What they do"
          description={ROLE_DESCRIPTIONS[values.role]}
          value={values.role}
          onChange={(value) => set("role", value as ParticipantRole)}
        >
          <Group gap="lg" mt={6}>
            {PARTICIPANT_ROLES.map((role) => (
              <Radio key={role} value={role} label={PARTICIPANT_ROLE_LABELS[role]} />
            ))}
          </Group>
        </Radio.Group>
        <div>
          <Text size="sm" fw={500} mb={4}>
            Access method
          </Text>
          <SegmentedControl
            aria-label="Access method"
            value={values.accessMethod}
            onChange={(value) => set("accessMethod", value as ParticipantAccessMethod)}
            data={(["EMAIL", "SMS", "API"] as const).map((value) => ({ value, label: ACCESS_METHOD_LABELS[value] }))}
          />
        </div>
        {!slotOnly && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Email"
              type="email"
              value={values.email}
              error={shown("email") ?? fieldError.email}
              onChange={(e) => set("email", e.currentTarget.value)}
              // leaving a field never typed in is no mistake yet (the form just reset after adding
              // someone): only an edited field, or a submit, shows what is wrong
              onBlur={() => values.email !== props.initial.email && touch("email")}
            />
            <TextInput
              label="Mobile phone"
              description="Ten digits"
              placeholder="123-456-7890"
              error={shown("phoneNumber") ?? fieldError.phoneNumber}
              value={values.phoneNumber}
              onChange={(e) => set("phoneNumber", e.currentTarget.value)}
              onBlur={() => {
                if (values.phoneNumber !== props.initial.phoneNumber) touch("phoneNumber");
                if (phoneDigits) set("phoneNumber", formatPhone(phoneDigits));
              }}
            />
          </SimpleGrid>
        )}
        <Select
          label="Identity verification"
          description={verificationDescription(values.idVerification, defaultMethod)}
          data={verificationOptions}
          value={values.idVerification}
          allowDeselect={false}
          error={fieldError.idVerification}
          onChange={(value) => value && set("idVerification", value as IdVerificationChoice)}
          maw={420}
        />
        {kba && (
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Date of birth"
                type="date"
                value={values.dateOfBirth}
                error={kbaProblem.dateOfBirth ?? fieldError.dateOfBirth}
                onChange={(e) => set("dateOfBirth", e.currentTarget.value)}
              />
              <TextInput
                label="ZIP code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                placeholder="5 digits"
                value={values.postalCode}
                error={kbaProblem.postalCode ?? fieldError.postalCode}
                onChange={(e) => set("postalCode", e.currentTarget.value)}
              />
              <TextInput
                label="SSN last four"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                placeholder="4 digits"
                value={values.ssnLast4}
                error={kbaProblem.ssnLast4 ?? fieldError.ssnLast4}
                onChange={(e) => set("ssnLast4", e.currentTarget.value)}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed" data-testid="kba-on-file">
              {onFile
                ? `${onFile}. Answers are never shown; typing answers replaces all of those on file.`
                : values.idVerification === "DEFAULT"
                  ? "Without answers the participant is not asked. Answers are stored encrypted and never shown again."
                  : "Enter at least one answer. Answers are stored encrypted and never shown again."}
            </Text>
            {fieldError.kbaAnswers && (
              <Text size="sm" c="red" role="alert">
                {fieldError.kbaAnswers}
              </Text>
            )}
          </Stack>
        )}
        {mailable && (
          <MailingAddressFields
            values={values.mailingAddress}
            participantName={participantFullName(values)}
            showErrors={addressTried}
            onChange={(address) => set("mailingAddress", address)}
          />
        )}
        {preview && (
          <Text size="sm" data-testid="participant-preview">
            Shown as {preview}
          </Text>
        )}
        {missing && !touched.has(values.accessMethod === "SMS" ? "phoneNumber" : "email") && (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        )}
        <FormError message={serverError?.form} />
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
