import { zodResolver } from "@hookform/resolvers/zod";
import {
  Autocomplete,
  Button,
  Checkbox,
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
  PARTICIPANT_LANGUAGES,
  PARTICIPANT_ROLE_LABELS,
  PARTICIPANT_ROLES,
  type Participant,
  type ParticipantAccessMethod,
  type ParticipantLanguage,
  type ParticipantRole,
  participantDisplayName,
  participantInitials,
  suggestParticipantType,
} from "@signet/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, type FieldPath, type Resolver, useForm } from "react-hook-form";
import { FormError } from "../../../../components/FormError.tsx";
import {
  emptyMailingAddress,
  MailingAddressFields,
  type MailingAddressValues,
  mailingAddressValues,
} from "../../../print-mail/MailingAddressFields.tsx";
import { signingRoomQueries } from "../../../settings/signing-room-queries.ts";
import { ACCESS_METHOD_LABELS, languageLabel } from "../../package-format.ts";
import { packageQueries } from "../../package-queries.ts";
import { answersOnFileText, ID_VERIFICATION_LABELS } from "../../signing-format.ts";
import { useBuilder } from "../builder-context.tsx";
import { type ParticipantField, participantFieldProblems } from "./participant-fields.ts";
import { participantFormSchema, participantFullName } from "./participant-form-schema.ts";
import {
  asksKbaAnswers,
  effectiveChoice,
  emptyKba,
  type IdVerificationChoice,
  type KbaInput,
  kbaProblems,
  participantServerError,
} from "./participant-verification.ts";

export { participantFullName };

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
  /** what their invitations, reminders and signing room speak; English unless the sender picks another */
  language: ParticipantLanguage;
  /** issue 34 §3: may hand signing to someone else in the signing room */
  delegationAllowed: boolean;
  /** only sent when the package has print fulfillment on */
  mailingAddress: MailingAddressValues;
  /** issue 34 §2b: the signer this participant witnesses; "" when not a witness */
  witnessForParticipantId: string;
}

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
  language: "en",
  delegationAllowed: false,
  mailingAddress: emptyMailingAddress,
  witnessForParticipantId: "",
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
    language: participant.language,
    delegationAllowed: participant.delegationAllowed,
    mailingAddress: mailingAddressValues(participant.mailingAddress),
    witnessForParticipantId: participant.witnessForParticipantId ?? "",
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

const LANGUAGE_OPTIONS = PARTICIPANT_LANGUAGES.map((value) => ({ value, label: languageLabel(value) }));

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
  /** the package's participants, to choose whom a witness witnesses (issue 34 §2b) */
  participants?: readonly Participant[];
  /** editing: this participant's id (nobody witnesses themselves) */
  participantId?: string;
}) {
  const { organizationId, pkg } = useBuilder();
  // a template's participants are slots (BORROWER 1): the people are named when a package is
  // started from the template (issue 13 §4)
  const slotOnly = pkg.templateKind !== null;
  // the organization's types (setting participant_types); the mortgage list until they load
  const settings = useQuery(packageQueries.settings(organizationId));
  const signingRoom = useQuery(signingRoomQueries.settings(organizationId));
  const types = settings.data?.participant_types ?? [...DEFAULT_PARTICIPANT_TYPES];
  // until the user picks a type, a new participant's type follows what they do (Borrower,
  // Co-Borrower, Viewer), so that the usual package needs no typing here
  const [typeChosen, setTypeChosen] = useState(props.existingTypes === undefined);
  const typeOf = (values: ParticipantValues) =>
    typeChosen ? values.type : suggestParticipantType(values.role, props.existingTypes ?? [], types) || values.type;
  const defaultMethod = signingRoom.data?.default_id_verification;
  const mailable = pkg.enablePrintFulfillment && !slotOnly;
  const resolver: Resolver<ParticipantValues> = (values, context, options) => {
    const schema = participantFormSchema({
      contactOptional: slotOnly,
      asksKba: asksKbaAnswers(values.idVerification, defaultMethod),
      mailable,
    });
    // the values are sent as typed (DetailsStep builds the body), with the type shown
    const check = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<ParticipantValues>;
    return check({ ...values, type: typeOf(values) }, context, options);
  };
  // checked on submit only: a field says what is wrong once the user has left it (below), and a
  // refusal stays until the next change
  const form = useForm<ParticipantValues>({
    defaultValues: props.initial,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const values = form.watch();
  const { errors, touchedFields } = form.formState;
  const typeValue = typeOf(values);
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === "change") form.clearErrors();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const [addressTried, setAddressTried] = useState(false);
  const save = useMutation({
    mutationFn: (submitted: ParticipantValues) =>
      props.onSubmit(submitted, (error) => {
        const shown = participantServerError(error);
        if (!shown) return false;
        for (const [field, message] of Object.entries(shown.fields)) {
          const path = field === "kbaAnswers" ? "root.kbaAnswers" : (field as FieldPath<ParticipantValues>);
          form.setError(path, { type: "server", message });
        }
        if (shown.form) form.setError("root.server", { type: "server", message: shown.form });
        return true;
      }),
    onSuccess: (saved) => {
      if (!saved) return;
      form.reset(props.initial);
      setTypeChosen(props.existingTypes === undefined);
      setAddressTried(false);
    },
  });
  const submit = form.handleSubmit(
    (checked) =>
      save.mutate({ ...checked, idVerification: effectiveChoice(checked.idVerification, defaultMethod, checked) }),
    () => {
      // every field says what is wrong now, left or not
      for (const field of ["type", "email", "phoneNumber"] as const) {
        form.setValue(field, form.getValues(field), { shouldTouch: true });
      }
      setAddressTried(true);
    },
  );
  /** what the server refused in a field, or a check of the contract's (a length) that the live checks do not make */
  const refused = (field: FieldPath<ParticipantValues>) => form.getFieldState(field).error?.message;
  const kba = asksKbaAnswers(values.idVerification, defaultMethod);
  const kbaProblem = kba ? kbaProblems(values) : {};
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
  const phoneDigits = values.phoneNumber.trim() ? normalizePhoneInput(values.phoneNumber) : "";
  const problems = participantFieldProblems({ ...values, type: typeValue }, { contactOptional: slotOnly });
  // a field says what is wrong once the user has left it (or tried to submit)
  const shown = (field: ParticipantField) => (touchedFields[field] ? problems[field] : undefined);
  const missing = slotOnly
    ? null
    : missingContact({
        accessMethod: values.accessMethod,
        email: values.email,
        phone: phoneDigits ?? "",
      });
  const roleNumber = props.roleNumber ?? null;
  const preview = typeValue.trim()
    ? `${participantDisplayName({ type: typeValue, roleNumber })}${roleNumber === null ? " (numbered on save)" : ""} · initials ${participantInitials({ ...values, type: typeValue, roleNumber })}`
    : "";
  const email = form.register("email");
  const phone = form.register("phoneNumber");
  // whom this participant can witness: another signer who is not a witness themselves (the server
  // checks the rest: a separate person with their own email)
  const witnessOptions = [
    { value: "", label: "Not a witness" },
    ...(props.participants ?? [])
      .filter(
        (candidate) =>
          candidate.id !== props.participantId &&
          candidate.role === "SIGNER" &&
          candidate.witnessForParticipantId === null,
      )
      .map((candidate) => ({
        value: candidate.id,
        // a template's slots have no names: the slot alone
        label: participantFullName(candidate)
          ? `${participantFullName(candidate)} (${candidate.displayName})`
          : candidate.displayName,
      })),
  ];

  return (
    <form aria-label={props.submitLabel} onSubmit={submit}>
      <Stack gap="sm">
        {slotOnly && (
          <Text size="sm" c="dimmed">
            A template's participants are slots such as Borrower 1: their names and contacts are asked when a package is
            started from the template.
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: slotOnly ? 2 : 4 }} spacing="sm">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Autocomplete
                label="Type"
                required
                data={types}
                value={typeValue}
                error={shown("type") ?? refused("type")}
                onChange={(value) => {
                  setTypeChosen(true);
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
              />
            )}
          />
          {!slotOnly && (
            <>
              <TextInput label="First name" error={refused("givenName")} {...form.register("givenName")} />
              <TextInput label="Middle name" error={refused("middleName")} {...form.register("middleName")} />
              <TextInput label="Last name" error={refused("familyName")} {...form.register("familyName")} />
            </>
          )}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Radio.Group
              label="What they do"
              description={ROLE_DESCRIPTIONS[field.value]}
              value={field.value}
              onChange={(value) => field.onChange(value as ParticipantRole)}
            >
              <Group gap="lg" mt={6}>
                {PARTICIPANT_ROLES.map((role) => (
                  <Radio key={role} value={role} label={PARTICIPANT_ROLE_LABELS[role]} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        {/* templates too (issue 34): the blueprint carries the link to each package made from it */}
        {values.role === "SIGNER" && witnessOptions.length > 1 && (
          <Controller
            control={form.control}
            name="witnessForParticipantId"
            render={({ field }) => (
              <Select
                label="Witness for"
                description="A witness signs a witness tag with their printed name, only after the signer they witness has signed."
                data={witnessOptions}
                value={field.value}
                allowDeselect={false}
                error={refused("witnessForParticipantId")}
                onChange={(value) => field.onChange(value ?? "")}
              />
            )}
          />
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Access method
          </Text>
          <Controller
            control={form.control}
            name="accessMethod"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Access method"
                value={field.value}
                onChange={(value) => field.onChange(value as ParticipantAccessMethod)}
                data={(["EMAIL", "SMS", "API"] as const).map((value) => ({
                  value,
                  label: ACCESS_METHOD_LABELS[value],
                }))}
              />
            )}
          />
        </div>
        {!slotOnly && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Email"
              type="email"
              error={shown("email") ?? refused("email")}
              {...email}
              // leaving a field never typed in is no mistake yet (the form just reset after adding
              // someone): only an edited field, or a submit, shows what is wrong
              onBlur={(event) => values.email !== props.initial.email && email.onBlur(event)}
            />
            <TextInput
              label="Mobile phone"
              description="Ten digits"
              placeholder="123-456-7890"
              error={shown("phoneNumber") ?? refused("phoneNumber")}
              {...phone}
              onBlur={(event) => {
                if (values.phoneNumber !== props.initial.phoneNumber) void phone.onBlur(event);
                if (phoneDigits) form.setValue("phoneNumber", formatPhone(phoneDigits));
              }}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="idVerification"
            render={({ field, fieldState }) => (
              <Select
                label="Identity verification"
                description={verificationDescription(field.value, defaultMethod)}
                data={verificationOptions}
                value={field.value}
                allowDeselect={false}
                error={fieldState.error?.message}
                onChange={(value) => value && field.onChange(value as IdVerificationChoice)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Select
                label="Language"
                description="Invitations, reminders and the signing room are in this language"
                data={LANGUAGE_OPTIONS}
                value={field.value}
                allowDeselect={false}
                error={refused("language")}
                onChange={(value) => value && field.onChange(value as ParticipantLanguage)}
              />
            )}
          />
        </SimpleGrid>
        {/* issue 34 §3: a signer the sender trusts to name who signs in their place */}
        <Checkbox
          label="May hand signing to someone else"
          description="In the signing room they can name a delegate with a reason. The delegate gets their own invitation and verification, and may hand it on again."
          data-testid="participant-delegation-allowed"
          {...form.register("delegationAllowed")}
        />
        {kba && (
          <Stack gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Date of birth"
                type="date"
                error={kbaProblem.dateOfBirth ?? refused("dateOfBirth")}
                {...form.register("dateOfBirth")}
              />
              <TextInput
                label="ZIP code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                placeholder="5 digits"
                error={kbaProblem.postalCode ?? refused("postalCode")}
                {...form.register("postalCode")}
              />
              <TextInput
                label="SSN last four"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                placeholder="4 digits"
                error={kbaProblem.ssnLast4 ?? refused("ssnLast4")}
                {...form.register("ssnLast4")}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed" data-testid="kba-on-file">
              {onFile
                ? `${onFile}. Answers are never shown; typing answers replaces all of those on file.`
                : values.idVerification === "DEFAULT"
                  ? "Without answers the participant is not asked. Answers are stored encrypted and never shown again."
                  : "Enter at least one answer. Answers are stored encrypted and never shown again."}
            </Text>
            {errors.root?.kbaAnswers && (
              <Text size="sm" c="red" role="alert">
                {errors.root.kbaAnswers.message}
              </Text>
            )}
          </Stack>
        )}
        {mailable && (
          <Controller
            control={form.control}
            name="mailingAddress"
            render={({ field }) => (
              <MailingAddressFields
                values={field.value}
                participantName={participantFullName(values)}
                showErrors={addressTried}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {preview && (
          <Text size="sm" data-testid="participant-preview">
            Shown as {preview}
          </Text>
        )}
        {missing && !touchedFields[values.accessMethod === "SMS" ? "phoneNumber" : "email"] && (
          <Text size="sm" c="dimmed">
            {missing}
          </Text>
        )}
        <FormError message={errors.root?.server?.message} />
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
