import { Button, Menu, Text, Tooltip } from "@mantine/core";
import { type DocumentTemplate, templateRoutes } from "@signet/contract";
import { IconChevronDown, IconTemplate } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { toastSuccess } from "../../components/toast.ts";
import { useBuilder } from "../packages/builder/builder-context.tsx";
import { useBuilderCall } from "../packages/builder/use-builder-call.ts";
import { templateQueries } from "./template-queries.ts";

/**
 * The builder's documents step: copy the newest version of a document template into the package
 * (its slots matched to the participants). Senders pick among the templates they may use; a
 * package template offers every document template with a published version.
 */
export function AddDocumentTemplateButton(props: { label?: string; onAdded?: () => void }) {
  const { organizationId, packageId, pkg } = useBuilder();
  const call = useBuilderCall();
  const usable = pkg.templateKind === null;
  const list = useQuery(templateQueries.documentTemplates(organizationId, usable));
  const templates = (list.data?.records ?? []).filter((template) => template.latestVersion > 0);
  const label = props.label ?? "Add from template";

  const add = async (template: DocumentTemplate) => {
    const ok = await call(() =>
      api(templateRoutes.addDocumentFromTemplate, {
        params: { orgId: organizationId, packageId },
        body: { documentTemplateId: template.id },
        passThrough: true,
      }),
    );
    if (ok) {
      toastSuccess(`"${template.documentName ?? template.name}" added from the template ${template.name}.`);
      props.onAdded?.();
    }
  };

  if (list.isPending) {
    return (
      <Button variant="default" leftSection={<IconTemplate size={16} aria-hidden />} loading>
        {label}
      </Button>
    );
  }
  if (templates.length === 0) {
    const reason = list.isError
      ? "The document templates could not be loaded"
      : usable
        ? "No document template is shared with your groups yet"
        : "No document template has a published version yet";
    return (
      <Tooltip label={reason}>
        <Button variant="default" leftSection={<IconTemplate size={16} aria-hidden />} data-disabled aria-disabled>
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconTemplate size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Document templates">
        {templates.map((template) => (
          <Menu.Item key={template.id} onClick={() => void add(template)}>
            <Text size="sm" fw={500}>
              {template.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                template.documentName,
                template.numPages ? `${template.numPages} pages` : null,
                `version ${template.latestVersion}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
