import { Anchor, Breadcrumbs, Button, Code, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { RefusalPage } from "../../system/RefusalPage.tsx";

/** Skeleton rows shaped like a table of `columns` columns. */
export function TableSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={44} />
      ))}
    </Stack>
  );
}

/** A failed load in the user's words, what to do, and the trace id to quote. */
export function LoadError({ error, what }: { error: unknown; what: string }) {
  const traceId = error instanceof ApiError ? error.traceId : null;
  const gone = error instanceof ApiError && error.status === 404;
  const message = errorMessage(error).replace(/[.!]?$/, ".");
  return (
    <Paper withBorder p="xl" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{gone ? `This ${what} no longer exists.` : `The ${what} could not be loaded.`}</Text>
        <Text size="sm">
          {gone
            ? "It may have been deleted. Go back to the webhooks to see those that remain."
            : `${message} Reload the page to try again.`}
        </Text>
        {traceId && !gone && (
          <Text size="xs" c="dimmed">
            Trace ID: <Code>{traceId}</Code>
          </Text>
        )}
        {gone && (
          <Button component={Link} to="/settings/webhooks" variant="default">
            Back to webhooks
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export function NotAllowed() {
  return <RefusalPage area="webhooks" reason={{ permission: "VIEW_ADMIN_SETTINGS" }} level={2} />;
}

/** Settings › Webhooks › …: the way back, since these pages sit beside the Settings tabs. */
export function WebhookBreadcrumbs({ current }: { current?: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs>
        <Anchor component={Link} to="/settings" size="sm">
          Settings
        </Anchor>
        {current ? (
          <Anchor component={Link} to="/settings/webhooks" size="sm">
            Webhooks
          </Anchor>
        ) : (
          <Text size="sm" aria-current="page">
            Webhooks
          </Text>
        )}
        {current && (
          <Text size="sm" aria-current="page">
            {current}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}

export function formatWhen(iso: string | null, empty = "—"): string {
  if (!iso) return empty;
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
