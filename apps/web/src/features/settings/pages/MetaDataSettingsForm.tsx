import { Button, Group, Stack, Text } from "@mantine/core";
import {
  parseSettingInput,
  type SettingMetaData,
  type SettingName,
  settingMetaDataRoutes,
  settingValueOrDefault,
} from "@signet/contract";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo } from "react";
import { type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { invalidateSigningRoom } from "../signing-room-queries.ts";
import { useSettingsPageContext } from "./settings-page-context.ts";

// Issue 13 §2: one settings page's form over the metaData API (spec §7). It reads the page's
// settings by name, keeps their typed values in a react-hook-form form, checks each changed one by
// the registry's rules (the form's resolver) before sending, saves only the changed ones with the
// version read (PUT), shows the page's spec §8 toast, asks before leaving with unsaved changes and,
// when the settings cannot be read, sends the Settings page back to ORGANIZATION with the error
// (spec §4).

export type SettingValues = Partial<Record<SettingName, unknown>>;

export const metaDataQuery = (orgId: string, names: readonly SettingName[]) =>
  queryOptions({
    queryKey: ["settings", orgId, "metaData", [...names].sort().join(",")],
    queryFn: ({ signal }) =>
      api(settingMetaDataRoutes.listSettingMetaData, {
        params: { orgId },
        query: { settingNames: names.join(",") },
        signal,
        passThrough: true,
      }),
    retry: false,
  });

/** After a save every view of the settings reads again (typed views, the package builder, the signing room form). */
export async function invalidateSettingViews(client: QueryClient, orgId: string) {
  await Promise.all([
    client.invalidateQueries({ queryKey: ["settings", orgId] }),
    client.invalidateQueries({ queryKey: ["packages", orgId, "settings"] }),
    invalidateSigningRoom(client, orgId),
  ]);
}

export interface FieldProps {
  values: SettingValues;
  set: (name: SettingName, value: unknown) => void;
  errors: Partial<Record<SettingName, string>>;
  disabled: boolean;
}

export function MetaDataSettingsForm(props: {
  organizationId: string;
  names: readonly SettingName[];
  /** the form's accessible name, e.g. "Branding settings" */
  label: string;
  saveLabel: string;
  toast: string;
  /** asked before saving (e.g. spec §8 identity verification confirmation); false cancels */
  confirm?: (changed: SettingName[]) => Promise<boolean>;
  children: (field: FieldProps) => ReactNode;
}) {
  const query = useQuery(metaDataQuery(props.organizationId, props.names));
  const context = useSettingsPageContext();
  const { error } = query;
  useEffect(() => {
    if (error) context.loadFailed(errorMessage(error));
  }, [error, context]);
  if (query.isPending) return <Spinner />;
  if (!query.data) return <FormError message={errorMessage(query.error)} />;
  return <Form key={JSON.stringify(query.data.records)} {...props} records={query.data.records} />;
}

/**
 * The registry's own check (parseSettingInput: each setting's schema) of the changed settings, as the
 * form's resolver; the values pass on as they are, the save turns them into the setting texts.
 */
function settingsResolver(names: readonly SettingName[], initial: SettingValues): Resolver<SettingValues> {
  return async (values) => {
    const errors: FieldErrors<SettingValues> = {};
    for (const name of names) {
      if (JSON.stringify(values[name]) === JSON.stringify(initial[name])) continue;
      const parsed = parseSettingInput(name, values[name]);
      if (!parsed.ok) errors[name] = { type: "validate", message: parsed.message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

function Form(props: Parameters<typeof MetaDataSettingsForm>[0] & { records: SettingMetaData[] }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const byName = useMemo(
    () => new Map(props.records.map((record) => [record.settingName as SettingName, record])),
    [props.records],
  );
  const initial = useMemo(() => {
    const values: SettingValues = {};
    for (const name of props.names) values[name] = settingValueOrDefault(name, byName.get(name)?.value);
    return values;
  }, [props.names, byName]);
  const form = useForm<SettingValues>({
    defaultValues: initial,
    resolver: settingsResolver(props.names, initial),
  });
  const values = { ...initial, ...useWatch({ control: form.control }) } as SettingValues;
  const changed = props.names.filter((name) => JSON.stringify(values[name]) !== JSON.stringify(initial[name]));
  const dirty = changed.length > 0;

  const { submit, formError, mutation } = useFormMutation(form, {
    mutationFn: async (current: SettingValues) => {
      const body = [];
      for (const name of changed) {
        const parsed = parseSettingInput(name, current[name]);
        if (parsed.ok) body.push({ settingName: name, value: parsed.text, version: byName.get(name)?.version ?? 0 });
      }
      if (body.length === 0) return false;
      if (props.confirm && !(await props.confirm(changed))) return false;
      await api(settingMetaDataRoutes.updateSettingMetaData, {
        params: { orgId: props.organizationId },
        body,
        passThrough: true,
      });
      return true;
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      allowLeave();
      toastSuccess(props.toast);
      await invalidateSettingViews(client, props.organizationId);
    },
  });
  const { allowLeave } = useUnsavedChangesGuard(dirty && !mutation.isPending);

  const set = (name: SettingName, value: unknown) => {
    form.setValue(name, value, { shouldDirty: true });
    form.clearErrors(name);
  };
  const errors: Partial<Record<SettingName, string>> = {};
  for (const [name, error] of Object.entries(form.formState.errors)) {
    if (error?.message) errors[name as SettingName] = String(error.message);
  }

  return (
    <form aria-label={props.label} noValidate onSubmit={submit}>
      <Stack gap="lg">
        <FormError message={formError} />
        {props.children({ values, set, errors, disabled: !canManage })}
        <Group justify="flex-end">
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button type="submit" loading={mutation.isPending} disabled={!canManage}>
            {props.saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
