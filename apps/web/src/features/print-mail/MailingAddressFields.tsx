import { Fieldset, SimpleGrid, TextInput } from "@mantine/core";
import { type PostalAddress, postalAddressProblems } from "@signet/contract";

/** A participant's mailing address as typed (issue 16 §4); blank means no address. */
export interface MailingAddressValues {
  /** false while the name follows the participant's own name */
  nameEdited: boolean;
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export const emptyMailingAddress: MailingAddressValues = {
  nameEdited: false,
  name: "",
  company: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
};

export function mailingAddressValues(address: PostalAddress | null): MailingAddressValues {
  if (!address) return emptyMailingAddress;
  return {
    nameEdited: true,
    name: address.name,
    company: address.company ?? "",
    line1: address.line1,
    line2: address.line2 ?? "",
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
}

const isBlank = (values: MailingAddressValues) =>
  [values.company, values.line1, values.line2, values.city, values.state, values.postalCode].every(
    (value) => value.trim() === "",
  );

/** The address the API stores (null: none), the name taken from the participant unless typed. */
export function mailingAddressBody(values: MailingAddressValues, participantName: string): PostalAddress | null {
  if (isBlank(values)) return null;
  return {
    name: (values.nameEdited ? values.name : participantName).trim(),
    company: values.company.trim() || null,
    line1: values.line1.trim(),
    line2: values.line2.trim() || null,
    city: values.city.trim(),
    state: values.state.trim().toUpperCase(),
    postalCode: values.postalCode.trim(),
    country: "US",
  };
}

/** What the server would refuse, by field, in its words (nothing for a blank address). */
export function mailingAddressProblems(
  values: MailingAddressValues,
  participantName: string,
): Partial<Record<keyof PostalAddress, string>> {
  const address = mailingAddressBody(values, participantName);
  if (!address) return {};
  return Object.fromEntries(postalAddressProblems(address).map((problem) => [problem.path, problem.message]));
}

/**
 * The "Mailing address" group of the participant form, shown when the package has print
 * fulfillment on: where the package mails the participant's print set by itself.
 */
export function MailingAddressFields({
  values,
  participantName,
  showErrors,
  onChange,
}: {
  values: MailingAddressValues;
  participantName: string;
  /** errors show once the user tried to save */
  showErrors: boolean;
  onChange: (values: MailingAddressValues) => void;
}) {
  const problems = showErrors ? mailingAddressProblems(values, participantName) : {};
  const field = (key: Exclude<keyof MailingAddressValues, "nameEdited" | "name">) => ({
    value: values[key],
    error: problems[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [key]: event.currentTarget.value }),
  });
  return (
    <Fieldset
      legend="Mailing address"
      variant="unstyled"
      aria-describedby="mailing-address-help"
      data-testid="mailing-address"
    >
      <p id="mailing-address-help" style={{ margin: "0 0 6px", fontSize: "var(--mantine-font-size-sm)" }}>
        Where the print set is mailed on paper. Leave empty to mail it from the package page.
      </p>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Name on the envelope"
          value={values.nameEdited ? values.name : participantName}
          error={problems.name}
          onChange={(event) => onChange({ ...values, nameEdited: true, name: event.currentTarget.value })}
        />
        <TextInput label="Company" {...field("company")} />
        <TextInput label="Address line 1" autoComplete="address-line1" {...field("line1")} />
        <TextInput label="Address line 2" autoComplete="address-line2" {...field("line2")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs" mt="xs">
        <TextInput label="City" autoComplete="address-level2" {...field("city")} />
        <TextInput label="State" maxLength={2} placeholder="CA" autoComplete="address-level1" {...field("state")} />
        <TextInput
          label="ZIP code"
          inputMode="numeric"
          placeholder="94105"
          autoComplete="postal-code"
          {...field("postalCode")}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
