import { Code, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** The error pages' card: what happened, what to do, and the trace id to quote to support. */
export function ErrorPanel({
  title,
  message,
  traceId,
  actions,
}: {
  title: string;
  message: ReactNode;
  traceId?: string | undefined;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder shadow="xs" p="xl" maw={640} mx="auto" my={48} w="100%">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size={40} radius="xl">
            <IconAlertTriangle size={22} />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {title}
          </Title>
        </Group>
        <Text>{message}</Text>
        {traceId && (
          <Text size="sm" c="dimmed">
            Trace ID: <Code>{traceId}</Code>
          </Text>
        )}
        {actions && <Group gap="sm">{actions}</Group>}
      </Stack>
    </Paper>
  );
}
