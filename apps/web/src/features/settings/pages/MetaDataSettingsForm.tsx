import { Button, Group, Stack, Text } from "@mantine/core";
import {
  parseSettingInput,
  type SettingMetaData,
  type SettingName,
  settingMetaDataRoutes,
  settingValueOrDefault,
} from "@signet/contract";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { invalidateSigningRoom } from "../signing-room-queries.ts";
import { useSettingsPageContext } from "./settings-page-context.ts";

// Issue 13 §2: one settings page's form over the metaData API (spec §7). It reads the page's
// settings by name, keeps a draft of their typed values, checks each by the registry's rules before
// sending, saves only the changed ones with the version read (PUT), shows the page's spec §8 toast,
// asks before leaving with unsaved changes and, when the settings cannot be read, sends the
// Settings page back to ORGANIZATION with the error (spec §4).

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
  const [values, setValues] = useState<SettingValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<SettingName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = props.names.filter((name) => JSON.stringify(values[name]) !== JSON.stringify(initial[name]));
  const dirty = changed.length > 0;
  const { allowLeave } = useUnsavedChangesGuard(dirty && !saving);

  const set = (name: SettingName, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  async function save() {
    setFormError(null);
    const found: Partial<Record<SettingName, string>> = {};
    const body = [];
    for (const name of changed) {
      const parsed = parseSettingInput(name, values[name]);
      if (!parsed.ok) found[name] = parsed.message;
      else body.push({ settingName: name, value: parsed.text, version: byName.get(name)?.version ?? 0 });
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || body.length === 0) return;
    if (props.confirm && !(await props.confirm(changed))) return;
    setSaving(true);
    try {
      await api(settingMetaDataRoutes.updateSettingMetaData, {
        params: { orgId: props.organizationId },
        body,
        passThrough: true,
      });
      allowLeave();
      toastSuccess(props.toast);
      await invalidateSettingViews(client, props.organizationId);
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.handled)) setFormError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      aria-label={props.label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="lg">
        <FormError message={formError} />
        {props.children({ values, set, errors, disabled: !canManage })}
        <Group justify="flex-end">
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button type="submit" loading={saving} disabled={!canManage}>
            {props.saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
