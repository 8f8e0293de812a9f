import { Button, Group, Stack, Switch } from "@mantine/core";
import { SECURITY_SETTING_MESSAGES, securitySettingRoutes } from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";

/** Settings › Security: "Require a second factor" (issue 12 §4, setting key mfa_required). */
export function SecuritySettingsForm({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const client = useQueryClient();
  const queryKey = ["settings", organizationId, "security"];
  const settings = useQuery({
    queryKey,
    queryFn: () =>
      api(securitySettingRoutes.getSecuritySettings, { params: { orgId: organizationId }, passThrough: true }),
  });
  const [required, setRequired] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (mfaRequired: boolean) =>
      api(securitySettingRoutes.updateSecuritySettings, {
        params: { orgId: organizationId },
        body: { mfa_required: mfaRequired },
        passThrough: true,
      }),
    onSuccess: (saved) => {
      client.setQueryData(queryKey, saved);
      toastSuccess(SECURITY_SETTING_MESSAGES.updated);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });
  useEffect(() => {
    if (settings.data) setRequired(settings.data.mfa_required);
  }, [settings.data]);
  if (settings.isError) return <FormError message={errorMessage(settings.error)} />;
  if (required === null) return <Spinner />;

  return (
    <Stack gap="lg">
      <FormSection
        title="Sign-in"
        description="With a second factor, a stolen password alone does not open an account."
      >
        <Switch
          label="Require a second factor"
          description="Members must set up an authenticator app or text message codes. Those who have none are asked to set one up at their next sign-in, before anything else."
          checked={required}
          disabled={!canManage}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
      </FormSection>
      {canManage && (
        <Group justify="flex-end">
          <Button
            onClick={() => save.mutate(required)}
            loading={save.isPending}
            disabled={required === settings.data?.mfa_required}
          >
            Save security settings
          </Button>
        </Group>
      )}
    </Stack>
  );
}
