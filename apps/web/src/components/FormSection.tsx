import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled card of a form page: the heading (level 2), an optional hint under it, then the fields. */
export function FormSection(props: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        {props.description === undefined ? (
          <Title order={2} fz="lg">
            {props.title}
          </Title>
        ) : (
          <div>
            <Title order={2} fz="lg">
              {props.title}
            </Title>
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          </div>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
