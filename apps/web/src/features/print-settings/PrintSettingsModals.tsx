import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import {
  type BusinessReturnEnvelope,
  CARRIER_USE_LABELS,
  CARRIER_USES,
  type Carrier,
  createBusinessReturnEnvelopeSchema,
  createCarrierSchema,
  createReturnAddressSchema,
  envelopeWindowLines,
  type PostalAddress,
  PRINT_SETTINGS_MESSAGES,
  printSettingsRoutes,
  type ReturnAddress,
  US_STATE_CODES,
} from "@signet/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormModal } from "../../components/FormModal.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { splitServerError } from "../../kit/server-errors.ts";
import { EnvelopeWindow } from "./EnvelopeWindow.tsx";
import { refreshPrintSettings } from "./print-settings-queries.ts";

/** Save and cancel for the forms below: cancelling asks before dropping changes. */
function useFormShell<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  fields: Path<T>[],
  onDone: () => void,
  duplicateField?: Path<T>,
) {
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(form.formState.isDirty);
  const target = () => ({ fields, ...(duplicateField ? { duplicateField } : {}) });
  // the save is the form's own (each form below builds its body); busy and refusal come from the mutation
  const mutation = useMutation({
    mutationFn: (save: () => Promise<void>) => save(),
    onSuccess: () => {
      allowLeave();
      onDone();
    },
    onError: (error) => {
      for (const [field, message] of splitServerError(error, target()).fieldErrors) {
        form.setError(field, { type: "server", message });
      }
    },
  });
  const formError = mutation.error ? splitServerError(mutation.error, target()).message : null;
  const run = async (save: () => Promise<void>) => {
    mutation.reset();
    await mutation.mutateAsync(save).catch(() => undefined);
  };
  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    onDone();
  };
  return { formError, run, cancel };
}

function Footer({ submitting, label, onCancel }: { submitting: boolean; label: string; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

type AddressInput = z.input<typeof createReturnAddressSchema>;
type AddressValues = z.output<typeof createReturnAddressSchema>;
const ADDRESS_FIELDS: Path<AddressInput>[] = [
  "name",
  "company",
  "line1",
  "line2",
  "city",
  "state",
  "postalCode",
  "country",
  "isDefault",
];
const stateOptions = [...US_STATE_CODES];

export function ReturnAddressModal(props: {
  organizationId: string;
  address: ReturnAddress | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={props.opened}
      title={props.address ? "Edit return address" : "Add return address"}
      onClose={props.onClose}
    >
      <ReturnAddressForm {...props} />
    </FormModal>
  );
}

function ReturnAddressForm({
  organizationId,
  address,
  onClose,
}: {
  organizationId: string;
  address: ReturnAddress | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<AddressInput, unknown, AddressValues>({
    resolver: zodResolver(createReturnAddressSchema),
    mode: "onTouched",
    defaultValues: {
      name: address?.name ?? "",
      company: address?.company ?? "",
      line1: address?.line1 ?? "",
      line2: address?.line2 ?? "",
      city: address?.city ?? "",
      state: address?.state ?? "",
      postalCode: address?.postalCode ?? "",
      country: "US",
      isDefault: address?.isDefault ?? false,
    },
  });
  const { formError, run, cancel } = useFormShell(form, ADDRESS_FIELDS, onClose);
  const { errors, isSubmitting } = form.formState;
  const watched = form.watch();
  const preview: PostalAddress = {
    name: watched.name ?? "",
    company: watched.company || null,
    line1: watched.line1 ?? "",
    line2: watched.line2 || null,
    city: watched.city ?? "",
    state: (watched.state ?? "").toUpperCase(),
    postalCode: watched.postalCode ?? "",
    country: "US",
  };

  const submit = form.handleSubmit((values) =>
    run(async () => {
      if (address) {
        await api(printSettingsRoutes.updateReturnAddress, {
          params: { orgId: organizationId, returnAddressId: address.id },
          body: { ...values, version: address.version },
          passThrough: true,
        });
        toastSuccess(PRINT_SETTINGS_MESSAGES.returnAddressSaved);
      } else {
        await api(printSettingsRoutes.createReturnAddress, {
          params: { orgId: organizationId },
          body: values,
          passThrough: true,
        });
        toastSuccess(PRINT_SETTINGS_MESSAGES.returnAddressAdded);
      }
      await refreshPrintSettings(client, organizationId);
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={address ? "Edit return address" : "Add return address"}>
      <Stack gap="md">
        <FormError message={formError} />
        <Text size="sm" c="dimmed">
          A US address. Each line holds at most 40 characters so that it fits the envelope window.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" required data-autofocus {...form.register("name")} error={errors.name?.message} />
          <TextInput label="Company" {...form.register("company")} error={errors.company?.message} />
          <TextInput label="Address line 1" required {...form.register("line1")} error={errors.line1?.message} />
          <TextInput label="Address line 2" {...form.register("line2")} error={errors.line2?.message} />
          <TextInput label="City" required {...form.register("city")} error={errors.city?.message} />
          <Controller
            control={form.control}
            name="state"
            render={({ field }) => (
              <Select
                label="State"
                required
                searchable
                data={stateOptions}
                value={field.value ? field.value.toUpperCase() : null}
                onChange={(value) => field.onChange(value ?? "")}
                onBlur={field.onBlur}
                error={errors.state?.message}
              />
            )}
          />
          <TextInput
            label="ZIP code"
            required
            inputMode="numeric"
            {...form.register("postalCode")}
            error={errors.postalCode?.message}
          />
          <TextInput label="Country" value="United States" readOnly />
        </SimpleGrid>
        <Checkbox label="Default return address" {...form.register("isDefault")} disabled={address?.isDefault} />
        <Paper bg="gray.0" p="sm" radius="md">
          <Text size="sm" fw={600} mb={4}>
            How the envelope window shows it
          </Text>
          <EnvelopeWindow address={preview} />
        </Paper>
        <Footer
          submitting={isSubmitting}
          label={address ? "Save return address" : "Add return address"}
          onCancel={() => void cancel()}
        />
      </Stack>
    </form>
  );
}

type EnvelopeInput = z.input<typeof createBusinessReturnEnvelopeSchema>;
type EnvelopeValues = z.output<typeof createBusinessReturnEnvelopeSchema>;
const ENVELOPE_FIELDS: Path<EnvelopeInput>[] = [
  "returnAddressId",
  "permitNumber",
  "name",
  "postalFacility",
  "imb",
  "isDefault",
];

export function EnvelopeModal(props: {
  organizationId: string;
  envelope: BusinessReturnEnvelope | null;
  addresses: ReturnAddress[];
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={props.opened}
      title={props.envelope ? "Edit business return envelope" : "Add business return envelope"}
      onClose={props.onClose}
    >
      <EnvelopeForm {...props} />
    </FormModal>
  );
}

function EnvelopeForm({
  organizationId,
  envelope,
  addresses,
  onClose,
}: {
  organizationId: string;
  envelope: BusinessReturnEnvelope | null;
  addresses: ReturnAddress[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<EnvelopeInput, unknown, EnvelopeValues>({
    resolver: zodResolver(createBusinessReturnEnvelopeSchema),
    mode: "onTouched",
    defaultValues: {
      name: envelope?.name ?? "",
      permitNumber: envelope?.permitNumber ?? "",
      postalFacility: envelope?.postalFacility ?? "",
      returnAddressId: envelope?.returnAddressId ?? addresses.find((address) => address.isDefault)?.id ?? "",
      imb: envelope?.imb ?? "",
      isDefault: envelope?.isDefault ?? false,
    },
  });
  const { formError, run, cancel } = useFormShell(form, ENVELOPE_FIELDS, onClose);
  const { errors, isSubmitting } = form.formState;
  const watched = form.watch();
  const address = addresses.find((candidate) => candidate.id === watched.returnAddressId) ?? null;

  const submit = form.handleSubmit((values) =>
    run(async () => {
      if (envelope) {
        await api(printSettingsRoutes.updateBusinessReturnEnvelope, {
          params: { orgId: organizationId, envelopeId: envelope.id },
          body: { ...values, version: envelope.version },
          passThrough: true,
        });
        toastSuccess(PRINT_SETTINGS_MESSAGES.breSaved);
      } else {
        await api(printSettingsRoutes.createBusinessReturnEnvelope, {
          params: { orgId: organizationId },
          body: values,
          passThrough: true,
        });
        toastSuccess(PRINT_SETTINGS_MESSAGES.breAdded);
      }
      await refreshPrintSettings(client, organizationId);
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={envelope ? "Edit business return envelope" : "Add business return envelope"}
    >
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput label="Name" required data-autofocus {...form.register("name")} error={errors.name?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Permit number"
            required
            inputMode="numeric"
            {...form.register("permitNumber")}
            error={errors.permitNumber?.message}
          />
          <TextInput
            label="Post office of the permit"
            description="City and state, e.g. Springfield IL"
            required
            {...form.register("postalFacility")}
            error={errors.postalFacility?.message}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="returnAddressId"
          render={({ field }) => (
            <Select
              label="Return address"
              description="The address the envelope carries."
              required
              data={addresses.map((candidate) => ({
                value: candidate.id,
                label: [candidate.company ?? candidate.name, candidate.line1, candidate.city].join(", "),
              }))}
              value={field.value || null}
              allowDeselect={false}
              onChange={(value) => field.onChange(value ?? "")}
              onBlur={field.onBlur}
              error={errors.returnAddressId?.message}
            />
          )}
        />
        <TextInput
          label="Intelligent Mail barcode id"
          description="20, 25, 29 or 31 digits, as the post office gave it (optional)."
          inputMode="numeric"
          {...form.register("imb")}
          error={errors.imb?.message}
        />
        <Checkbox
          label="Default business return envelope"
          {...form.register("isDefault")}
          disabled={envelope?.isDefault}
        />
        {address && (
          <Paper bg="gray.0" p="sm" radius="md">
            <Text size="sm" fw={600} mb={4}>
              How the envelope reads
            </Text>
            <EnvelopeWindow
              lines={envelopeWindowLines(
                { permitNumber: watched.permitNumber || "…", postalFacility: watched.postalFacility || "…" },
                address,
              )}
            />
          </Paper>
        )}
        <Footer
          submitting={isSubmitting}
          label={envelope ? "Save envelope" : "Add envelope"}
          onCancel={() => void cancel()}
        />
      </Stack>
    </form>
  );
}

type CarrierInput = z.input<typeof createCarrierSchema>;
type CarrierValues = z.output<typeof createCarrierSchema>;
const CARRIER_FIELDS: Path<CarrierInput>[] = ["code", "name", "service", "use", "enabled", "isDefault"];
const useOptions = CARRIER_USES.map((value) => ({ value, label: CARRIER_USE_LABELS[value] }));

export function CarrierModal(props: {
  organizationId: string;
  carrier: Carrier | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={props.opened} title={props.carrier ? "Edit carrier" : "Add carrier"} onClose={props.onClose}>
      <CarrierForm {...props} />
    </FormModal>
  );
}

function CarrierForm({
  organizationId,
  carrier,
  onClose,
}: {
  organizationId: string;
  carrier: Carrier | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<CarrierInput, unknown, CarrierValues>({
    resolver: zodResolver(createCarrierSchema),
    mode: "onTouched",
    defaultValues: {
      code: carrier?.code ?? "USPS",
      name: carrier?.name ?? "United States Postal Service",
      service: carrier?.service ?? "",
      use: carrier?.use ?? "BOTH",
      enabled: carrier?.enabled ?? true,
      isDefault: carrier?.isDefault ?? false,
    },
  });
  const { formError, run, cancel } = useFormShell(form, CARRIER_FIELDS, onClose, "service");
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit((values) =>
    run(async () => {
      if (carrier) {
        await api(printSettingsRoutes.updateCarrier, {
          params: { orgId: organizationId, carrierId: carrier.id },
          body: { ...values, version: carrier.version },
          passThrough: true,
        });
        toastSuccess(PRINT_SETTINGS_MESSAGES.carrierSaved);
      } else {
        await api(printSettingsRoutes.createCarrier, {
          params: { orgId: organizationId },
          body: values,
          passThrough: true,
        });
        toastSuccess(PRINT_SETTINGS_MESSAGES.carrierAdded);
      }
      await refreshPrintSettings(client, organizationId);
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={carrier ? "Edit carrier" : "Add carrier"}>
      <Stack gap="md">
        <FormError message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Code"
            description="e.g. USPS, UPS, FEDEX"
            required
            data-autofocus
            {...form.register("code")}
            error={errors.code?.message}
          />
          <TextInput label="Name" required {...form.register("name")} error={errors.name?.message} />
          <TextInput
            label="Service level"
            description="e.g. First-Class, Priority, Overnight"
            required
            {...form.register("service")}
            error={errors.service?.message}
          />
          <Controller
            control={form.control}
            name="use"
            render={({ field }) => (
              <Select
                label="Used for"
                data={useOptions}
                value={field.value ?? "BOTH"}
                allowDeselect={false}
                onChange={(value) => value && field.onChange(value)}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={errors.enabled?.message}
            />
          )}
        />
        <Checkbox label="Default carrier" {...form.register("isDefault")} disabled={carrier?.isDefault} />
        <Footer
          submitting={isSubmitting}
          label={carrier ? "Save carrier" : "Add carrier"}
          onCancel={() => void cancel()}
        />
      </Stack>
    </form>
  );
}
