import { ActionIcon, Anchor, Button, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { type OnboardingStepId, onboardingRoutes } from "@signet/contract";
import { IconCircleCheck, IconCircleDashed, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { useHasPermission } from "../../session/permissions.ts";

const STEP_TEXT: Record<OnboardingStepId, { label: string; hint: string }> = {
  branding: { label: "Add your branding", hint: "Your colours and logo in the signing room and emails." },
  consent: { label: "Review the eSign consent", hint: "What participants agree to before they sign." },
  people: { label: "Invite your team", hint: "Loan officers and administrators who send packages." },
  template: { label: "Create a first template", hint: "Documents and participants you send again and again." },
  testPackage: {
    label: "Send a test package to yourself",
    hint: "Add yourself as the participant, with your own email address, and sign it.",
  },
};

/**
 * Issue 33 §5: a new organization's administrator sees its first steps on the workspace, each
 * leading to its page and ticked from the organization's data. Dismissing it hides it for this
 * person in this browser; it is gone for good once every step is done.
 */
export function OnboardingChecklistCard({ onStartPackage }: { onStartPackage: () => void }) {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const isAdmin = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const [dismissed, setDismissed] = useLocalStorage({
    key: `signet.onboarding-dismissed.${organizationId}.${user?.uid ?? ""}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const checklist = useQuery({
    queryKey: ["onboarding-checklist", organizationId],
    queryFn: ({ signal }) =>
      api(onboardingRoutes.getOnboardingChecklist, { params: { orgId: organizationId }, signal }),
    enabled: isAdmin && organizationId !== "" && !dismissed,
  });
  const data = checklist.data;
  if (!isAdmin || dismissed || !data || data.allDone) return null;

  const links: Record<OnboardingStepId, ReactNode> = {
    branding: (
      <AnchorLink to="/settings" search={{ page: "branding" }}>
        {STEP_TEXT.branding.label}
      </AnchorLink>
    ),
    consent: (
      <AnchorLink to="/settings" search={{ page: "esign-consent" }}>
        {STEP_TEXT.consent.label}
      </AnchorLink>
    ),
    people: (
      <AnchorLink to="/organizations/$organizationId/users/new" params={{ organizationId }}>
        {STEP_TEXT.people.label}
      </AnchorLink>
    ),
    template: (
      <AnchorLink to="/settings/package-templates" search={{ new: "1" }}>
        {STEP_TEXT.template.label}
      </AnchorLink>
    ),
    testPackage: (
      <Anchor component="button" type="button" onClick={onStartPackage}>
        {STEP_TEXT.testPackage.label}
      </Anchor>
    ),
  };
  const done = data.steps.filter((step) => step.done).length;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="onboarding-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} fz="lg" id="onboarding-title">
              Get {user?.organizationName ?? "your organization"} ready
            </Title>
            <Text size="sm" c="dimmed">
              {done} of {data.steps.length} done. Each step opens the page where you do it.
            </Text>
          </div>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Dismiss the checklist"
            onClick={() => setDismissed(true)}
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Progress value={(done / data.steps.length) * 100} size="sm" aria-label="Steps done" />
        <List spacing="sm" listStyleType="none" aria-label="First steps">
          {data.steps.map((step) => (
            <List.Item
              key={step.id}
              data-step={step.id}
              data-done={step.done}
              icon={
                <ThemeIcon color={step.done ? "teal" : "gray"} variant="light" size={24} radius="xl">
                  {step.done ? <IconCircleCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="sm" fw={500} td={step.done ? "line-through" : undefined}>
                {links[step.id]}
                <Text span size="sm" c="dimmed">
                  {step.done ? " (done)" : ""}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {STEP_TEXT[step.id].hint}
              </Text>
            </List.Item>
          ))}
        </List>
        <div>
          <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setDismissed(true)}>
            Hide this checklist
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
