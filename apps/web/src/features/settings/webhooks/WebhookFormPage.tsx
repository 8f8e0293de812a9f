import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType, webhookRoutes } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { Page } from "../../../components/Page.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { GuardedButton } from "./GuardedControls.tsx";
import { MANAGE_WEBHOOKS_TOOLTIP, useWebhookAccess } from "./use-webhook-access.ts";
import { type RevealedWebhookSecret, WebhookSecretModal } from "./WebhookSecretModal.tsx";
import { LoadError, NotAllowed, WebhookBreadcrumbs } from "./WebhookStates.tsx";
import { WEBHOOK_EVENT_GROUPS, webhookEventWords } from "./webhook-event-words.ts";
import {
  initialWebhookForm,
  sameWebhookForm,
  type WebhookFormValues,
  webhookFormBody,
  webhookFormErrors,
} from "./webhook-form.ts";
import { refreshWebhooks, webhookQueries } from "./webhook-queries.ts";

/** Add a webhook (no id) or edit one. */
export function WebhookFormPage({ organizationId, webhookId }: { organizationId: string; webhookId?: string }) {
  const access = useWebhookAccess();
  const title = webhookId ? "Edit webhook" : "Add webhook";
  const existing = useQuery({
    ...webhookQueries.one(organizationId, webhookId ?? ""),
    enabled: webhookId !== undefined && access.canView && organizationId !== "",
  });

  let body: ReactNode;
  if (!access.known || (webhookId && access.canView && existing.isPending)) {
    body = (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the webhook">
        <Skeleton height={60} />
        <Skeleton height={80} />
        <Skeleton height={220} />
      </Stack>
    );
  } else if (!access.canView) body = <NotAllowed />;
  else if (webhookId && existing.isError) body = <LoadError error={existing.error} what="webhook" />;
  else
    body = (
      <WebhookForm
        key={existing.data?.version ?? "new"}
        organizationId={organizationId}
        endpoint={existing.data}
        canManage={access.canManage}
      />
    );

  return (
    <Page title={title} narrow>
      <WebhookBreadcrumbs current={title} />
      {body}
    </Page>
  );
}

type Touched = Partial<Record<"url" | "eventTypes", boolean>>;

function WebhookForm({
  organizationId,
  endpoint,
  canManage,
}: {
  organizationId: string;
  endpoint: WebhookEndpoint | undefined;
  canManage: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState(() => initialWebhookForm(endpoint));
  const [values, setValues] = useState<WebhookFormValues>(initial);
  const [touched, setTouched] = useState<Touched>({});
  const [submitted, setSubmitted] = useState(false);
  // the server's answer about the URL (https only, public address only) until the URL changes
  const [serverUrlError, setServerUrlError] = useState<{ url: string; message: string } | null>(null);
  const [revealed, setRevealed] = useState<RevealedWebhookSecret | null>(null);
  const dirty = !sameWebhookForm(values, initial) && revealed === null;
  const { allowLeave, confirmDiscard } = useUnsavedChangesGuard(dirty);

  const errors = webhookFormErrors(values);
  const shown = (field: "url" | "eventTypes") => (touched[field] || submitted ? errors[field] : undefined);
  const urlError =
    shown("url") ?? (serverUrlError && serverUrlError.url === values.url ? serverUrlError.message : undefined);
  const set = (patch: Partial<WebhookFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const toggle = (type: WebhookEventType, on: boolean) => {
    set({ eventTypes: on ? [...values.eventTypes, type] : values.eventTypes.filter((t) => t !== type) });
    setTouched((t) => ({ ...t, eventTypes: true }));
  };
  const backToList = () => void navigate({ to: "/settings/webhooks" });

  const saving = useMutation({
    mutationFn: async (form: WebhookFormValues) => {
      const body = webhookFormBody(form);
      if (endpoint) {
        await api(webhookRoutes.updateWebhook, {
          params: { orgId: organizationId, webhookId: endpoint.id },
          body: { ...body, version: endpoint.version },
        });
        return { url: body.url, created: null };
      }
      const created = await api(webhookRoutes.createWebhook, { params: { orgId: organizationId }, body });
      return { url: created.endpoint.url, created };
    },
    onSuccess: async ({ url, created }) => {
      allowLeave();
      toastSuccess(created ? `Webhook ${url} added.` : `Webhook ${url} saved.`);
      await refreshWebhooks(queryClient, organizationId);
      if (created) setRevealed({ url, secret: created.secret, rotated: false });
      else backToList();
    },
    onError: (error, form) => {
      const urlDetail = error instanceof ApiError ? error.details?.find((d) => d.path === "url") : undefined;
      if (urlDetail) setServerUrlError({ url: form.url, message: urlDetail.message });
      else toastError(errorMessage(error));
    },
  });
  const save = () => {
    setSubmitted(true);
    if (Object.keys(errors).length === 0) saving.mutate(values);
  };

  const readOnly = !canManage;
  return (
    <Paper
      withBorder
      p="lg"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="lg">
        {readOnly && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {MANAGE_WEBHOOKS_TOOLTIP}.
          </Alert>
        )}
        <TextInput
          label="URL"
          description="Where Signet sends each event, as an HTTPS POST request."
          placeholder="https://example.com/webhooks/signet"
          required
          value={values.url}
          readOnly={readOnly}
          onChange={(event) => set({ url: event.currentTarget.value })}
          onBlur={() => setTouched((t) => ({ ...t, url: true }))}
          error={urlError}
          autoComplete="off"
          spellCheck={false}
        />
        <Textarea
          label="Description"
          description="Optional: what this webhook is for, such as the system that receives it."
          autosize
          minRows={2}
          maxLength={500}
          value={values.description}
          readOnly={readOnly}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <Stack gap="xs">
          <Text fw={600} size="sm" id="webhook-events-label">
            Events to send
          </Text>
          <Checkbox
            label="All events"
            description="Event types added in a later version of Signet are not included until you choose them."
            checked={values.eventTypes.length === WEBHOOK_EVENT_TYPES.length}
            indeterminate={values.eventTypes.length > 0 && values.eventTypes.length < WEBHOOK_EVENT_TYPES.length}
            disabled={readOnly}
            onChange={(event) => {
              set({ eventTypes: event.currentTarget.checked ? [...WEBHOOK_EVENT_TYPES] : [] });
              setTouched((t) => ({ ...t, eventTypes: true }));
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {WEBHOOK_EVENT_GROUPS.map((group) => {
              const chosen = group.types.filter((type) => values.eventTypes.includes(type));
              const all = chosen.length === group.types.length;
              return (
                <Fieldset key={group.label} legend={`${group.label} events`} variant="filled">
                  <Stack gap="xs">
                    <Checkbox
                      label={`All ${group.label.toLowerCase()} events`}
                      checked={all}
                      indeterminate={chosen.length > 0 && !all}
                      disabled={readOnly}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        const others = values.eventTypes.filter((type) => !group.types.includes(type));
                        set({ eventTypes: on ? [...others, ...group.types] : others });
                        setTouched((t) => ({ ...t, eventTypes: true }));
                      }}
                    />
                    {group.types.map((type) => (
                      <Checkbox
                        key={type}
                        ml="lg"
                        label={webhookEventWords(type)}
                        checked={values.eventTypes.includes(type)}
                        disabled={readOnly}
                        onChange={(event) => toggle(type, event.currentTarget.checked)}
                      />
                    ))}
                  </Stack>
                </Fieldset>
              );
            })}
          </SimpleGrid>
          {shown("eventTypes") && (
            <Text c="red.8" size="sm" role="alert">
              {shown("eventTypes")}
            </Text>
          )}
        </Stack>
        <Switch
          label="Enabled"
          description="A disabled webhook keeps its settings but is sent nothing."
          checked={values.enabled}
          disabled={readOnly}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={async () => {
              if (await confirmDiscard()) {
                allowLeave();
                backToList();
              }
            }}
          >
            Cancel
          </Button>
          <GuardedButton
            type="submit"
            loading={saving.isPending}
            reason={readOnly ? MANAGE_WEBHOOKS_TOOLTIP : null}
            onClick={() => {}}
          >
            {endpoint ? "Save webhook" : "Add webhook"}
          </GuardedButton>
        </Group>
      </Stack>
      <WebhookSecretModal
        revealed={revealed}
        onClose={() => {
          setRevealed(null);
          backToList();
        }}
      />
    </Paper>
  );
}
