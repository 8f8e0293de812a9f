import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KIND_INFO,
  EMAIL_TEMPLATE_KINDS,
  type EmailTemplate,
  type EmailTemplateKind,
  emailTemplateRoutes,
} from "@signet/contract";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { AnchorLink } from "../../../components/links.tsx";
import { Page } from "../../../components/Page.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useHasPermission, usePermissionBits } from "../../../session/permissions.ts";
import { emailTemplateQueries, refreshEmailTemplates } from "./email-template-queries.ts";

export const MANAGE_TEMPLATES_TOOLTIP = "You need the Manage settings permission to change email templates";

export function EmailTemplateBreadcrumbs({ current }: { current?: string }) {
  return (
    <Breadcrumbs mb="md">
      <Anchor component={Link} to="/settings">
        Settings
      </Anchor>
      {current ? (
        <Anchor component={Link} to="/settings/email-templates">
          Email templates
        </Anchor>
      ) : (
        <Text>Email templates</Text>
      )}
      {current && <Text>{current}</Text>}
    </Breadcrumbs>
  );
}

const languagesOf = (template: EmailTemplate) =>
  template.contents.es ? "English, Spanish" : "English (Spanish: built-in text)";

/** Settings › Email templates: every message the product sends, by kind, with the organization's own texts. */
export function EmailTemplatesPage({ organizationId }: { organizationId: string }) {
  const known = usePermissionBits() !== null;
  const canView = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const list = useQuery({ ...emailTemplateQueries.list(organizationId), enabled: canView && organizationId !== "" });
  const [adding, setAdding] = useState<EmailTemplateKind | null>(null);

  let body: React.ReactNode;
  if (!known || (canView && list.isPending)) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the email templates">
        <Skeleton height={36} />
        {EMAIL_TEMPLATE_KINDS.slice(0, 6).map((kind) => (
          <Skeleton key={kind} height={44} />
        ))}
      </Stack>
    );
  } else if (!canView) {
    body = (
      <Paper withBorder p="xl">
        <Text fw={600}>You cannot see this organization's email templates.</Text>
        <Text size="sm">
          Email templates need the View settings or Manage settings permission; ask an administrator.
        </Text>
      </Paper>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" role="alert" title="The email templates could not be loaded.">
        {errorMessage(list.error)} Reload the page to try again.
      </Alert>
    );
  } else {
    const byKind = new Map<EmailTemplateKind, EmailTemplate[]>();
    for (const template of list.data?.records ?? [])
      byKind.set(template.kind, [...(byKind.get(template.kind) ?? []), template]);
    body = (
      <Stack gap="md">
        {!canManage && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {MANAGE_TEMPLATES_TOOLTIP}.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Each message uses your organization's default template of its kind, in the recipient's language where Signet
          knows it (English or Spanish). Without one, Signet's built-in text is sent.
        </Text>
        <Paper withBorder>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Message</Table.Th>
                <Table.Th>Template</Table.Th>
                <Table.Th>Languages</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {EMAIL_TEMPLATE_KINDS.map((kind) => {
                const info = EMAIL_TEMPLATE_KIND_INFO[kind];
                const templates = byKind.get(kind) ?? [];
                return (
                  <Table.Tr key={kind}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {info.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {info.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {templates.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          Built-in text
                        </Text>
                      ) : (
                        <Stack gap={4}>
                          {templates.map((template) => (
                            <Group key={template.id} gap="xs">
                              <AnchorLink
                                to="/settings/email-templates/$templateId"
                                params={{ templateId: template.id }}
                                size="sm"
                              >
                                {template.name}
                              </AnchorLink>
                              {template.isDefault && (
                                <Badge size="sm" variant="light">
                                  Default
                                </Badge>
                              )}
                            </Group>
                          ))}
                        </Stack>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        {templates.length === 0 ? (
                          <Text size="sm">English, Spanish</Text>
                        ) : (
                          templates.map((template) => (
                            <Text key={template.id} size="sm">
                              {languagesOf(template)}
                            </Text>
                          ))
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right">
                      {(templates.length === 0 || info.perPackage) && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconPlus size={14} />}
                          disabled={!canManage}
                          title={canManage ? undefined : MANAGE_TEMPLATES_TOOLTIP}
                          onClick={() => setAdding(kind)}
                          aria-label={`${templates.length === 0 ? "Customize" : "Add template"}: ${info.label}`}
                        >
                          {templates.length === 0 ? "Customize" : "Add template"}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      </Stack>
    );
  }

  return (
    <Page title="Email templates">
      <EmailTemplateBreadcrumbs />
      {body}
      <NewTemplateModal
        organizationId={organizationId}
        kind={adding}
        existing={adding ? (list.data?.records ?? []).filter((t) => t.kind === adding) : []}
        onClose={() => setAdding(null)}
      />
    </Page>
  );
}

function NewTemplateModal({
  organizationId,
  kind,
  existing,
  onClose,
}: {
  organizationId: string;
  kind: EmailTemplateKind | null;
  existing: EmailTemplate[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [chosenKind, setChosenKind] = useState<EmailTemplateKind | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const effectiveKind = chosenKind ?? kind;
  const suggested = effectiveKind ? EMAIL_TEMPLATE_KIND_INFO[effectiveKind].label : "";

  const create = async () => {
    if (!effectiveKind) return;
    const finalName = (name || suggested).trim();
    setSaving(true);
    try {
      const created = await api(emailTemplateRoutes.createEmailTemplate, {
        params: { orgId: organizationId },
        body: {
          kind: effectiveKind,
          name: finalName,
          isDefault: existing.length === 0,
          contents: DEFAULT_EMAIL_TEMPLATES[effectiveKind],
        },
      });
      await refreshEmailTemplates(queryClient, organizationId);
      toastSuccess(`Email template "${created.name}" added.`);
      setName("");
      setChosenKind(null);
      onClose();
      void navigate({ to: "/settings/email-templates/$templateId", params: { templateId: created.id } });
    } catch (failure) {
      const nameProblem = failure instanceof ApiError ? failure.details?.find((d) => d.path === "name") : undefined;
      if (nameProblem) setError(nameProblem.message);
      else toastError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={kind !== null} onClose={onClose} title="New email template">
      <Stack
        gap="md"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Select
          label="Message"
          data={EMAIL_TEMPLATE_KINDS.map((value) => ({ value, label: EMAIL_TEMPLATE_KIND_INFO[value].label }))}
          value={effectiveKind}
          onChange={(value) => setChosenKind(value as EmailTemplateKind | null)}
          allowDeselect={false}
        />
        <TextInput
          label="Name"
          description="How you find it in lists, such as in a package's invitation step."
          placeholder={suggested}
          value={name}
          maxLength={100}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <Text size="sm" c="dimmed">
          It starts from Signet's built-in English and Spanish text; change it in the editor next.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Create template
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
