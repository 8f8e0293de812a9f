import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, PasswordInput, Select, Stack, Switch, TextInput } from "@mantine/core";
import {
  createEVaultSchema,
  EDEPOSIT_MESSAGES,
  EVAULT_ADAPTER_LABELS,
  EVAULT_ADAPTERS,
  type EVault,
  eDepositRoutes,
} from "@signet/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormModal } from "../../components/FormModal.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../kit/use-form-mutation.ts";
import { refreshEVaults } from "./edeposit-queries.ts";

export const KEEP_SECRET_HINT = "Leave empty to keep the stored secret";

// On edit the secret may stay empty (the stored one is kept); otherwise the contract's rules.
const editEVaultSchema = createEVaultSchema.extend({ clientSecret: z.string().max(2000) });
type EVaultInput = z.input<typeof createEVaultSchema>;
type EVaultValues = z.output<typeof createEVaultSchema>;
const FIELDS: Path<EVaultInput>[] = ["name", "adapter", "url", "clientId", "clientSecret", "enabled"];

const adapterOptions = EVAULT_ADAPTERS.map((value) => ({ value, label: EVAULT_ADAPTER_LABELS[value] }));

/** Add an eVault (vault null) or change one; the client secret is never shown back. */
export function EVaultFormModal({
  organizationId,
  vault,
  opened,
  onClose,
}: {
  organizationId: string;
  vault: EVault | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={vault ? `Edit ${vault.name}` : "Add eVault"}>
      <EVaultForm key={vault?.version ?? "new"} organizationId={organizationId} vault={vault} onDone={onClose} />
    </FormModal>
  );
}

function EVaultForm({
  organizationId,
  vault,
  onDone,
}: {
  organizationId: string;
  vault: EVault | null;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<EVaultInput, unknown, EVaultValues>({
    resolver: zodResolver(vault ? editEVaultSchema : createEVaultSchema),
    mode: "onTouched",
    defaultValues: {
      name: vault?.name ?? "",
      adapter: vault?.adapter ?? "reference",
      url: vault?.url ?? "",
      clientId: vault?.clientId ?? "",
      clientSecret: "",
      enabled: vault?.enabled ?? true,
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);

  const { submit, formError } = useFormMutation(form, {
    fields: FIELDS,
    duplicateField: "name",
    mutationFn: async (values) => {
      if (vault) {
        const { clientSecret, ...rest } = values;
        await api(eDepositRoutes.updateEVault, {
          params: { orgId: organizationId, evaultId: vault.id },
          body: { ...rest, version: vault.version, ...(clientSecret ? { clientSecret } : {}) },
          passThrough: true,
        });
      } else {
        await api(eDepositRoutes.createEVault, { params: { orgId: organizationId }, body: values, passThrough: true });
      }
      allowLeave();
      toastSuccess(EDEPOSIT_MESSAGES.saved);
      await refreshEVaults(client, organizationId);
      onDone();
    },
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={vault ? "Edit eVault" : "Add eVault"}>
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput
          label="Name"
          description="How senders see this eVault when they choose where a package is deposited."
          required
          data-autofocus
          {...form.register("name")}
          error={errors.name?.message}
        />
        <Controller
          control={form.control}
          name="adapter"
          render={({ field }) => (
            <Select
              label="Protocol"
              description="How Signet speaks to the eVault."
              data={adapterOptions}
              value={field.value ?? "reference"}
              allowDeselect={false}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              error={errors.adapter?.message}
            />
          )}
        />
        <TextInput
          label="URL"
          description="The eVault's address, as its provider gave it."
          placeholder="https://vault.example.com"
          required
          autoComplete="off"
          spellCheck={false}
          {...form.register("url")}
          error={errors.url?.message}
        />
        <TextInput
          label="Client ID"
          required
          autoComplete="off"
          spellCheck={false}
          {...form.register("clientId")}
          error={errors.clientId?.message}
        />
        <PasswordInput
          label="Client secret"
          description={vault ? KEEP_SECRET_HINT : "Stored encrypted; it is never shown again."}
          required={!vault}
          autoComplete="new-password"
          {...form.register("clientSecret")}
          error={errors.clientSecret?.message}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              description="Only enabled eVaults can be chosen for a package."
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
            {vault ? "Save eVault" : "Add eVault"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
