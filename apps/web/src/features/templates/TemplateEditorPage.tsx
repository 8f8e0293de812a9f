import { Alert, Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../api/api-error.ts";
import { Page } from "../../components/Page.tsx";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useHasPermission, usePermissionBits } from "../../session/permissions.ts";
import { RefusalPage } from "../system/RefusalPage.tsx";
import { TemplateDocuments, TemplateSlots, TemplateVersions } from "./TemplateContents.tsx";
import { TemplateDetailsForm, useTemplateDetails } from "./TemplateDetailsForm.tsx";
import { TemplateSummaryCard } from "./TemplateSummaryCard.tsx";
import { TemplateBreadcrumbs } from "./TemplatesPage.tsx";
import { type AnyTemplate, isDocumentTemplate, TEMPLATE_KIND_INFO, type TemplateKind } from "./template-kinds.ts";
import { templateQueries } from "./template-queries.ts";

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
    body = <RefusalPage area={`${info.noun}s`} reason={{ permission: "VIEW_ADMIN_SETTINGS" }} level={2} />;
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
  const details = useTemplateDetails(kind, organizationId, template);
  const { allowLeave } = useUnsavedChangesGuard(details.dirty);
  return (
    <Stack gap="lg">
      <TemplateSummaryCard
        kind={kind}
        organizationId={organizationId}
        template={template}
        canManage={canManage}
        dirty={details.dirty}
        allowLeave={allowLeave}
        other={props.other}
      />
      <TemplateDetailsForm
        organizationId={organizationId}
        template={template}
        details={details}
        canManage={canManage}
      />
      <TemplateSlots slots={template.slots} />
      {isDocumentTemplate(template) ? (
        <TemplateVersions organizationId={organizationId} templateId={template.id} latest={template.latestVersion} />
      ) : (
        <TemplateDocuments documents={template.documents} />
      )}
    </Stack>
  );
}
