import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from "@mantine/core";
import { useSessionUser } from "../../app/services-context.tsx";
import { DocumentIcon } from "../../components/icons.tsx";
import { Page } from "../../components/Page.tsx";
import { useHasPermission } from "../../session/permissions.ts";

// Spec §2 Package workflow.
const STEPS = [
  { title: "Package details", text: "Name the package, add participants and custom fields." },
  { title: "Documents", text: "Upload documents, place tags and set up data collection." },
  { title: "Invitation", text: "Pick the email template and the order participants sign in." },
  { title: "Review", text: "Check everything once more and send the package out." },
];

export function WorkspacePage() {
  const user = useSessionUser();
  const canManage = useHasPermission("MANAGE_DOCUMENTS_PACKAGES");
  return (
    <Page
      title="Workspace"
      description={user ? `Welcome back, ${user.givenName}. You are working in ${user.organizationName}.` : undefined}
      size="xl"
      actions={
        canManage && (
          <Tooltip label="Package creation arrives in an upcoming release">
            <Button disabled leftSection={<DocumentIcon size={16} />}>
              New package
            </Button>
          </Tooltip>
        )
      }
    >
      <Paper withBorder p="xl">
        <EmptyState
          icon={<DocumentIcon size={28} />}
          variant="light"
          title="No packages yet"
          description="Document packages you prepare, or that are shared with your groups, will appear here with their status."
        />
      </Paper>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          How a package is sent
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {STEPS.map((step, index) => (
            <Paper key={step.title} withBorder p="md">
              <Group gap="sm" mb={6} wrap="nowrap">
                <ThemeIcon variant="light" radius="xl" size={28}>
                  <Text fw={700} size="sm">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Text fw={600}>{step.title}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <Badge variant="dot" color="teal">
            eSign
          </Badge>
          <Badge variant="dot" color="gray">
            View only
          </Badge>
          <Badge variant="dot" color="orange">
            Paper
          </Badge>
          <Text size="xs" c="dimmed">
            Each document is signed electronically, only viewed, or executed on paper.
          </Text>
        </Group>
      </Stack>
    </Page>
  );
}
