import { Badge, Button, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { TEMPLATE_MESSAGES } from "@signet/contract";
import { IconEdit, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { ButtonLink } from "../../components/links.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { BulkSendLink } from "../bulk-send/BulkSendLink.tsx";
import { MANAGE_TEMPLATES_REASON, StatusBadge, useTemplateActions } from "./TemplatesPage.tsx";
import {
  type AnyTemplate,
  isDocumentTemplate,
  TEMPLATE_KIND_INFO,
  type TemplateKind,
  templateApi,
} from "./template-kinds.ts";
import { refreshTemplates } from "./template-queries.ts";

/**
 * The template's status and what it holds, with its actions: the builder, publishing a document
 * template's next version, activating, bulk send and deletion.
 */
export function TemplateSummaryCard(props: {
  kind: TemplateKind;
  organizationId: string;
  template: AnyTemplate;
  canManage: boolean;
  /** the details form has changes not saved yet */
  dirty: boolean;
  /** called before leaving the page after deleting the template */
  allowLeave: () => void;
  other?: string;
}) {
  const { kind, organizationId, template, canManage, dirty } = props;
  const info = TEMPLATE_KIND_INFO[kind];
  const client = useQueryClient();
  const navigate = useNavigate();
  const actions = useTemplateActions(kind, organizationId);
  const publish = useMutation({
    mutationFn: () => templateApi.publish(organizationId, template.id, template.version),
    onSuccess: () => toastSuccess(TEMPLATE_MESSAGES.documentTemplatePublished),
    onError: (error) => {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    },
    onSettled: () => refreshTemplates(client, organizationId),
  });

  const document = isDocumentTemplate(template) ? template : null;
  const pkg = isDocumentTemplate(template) ? null : template;
  const groupCount = template.groups.length;
  const activateBlocker = !canManage
    ? MANAGE_TEMPLATES_REASON
    : dirty
      ? "Save your changes first"
      : groupCount === 0
        ? TEMPLATE_MESSAGES.groupRequired
        : document && document.latestVersion === 0
          ? TEMPLATE_MESSAGES.notPublished
          : pkg && pkg.documents.length === 0
            ? TEMPLATE_MESSAGES.noDocuments
            : null;
  const publishBlocker = !canManage
    ? MANAGE_TEMPLATES_REASON
    : document && document.documentName === null
      ? TEMPLATE_MESSAGES.oneDocument
      : document && document.latestVersion > 0 && !document.draftChanged
        ? TEMPLATE_MESSAGES.nothingToPublish
        : null;

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <StatusBadge active={template.active} />
            {document && (
              <Text size="sm">
                {document.latestVersion === 0 ? "Not published yet" : `Version ${document.latestVersion}`}
              </Text>
            )}
            {document?.draftChanged && (
              <Badge color="orange" variant="light" data-testid="unpublished-changes">
                Unpublished changes
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {document
              ? [
                  document.documentName
                    ? `${document.documentName}, ${document.numPages ?? 0} pages`
                    : "No document yet",
                  `${document.slots.length} participant slot${document.slots.length === 1 ? "" : "s"}`,
                  `${document.tagCount} tag${document.tagCount === 1 ? "" : "s"}`,
                ].join(" · ")
              : pkg
                ? [
                    `${pkg.documents.length} document${pkg.documents.length === 1 ? "" : "s"}`,
                    `${pkg.slots.length} participant slot${pkg.slots.length === 1 ? "" : "s"}`,
                    `${pkg.stipCount} signer upload${pkg.stipCount === 1 ? "" : "s"}`,
                    `${pkg.dataFieldCount} question${pkg.dataFieldCount === 1 ? "" : "s"}`,
                  ].join(" · ")
                : ""}
          </Text>
        </Stack>
        <Group gap="sm">
          {props.other ? (
            // the builder works in the signed-in organization
            <Tooltip label="The builder opens only in your own organization">
              <Button
                variant="default"
                leftSection={<IconEdit size={16} aria-hidden />}
                data-disabled
                aria-disabled
                onClick={(event) => event.preventDefault()}
              >
                Edit in builder
              </Button>
            </Tooltip>
          ) : (
            <ButtonLink
              variant={document && document.documentName === null ? "filled" : "default"}
              leftSection={<IconEdit size={16} aria-hidden />}
              to="/packages/$packageId/build"
              params={{ packageId: template.packageId }}
              search={{ step: 1 }}
            >
              Edit in builder
            </ButtonLink>
          )}
          {document && (
            <Tooltip label={publishBlocker ?? ""} disabled={publishBlocker === null}>
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={publish.isPending}
                data-disabled={publishBlocker !== null || undefined}
                aria-disabled={publishBlocker !== null || undefined}
                onClick={(event) => {
                  if (publishBlocker) return event.preventDefault();
                  publish.mutate();
                }}
              >
                Publish version {document.latestVersion + 1}
              </Button>
            </Tooltip>
          )}
          {template.active ? (
            <Button variant="default" disabled={!canManage} onClick={() => void actions.deactivate(template)}>
              Deactivate
            </Button>
          ) : (
            <Tooltip label={activateBlocker ?? ""} disabled={activateBlocker === null}>
              <Button
                variant="light"
                color="teal"
                data-disabled={activateBlocker !== null || undefined}
                aria-disabled={activateBlocker !== null || undefined}
                onClick={(event) => {
                  if (activateBlocker) return event.preventDefault();
                  void actions.activate(template);
                }}
              >
                Activate
              </Button>
            </Tooltip>
          )}
          {kind === "package" && template.active && !props.other && (
            <BulkSendLink templateId={template.id} variant="default" />
          )}
          <Button
            variant="subtle"
            color="red"
            disabled={!canManage}
            onClick={() =>
              void actions.remove(template).then((removed) => {
                if (!removed) return;
                props.allowLeave();
                void navigate({ to: info.listTo, search: { org: props.other } });
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
