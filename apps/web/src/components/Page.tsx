import { Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Page frame: a title row (with optional actions) above the content. */
export function Page({
  title,
  description,
  actions,
  size = "lg",
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  children?: ReactNode;
}) {
  return (
    <Container size={size} py="xl" w="100%">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" mt={4}>
                {description}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
