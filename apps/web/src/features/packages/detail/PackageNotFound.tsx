import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconFileUnknown } from "@tabler/icons-react";
import { ButtonLink } from "../../../components/links.tsx";

/** A package link that leads nowhere (mistyped, deleted, or another organization's): say so and lead back. */
export function PackageNotFound() {
  return (
    <Paper withBorder shadow="xs" p="xl" maw={640} mx="auto" my={48} w="100%">
      <Stack gap="md">
        <ThemeIcon color="gray" variant="light" size={40} radius="xl" aria-hidden>
          <IconFileUnknown size={22} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          This package was not found
        </Title>
        <Text>
          The link may be mistyped, or the package was deleted or belongs to another organization. Your packages are in
          the workspace.
        </Text>
        <div>
          <ButtonLink to="/workspace">Go to the workspace</ButtonLink>
        </div>
      </Stack>
    </Paper>
  );
}
