import { Alert, Button, Code, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { ApiError, errorMessage } from "../../api/api-error.ts";

/** A report that could not be read: what happened in the user's words, a retry, the trace id small. */
export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const traceId = error instanceof ApiError ? error.traceId : null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The report could not be loaded">
      <Text size="sm">{errorMessage(error)} Try again; if it keeps failing, contact support.</Text>
      <Button size="xs" variant="light" color="red" mt="sm" onClick={onRetry}>
        Try again
      </Button>
      {traceId && (
        <Text size="xs" c="dimmed" mt="xs">
          Trace ID: <Code>{traceId}</Code>
        </Text>
      )}
    </Alert>
  );
}
