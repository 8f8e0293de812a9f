import { Code, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The card of every page that cannot show what was asked for (an error, a refusal, a link that
 * leads nowhere): what happened, what to do, the way back, and the trace id to quote to support.
 */
export function ErrorPanel({
  title,
  message,
  traceId,
  actions,
  icon = <IconAlertTriangle size={22} />,
  color = "red",
  level = 1,
  testId,
}: {
  title: string;
  message: ReactNode;
  traceId?: string | undefined;
  actions?: ReactNode;
  icon?: ReactNode;
  color?: "red" | "gray";
  /** 2 inside a page that already has its own title */
  level?: 1 | 2;
  testId?: string;
}) {
  return (
    <Paper withBorder shadow="xs" p="xl" maw={640} mx="auto" my={48} w="100%" data-testid={testId}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={color} variant="light" size={40} radius="xl" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={level} fz={22}>
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
