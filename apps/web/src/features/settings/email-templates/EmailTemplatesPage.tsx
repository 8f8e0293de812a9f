import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import {
  EMAIL_TEMPLATE_KIND_INFO,
  EMAIL_TEMPLATE_KINDS,
  type EmailTemplate,
  type EmailTemplateKind,
} from "@signet/contract";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { AnchorLink } from "../../../components/links.tsx";
import { Page } from "../../../components/Page.tsx";
import { useHasPermission, usePermissionBits } from "../../../session/permissions.ts";
import { RefusalPage } from "../../system/RefusalPage.tsx";
import { emailTemplateQueries } from "./email-template-queries.ts";
import { NewEmailTemplateModal } from "./NewEmailTemplateModal.tsx";

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

/** One row of the list: a kind of message and the organization's templates of it. */
interface KindRow {
  kind: EmailTemplateKind;
  templates: EmailTemplate[];
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
  const columns: Column<KindRow>[] = [
    {
      key: "message",
      label: "Message",
      render: ({ kind }) => (
        <>
          <Text fw={600} size="sm">
            {EMAIL_TEMPLATE_KIND_INFO[kind].label}
          </Text>
          <Text size="xs" c="dimmed">
            {EMAIL_TEMPLATE_KIND_INFO[kind].description}
          </Text>
        </>
      ),
    },
    {
      key: "template",
      label: "Template",
      render: ({ templates }) =>
        templates.length === 0 ? (
          <Text size="sm" c="dimmed">
            Built-in text
          </Text>
        ) : (
          <Stack gap={4}>
            {templates.map((template) => (
              <Group key={template.id} gap="xs">
                <AnchorLink to="/settings/email-templates/$templateId" params={{ templateId: template.id }} size="sm">
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
        ),
    },
    {
      key: "languages",
      label: "Languages",
      render: ({ templates }) => (
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
      ),
    },
    {
      key: "actions",
      label: "Actions",
      labelHidden: true,
      align: "right",
      render: ({ kind, templates }) => {
        const info = EMAIL_TEMPLATE_KIND_INFO[kind];
        return (
          (templates.length === 0 || info.perPackage) && (
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
          )
        );
      },
    },
  ];

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
    body = <RefusalPage area="email templates" reason={{ permission: "VIEW_ADMIN_SETTINGS" }} level={2} />;
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
          knows it (English or Spanish). Without one, Signet's built-in text is sent. Participants served in Chinese,
          Vietnamese, Korean or Tagalog always receive Signet's built-in text in their language.
        </Text>
        <DataTable
          label="Email templates"
          columns={columns}
          rows={EMAIL_TEMPLATE_KINDS.map((kind) => ({ kind, templates: byKind.get(kind) ?? [] }))}
          rowKey={(row) => row.kind}
          empty="No messages."
        />
      </Stack>
    );
  }

  return (
    <Page title="Email templates">
      <EmailTemplateBreadcrumbs />
      {body}
      <NewEmailTemplateModal
        organizationId={organizationId}
        kind={adding}
        existing={adding ? (list.data?.records ?? []).filter((t) => t.kind === adding) : []}
        onClose={() => setAdding(null)}
      />
    </Page>
  );
}
