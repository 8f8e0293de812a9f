import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import {
  CLOSING_CENTER_KIND_LABELS,
  CLOSING_CENTER_KINDS,
  CLOSING_CENTER_MESSAGES,
  type ClosingCenter,
  closingCenterRoutes,
  createClosingCenterSchema,
  DEFAULT_CLOSING_CENTER_PERMISSIONS,
  formatPhone,
} from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormModal } from "../../components/FormModal.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { PERMISSION_OPTIONS } from "./closing-center-format.ts";
import { refreshClosingCenters } from "./closing-center-queries.ts";

type CenterInput = z.input<typeof createClosingCenterSchema>;
type CenterValues = z.output<typeof createClosingCenterSchema>;
const FIELDS: Path<CenterInput>[] = [
  "name",
  "kind",
  "contactEmail",
  "contactPhone",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "defaultPermissions",
  "enabled",
];
const kindOptions = CLOSING_CENTER_KINDS.map((value) => ({ value, label: CLOSING_CENTER_KIND_LABELS[value] }));

/** Add a closing center (center null) or change one. */
export function ClosingCenterFormModal({
  organizationId,
  center,
  opened,
  onClose,
}: {
  organizationId: string;
  center: ClosingCenter | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={center ? `Edit ${center.name}` : "Add closing center"}>
      <ClosingCenterForm
        key={center?.version ?? "new"}
        organizationId={organizationId}
        center={center}
        onDone={onClose}
      />
    </FormModal>
  );
}

function ClosingCenterForm({
  organizationId,
  center,
  onDone,
}: {
  organizationId: string;
  center: ClosingCenter | null;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<CenterInput, unknown, CenterValues>({
    resolver: zodResolver(createClosingCenterSchema),
    mode: "onTouched",
    defaultValues: {
      name: center?.name ?? "",
      kind: center?.kind ?? "TITLE_AGENT",
      contactEmail: center?.contactEmail ?? "",
      contactPhone: center?.contactPhone ? formatPhone(center.contactPhone) : "",
      addressLine1: center?.addressLine1 ?? "",
      addressLine2: center?.addressLine2 ?? "",
      city: center?.city ?? "",
      state: center?.state ?? "",
      postalCode: center?.postalCode ?? "",
      defaultPermissions: center?.defaultPermissions ?? [...DEFAULT_CLOSING_CENTER_PERMISSIONS],
      enabled: center?.enabled ?? true,
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);

  const { submit, formError } = useFormMutation(form, {
    fields: FIELDS,
    duplicateField: "name",
    mutationFn: async (values) => {
      if (center) {
        await api(closingCenterRoutes.updateClosingCenter, {
          params: { orgId: organizationId, closingCenterId: center.id },
          body: { ...values, version: center.version },
          passThrough: true,
        });
      } else {
        await api(closingCenterRoutes.createClosingCenter, {
          params: { orgId: organizationId },
          body: values,
          passThrough: true,
        });
      }
      allowLeave();
      toastSuccess(center ? CLOSING_CENTER_MESSAGES.updated : CLOSING_CENTER_MESSAGES.created);
      await refreshClosingCenters(client, organizationId);
      onDone();
    },
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={center ? "Edit closing center" : "Add closing center"}>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput label="Name" required data-autofocus {...form.register("name")} error={errors.name?.message} />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label="Kind"
              description="Who the closing center is to your packages."
              data={kindOptions}
              value={field.value}
              allowDeselect={false}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              error={errors.kind?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Contact email"
            type="email"
            autoComplete="off"
            {...form.register("contactEmail")}
            error={errors.contactEmail?.message}
          />
          <TextInput
            label="Contact phone"
            type="tel"
            autoComplete="off"
            {...form.register("contactPhone")}
            error={errors.contactPhone?.message}
          />
        </SimpleGrid>
        <TextInput label="Address" {...form.register("addressLine1")} error={errors.addressLine1?.message} />
        <TextInput label="Address line 2" {...form.register("addressLine2")} error={errors.addressLine2?.message} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="City" {...form.register("city")} error={errors.city?.message} />
          <TextInput label="State" {...form.register("state")} error={errors.state?.message} />
          <TextInput label="ZIP code" {...form.register("postalCode")} error={errors.postalCode?.message} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="defaultPermissions"
          render={({ field }) => (
            <Checkbox.Group
              label="When a package is shared, its users may"
              description="A sender can change these for each package."
              value={field.value ?? []}
              onChange={(value) => field.onChange(value)}
              error={errors.defaultPermissions?.message}
            >
              <Stack gap="xs" mt="xs">
                {PERMISSION_OPTIONS.map((option) => (
                  <Checkbox
                    key={option.value}
                    value={option.value}
                    label={option.label}
                    // seeing the package is what a share is: it cannot be taken away
                    checked={option.locked ? true : undefined}
                    disabled={option.locked}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              description="A disabled closing center's users see no package, and no package can be shared with it."
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void cancel()} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {center ? "Save closing center" : "Add closing center"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
