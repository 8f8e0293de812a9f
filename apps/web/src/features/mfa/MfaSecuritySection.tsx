import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatPhone, MFA_MESSAGES, type MfaEnrolled, type MfaStatus, mfaRoutes } from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormError } from "../../components/FormError.tsx";
import { SecretOnceModal } from "../../components/SecretOnceModal.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { MfaFactorChoice } from "./MfaFactorChoice.tsx";
import { RecoveryCodesList } from "./RecoveryCodesList.tsx";

const MFA_QUERY = ["mfa", "me"] as const;

/** My profile › Security: the signed-in person's second factors and recovery codes (issue 12 §4). */
export function MfaSecuritySection() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: MFA_QUERY, queryFn: () => api(mfaRoutes.getMyMfa, { passThrough: true }) });
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const refresh = (next?: MfaStatus) =>
    next ? client.setQueryData(MFA_QUERY, next) : client.invalidateQueries({ queryKey: MFA_QUERY });

  /** one action at a time, its key marking the button; it answers the toast, or null when the person cancelled */
  const action = useMutation({
    mutationFn: ({ work }: { key: string; work: () => Promise<string | null> }) => work(),
    onSuccess: (message) => {
      if (message) toastSuccess(message);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
  });
  const busy = action.isPending ? (action.variables?.key ?? null) : null;
  const run = (key: string, work: () => Promise<string | null>) =>
    action.mutateAsync({ key, work }).catch(() => undefined);

  const verified = (result: MfaEnrolled) => {
    setAdding(false);
    void refresh(result.status);
    toastSuccess(result.status.authenticator?.verified ? MFA_MESSAGES.authenticatorAdded : MFA_MESSAGES.phoneVerified);
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
  };

  const remove = (kind: "app" | "phone") =>
    run(kind, async () => {
      const confirmed = await openConfirmDialog({
        type: "Warning",
        title: kind === "app" ? "Remove the authenticator app" : "Turn off text message codes",
        message:
          kind === "app"
            ? "Codes from the app will no longer sign you in."
            : "Codes will no longer be texted to your phone, and the MFA phone number is removed.",
        confirmLabel: "Remove",
        confirmColor: "red",
      });
      if (!confirmed) return null;
      const next = await api(kind === "app" ? mfaRoutes.removeMfaAuthenticator : mfaRoutes.removeMfaPhoneNumber, {
        passThrough: true,
      });
      await refresh(next);
      return kind === "app" ? MFA_MESSAGES.authenticatorRemoved : MFA_MESSAGES.phoneRemoved;
    });

  const regenerate = () =>
    run("codes", async () => {
      const confirmed = await openConfirmDialog({
        type: "Confirm",
        title: "Create new recovery codes",
        message: "Your current recovery codes will stop working.",
        confirmLabel: "Create new codes",
      });
      if (!confirmed) return null;
      const answer = await api(mfaRoutes.regenerateMfaRecoveryCodes, { passThrough: true });
      setCodes(answer.recoveryCodes);
      await refresh();
      return MFA_MESSAGES.recoveryCodesRegenerated;
    });

  const data = status.data;
  const onlyFactor = data ? [data.authenticator?.verified, data.phone?.verified].filter(Boolean).length === 1 : false;
  const locked = Boolean(data?.required && onlyFactor);
  const lockedReason = "Your organization requires a second factor: add another one before removing this one.";

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="lg">
            Security
          </Title>
          {data && (
            <Badge color={data.enrolled ? "teal" : "gray"} variant="light">
              {data.enrolled ? "Second factor on" : "Second factor off"}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          A second factor asks for a code after your password when you sign in.
          {data?.required ? " Your organization requires one." : ""}
        </Text>
        {status.isError && <FormError message={errorMessage(status.error)} />}
        {data && (
          <Stack gap="sm">
            <FactorRow
              name="Authenticator app"
              state={data.authenticator?.verified ? "On" : "Not set up"}
              action={
                data.authenticator?.verified ? (
                  <Button
                    variant="default"
                    size="xs"
                    loading={busy === "app"}
                    disabled={locked}
                    title={locked ? lockedReason : undefined}
                    onClick={() => void remove("app")}
                  >
                    Remove
                  </Button>
                ) : null
              }
            />
            <FactorRow
              name="Text message"
              state={
                data.phone?.verified
                  ? `On, to ${formatPhone(data.phone.phoneNumber)}`
                  : data.phone
                    ? `Not verified (${formatPhone(data.phone.phoneNumber)})`
                    : "Not set up"
              }
              action={
                data.phone ? (
                  <Button
                    variant="default"
                    size="xs"
                    loading={busy === "phone"}
                    disabled={locked && Boolean(data.phone.verified)}
                    title={locked && data.phone.verified ? lockedReason : undefined}
                    onClick={() => void remove("phone")}
                  >
                    Remove
                  </Button>
                ) : null
              }
            />
            {data.enrolled && (
              <FactorRow
                name="Recovery codes"
                state={`${data.recoveryCodesRemaining} left`}
                action={
                  <Button variant="default" size="xs" loading={busy === "codes"} onClick={() => void regenerate()}>
                    Create new codes
                  </Button>
                }
              />
            )}
            {adding ? (
              <MfaFactorChoice status={data} onVerified={verified} onCancel={() => setAdding(false)} />
            ) : (
              (!data.authenticator?.verified || !data.phone?.verified) && (
                <Button variant="light" w="fit-content" onClick={() => setAdding(true)}>
                  Add a second factor
                </Button>
              )
            )}
          </Stack>
        )}
      </Stack>
      <SecretOnceModal
        opened={codes !== null}
        title="Your recovery codes"
        warning="Save these codes now. If you lose your phone, each one signs you in once."
        onClose={() => setCodes(null)}
      >
        {codes && <RecoveryCodesList codes={codes} />}
      </SecretOnceModal>
    </Paper>
  );
}

function FactorRow({ name, state, action }: { name: string; state: string; action: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text fw={500}>{name}</Text>
        <Text size="sm" c="dimmed">
          {state}
        </Text>
      </div>
      {action}
    </Group>
  );
}
