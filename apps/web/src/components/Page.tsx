import { Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Page frame: a title row (with optional actions) above the content. Every page has the same frame
 * width as the header and footer (Container "xl"), so the title and margins never move between
 * screens; a form page sets `narrow` to keep its fields in a readable column, left-aligned under
 * the title, inside that same frame.
 */
export function Page({
  title,
  description,
  actions,
  narrow = false,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <Container size="xl" py="xl" w="100%">
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
        {narrow ? (
          <Box maw={PAGE_FORM_WIDTH} w="100%">
            <Stack gap="lg">{children}</Stack>
          </Box>
        ) : (
          children
        )}
      </Stack>
    </Container>
  );
}

/** Mantine's "md" container: about 75 characters of body text, the width forms read best at. */
const PAGE_FORM_WIDTH = 720;
