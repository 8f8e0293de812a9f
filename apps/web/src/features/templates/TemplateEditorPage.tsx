import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { groupRoutes, TEMPLATE_MESSAGES } from "@signet/contract";
import { IconEdit, IconUpload } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormSection } from "../../components/FormSection.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { Page } from "../../components/Page.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useHasPermission, usePermissionBits } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { BulkSendLink } from "../bulk-send/BulkSendLink.tsx";
import { MANAGE_TEMPLATES_REASON, StatusBadge, TemplateBreadcrumbs, useTemplateActions } from "./TemplatesPage.tsx";
import {
  type AnyTemplate,
  isDocumentTemplate,
  TEMPLATE_KIND_INFO,
  type TemplateKind,
  templateApi,
} from "./template-kinds.ts";
import { refreshTemplates, templateQueries } from "./template-queries.ts";

interface Values {
  name: string;
  description: string;
  groupIds: string[];
}
const valuesOf = (template: AnyTemplate): Values => ({
  name: template.name,
  description: template.description ?? "",
  groupIds: template.groups.map((group) => group.groupId),
});
const sameGroups = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Settings › a document or package template: its name, groups, status, versions and the way to the builder. */
export function TemplateEditorPage(props: {
  kind: TemplateKind;
  organizationId: string;
  templateId: string;
  /** a support user's view of another organization */
  other?: string;
}) {
  const { kind, organizationId, templateId } = props;
  const info = TEMPLATE_KIND_INFO[kind];
  const known = usePermissionBits() !== null;
  const canView = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const enabled = canView && organizationId !== "";
  const documentQuery = useQuery({
    ...templateQueries.documentTemplate(organizationId, templateId),
    enabled: enabled && kind === "document",
  });
  const packageQuery = useQuery({
    ...templateQueries.packageTemplate(organizationId, templateId),
    enabled: enabled && kind === "package",
  });
  const query = kind === "document" ? documentQuery : packageQuery;
  const template: AnyTemplate | undefined = query.data;

  let body: React.ReactNode;
  if (!known || (canView && query.isPending)) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={`Loading the ${info.noun}`}>
        <Skeleton height={40} />
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  } else if (!canView) {
    body = (
      <Paper withBorder p="xl">
        <Text fw={600}>You cannot see this organization's {info.noun}s.</Text>
        <Text size="sm">Templates need the View settings or Manage settings permission; ask an administrator.</Text>
      </Paper>
    );
  } else if (!template) {
    body = (
      <Alert color="red" role="alert" title={`The ${info.noun} could not be loaded.`}>
        {query.error ? errorMessage(query.error) : ""} Go back to the list and try again.
      </Alert>
    );
  } else {
    body = (
      <Editor
        kind={kind}
        organizationId={organizationId}
        template={template}
        canManage={canManage}
        other={props.other}
      />
    );
  }
  return (
    <Page title={template?.name ?? info.title}>
      <TemplateBreadcrumbs kind={kind} current={template?.name ?? "…"} other={props.other} />
      {body}
    </Page>
  );
}

function Editor(props: {
  kind: TemplateKind;
  organizationId: string;
  template: AnyTemplate;
  canManage: boolean;
  other?: string;
}) {
  const { kind, organizationId, template, canManage } = props;
  const info = TEMPLATE_KIND_INFO[kind];
  const client = useQueryClient();
  const navigate = useNavigate();
  const actions = useTemplateActions(kind, organizationId);
  const [values, setValues] = useState<Values>(() => valuesOf(template));
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const saved = valuesOf(template);
  const dirty =
    values.name.trim() !== saved.name ||
    values.description.trim() !== saved.description ||
    !sameGroups(values.groupIds, saved.groupIds);
  const { allowLeave } = useUnsavedChangesGuard(dirty);
  // a refetch after an action (a new version number) keeps what the user is typing
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved template only, not each keystroke
  useEffect(() => {
    if (!dirty) setValues(valuesOf(template));
  }, [template]);

  const groupsQuery = useQuery({
    queryKey: ["templates", organizationId, "group-choices"],
    queryFn: ({ signal }) =>
      api(groupRoutes.listGroups, { params: { orgId: organizationId }, signal, passThrough: true }),
    retry: false,
  });
  const groupOptions = new Map<string, string>();
  for (const group of groupsQuery.data?.records ?? []) groupOptions.set(group.id, group.name);
  for (const group of template.groups) groupOptions.set(group.groupId, group.name);

  async function save() {
    if (!values.name.trim()) {
      setNameError("Name is required.");
      return;
    }
    setSaving(true);
    try {
      await templateApi.update(kind, organizationId, template.id, {
        version: template.version,
        ...(values.name.trim() !== saved.name ? { name: values.name.trim() } : {}),
        ...(values.description.trim() !== saved.description ? { description: values.description.trim() || null } : {}),
        ...(!sameGroups(values.groupIds, saved.groupIds) ? { groupIds: values.groupIds } : {}),
      });
      await refreshTemplates(client, organizationId);
      toastSuccess(`Template "${values.name.trim()}" saved.`);
    } catch (error) {
      const nameProblem =
        error instanceof ApiError
          ? (error.details?.find((d) => d.path === "name")?.message ??
            (error.status === 409 && /exists/i.test(error.message) ? error.message : undefined))
          : undefined;
      if (nameProblem) setNameError(nameProblem);
      else if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      await refreshTemplates(client, organizationId);
    } finally {
      setSaving(false);
    }
  }

  async function publish() {
    setPublishing(true);
    try {
      await templateApi.publish(organizationId, template.id, template.version);
      toastSuccess(TEMPLATE_MESSAGES.documentTemplatePublished);
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      await refreshTemplates(client, organizationId);
      setPublishing(false);
    }
  }

  const document = isDocumentTemplate(template) ? template : null;
  const pkg = isDocumentTemplate(template) ? null : template;
  const activateBlocker = !canManage
    ? MANAGE_TEMPLATES_REASON
    : dirty
      ? "Save your changes first"
      : saved.groupIds.length === 0
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
    <Stack gap="lg">
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
                  loading={publishing}
                  data-disabled={publishBlocker !== null || undefined}
                  aria-disabled={publishBlocker !== null || undefined}
                  onClick={(event) => {
                    if (publishBlocker) return event.preventDefault();
                    void publish();
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
                  allowLeave();
                  void navigate({ to: info.listTo, search: { org: props.other } });
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Group>
      </Paper>

      <FormSection title="Template" description="How senders find it and which groups may use it.">
        <form
          aria-label="Template details"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={values.name}
              maxLength={200}
              readOnly={!canManage}
              error={nameError}
              onChange={(event) => {
                setNameError(undefined);
                setValues({ ...values, name: event.currentTarget.value });
              }}
            />
            <Textarea
              label="Description"
              value={values.description}
              maxLength={1000}
              autosize
              minRows={2}
              readOnly={!canManage}
              onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
            />
            <MultiSelect
              label="Groups"
              description={`Members who manage packages in these groups may use the template (at least one is needed to activate it).${groupsQuery.isError ? " The organization's groups could not be listed: only the current ones are shown." : ""}`}
              data={[...groupOptions].map(([value, label]) => ({ value, label }))}
              value={values.groupIds}
              readOnly={!canManage}
              searchable
              onChange={(groupIds) => setValues({ ...values, groupIds })}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!dirty}
                onClick={() => {
                  setValues(saved);
                  setNameError(undefined);
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" loading={saving} disabled={!canManage || !dirty}>
                Save template
              </Button>
            </Group>
          </Stack>
        </form>
      </FormSection>

      <FormSection
        title="Participant slots"
        description="Names and contacts are asked when a package is built from the template."
      >
        {template.slots.length === 0 ? (
          <Text size="sm" c="dimmed">
            No participant slot yet: add them in the builder.
          </Text>
        ) : (
          <List size="sm">
            {template.slots.map((slot) => (
              <List.Item key={`${slot.type}#${slot.roleNumber}`}>{slot.displayName}</List.Item>
            ))}
          </List>
        )}
      </FormSection>

      {pkg && (
        <FormSection
          title="Documents"
          description="Copied from document templates; each keeps the version it came from."
        >
          {pkg.documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No document yet: add document templates in the builder's step 2.
            </Text>
          ) : (
            <Table aria-label="Documents of the template">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>From</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pkg.documents.map((entry) => (
                  <Table.Tr key={entry.documentId}>
                    <Table.Td>{entry.name}</Table.Td>
                    <Table.Td>
                      {entry.sourceTemplateName
                        ? `${entry.sourceTemplateName}, version ${entry.sourceTemplateVersion ?? "?"}${
                            entry.latestVersion &&
                            entry.sourceTemplateVersion &&
                            entry.latestVersion > entry.sourceTemplateVersion
                              ? ` (version ${entry.latestVersion} is available)`
                              : ""
                          }`
                        : "Uploaded"}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </FormSection>
      )}

      {document && (
        <Versions organizationId={organizationId} templateId={template.id} latest={document.latestVersion} />
      )}
    </Stack>
  );
}

function Versions(props: { organizationId: string; templateId: string; latest: number }) {
  const versions = useQuery(templateQueries.documentTemplateVersions(props.organizationId, props.templateId));
  return (
    <FormSection
      title="Versions"
      description="Each published version is kept as it was: packages built from it never change."
    >
      {versions.isPending ? (
        <Skeleton height={60} />
      ) : versions.isError ? (
        <Text size="sm" c="red">
          The versions could not be loaded. {errorMessage(versions.error)}
        </Text>
      ) : versions.data.records.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not published yet: publish it for senders to use it.
        </Text>
      ) : (
        <Table aria-label="Published versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Document</Table.Th>
              <Table.Th>Participant slots</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Published</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.records.map((version) => (
              <Table.Tr key={version.number}>
                <Table.Td>
                  <Group gap="xs">
                    {version.number}
                    {version.number === props.latest && (
                      <Badge size="sm" variant="light">
                        Latest
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {version.documentName}, {version.numPages} pages
                </Table.Td>
                <Table.Td>{version.slots.map((slot) => slot.displayName).join(", ")}</Table.Td>
                <Table.Td>{version.tagCount}</Table.Td>
                <Table.Td>{formatDateTime(version.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </FormSection>
  );
}
