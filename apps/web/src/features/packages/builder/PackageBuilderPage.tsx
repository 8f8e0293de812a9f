import { Alert, Badge, Button, Group, Stepper } from "@mantine/core";
import { IconArrowLeft, IconTemplate } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useSessionUser } from "../../../app/services-context.tsx";
import { ButtonLink } from "../../../components/links.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { type TemplateOfPackage, useTemplateOfPackage } from "../../templates/template-of-package.ts";
import { packageQueries } from "../package-queries.ts";
import { BuilderProvider, useBuilder } from "./builder-context.tsx";
import { DetailsStep } from "./details-step/DetailsStep.tsx";
import { DocumentsStep } from "./documents-step/DocumentsStep.tsx";
import { InvitationStep } from "./invitation-step/InvitationStep.tsx";
import { ReviewStep } from "./review-step/ReviewStep.tsx";
import { stepDone } from "./review-step/step-status.ts";
import { saveStateText } from "./save-state-text.ts";

// Spec §2 package workflow.
const STEPS = [
  { label: "Details", description: "Package, participants, custom fields" },
  { label: "Documents", description: "Documents, tags, data collection" },
  { label: "Invitation", description: "Email, participant order" },
  { label: "Review", description: "Check and send" },
];

// Issue 13 §3–§4: a template is edited in the same builder, without Send; its last step leads back
// to the template's page (where it is published and activated).
const DOCUMENT_TEMPLATE_STEPS = [
  { label: "Participants", description: "Participant slots, custom fields" },
  { label: "Document", description: "The document and its tags" },
];
const PACKAGE_TEMPLATE_STEPS = [
  { label: "Participants", description: "Participant slots, custom fields" },
  { label: "Documents", description: "Document templates, signer uploads, data collection" },
  { label: "Invitation", description: "Email, signing order, expiration" },
];

function TemplateBanner({ template }: { template: TemplateOfPackage }) {
  return (
    <Alert
      color="indigo"
      icon={<IconTemplate size={18} aria-hidden />}
      title={`Editing ${template.noun} ${template.name ?? ""}`.trim()}
    >
      {template.kind === "DOCUMENT_TEMPLATE"
        ? "Changes are saved as you make them; publish a new version on the template's page for senders to get them."
        : "Changes are saved as you make them and apply to the packages started from the template from now on."}
      <Group mt="sm">
        {template.id ? (
          <ButtonLink
            size="xs"
            variant="light"
            color="indigo"
            leftSection={<IconArrowLeft size={14} aria-hidden />}
            to={template.to}
            params={{ templateId: template.id }}
          >
            Back to template
          </ButtonLink>
        ) : (
          <ButtonLink size="xs" variant="light" color="indigo" to={template.listTo}>
            Back to templates
          </ButtonLink>
        )}
      </Group>
    </Alert>
  );
}

function SaveCounter() {
  const { savesInProgress, dirty, pending, saveFailure } = useBuilder();
  const { text, color } = saveStateText({ saving: savesInProgress > 0 || pending, failure: saveFailure, dirty });
  return (
    <Badge color={color} variant="light" data-testid="save-counter" aria-live="polite">
      {text}
    </Badge>
  );
}

function BuilderShell({ step: requested }: { step: number }) {
  const { pkg, packageId, organizationId, readOnly, dirty, savesInProgress, pending } = useBuilder();
  const navigate = useNavigate();
  // edits that save by themselves are no reason to ask before moving on: they save as the step
  // closes; only closing the tab while they are on their way asks (the browser's own prompt)
  useUnsavedChangesGuard(dirty);
  const saving = savesInProgress > 0 || pending;
  useEffect(() => {
    if (!saving) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", hold);
    return () => window.removeEventListener("beforeunload", hold);
  }, [saving]);
  const template = useTemplateOfPackage(organizationId, pkg);
  // what the documents step shows first, read while the sender is on another step: entering it
  // then asks only for the open document's file
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(packageQueries.documents(organizationId, packageId));
    void queryClient.prefetchQuery(packageQueries.participants(organizationId, packageId));
    void queryClient.prefetchQuery(packageQueries.tags(organizationId, packageId));
  }, [queryClient, organizationId, packageId]);
  const steps =
    pkg.templateKind === "DOCUMENT_TEMPLATE"
      ? DOCUMENT_TEMPLATE_STEPS
      : pkg.templateKind === "PACKAGE_TEMPLATE"
        ? PACKAGE_TEMPLATE_STEPS
        : STEPS;
  // a template is never sent: what sending needs does not apply to it
  const sendCheck = useQuery({ ...packageQueries.sendCheck(organizationId, packageId), enabled: !template });
  const last = steps.length;
  const step = Math.min(requested, last);
  const go = (next: number) =>
    void navigate({ to: "/packages/$packageId/build", params: { packageId }, search: { step: next } });

  return (
    <Page
      title={template ? (template.name ?? pkg.name) : pkg.name}
      description={template ? `The ${template.noun}'s participants, documents and settings` : `Package ${pkg.shortId}`}
      actions={
        <Group gap="sm">
          <SaveCounter />
          {!template && (
            <ButtonLink variant="default" to="/packages/$packageId" params={{ packageId }}>
              View package
            </ButtonLink>
          )}
        </Group>
      }
    >
      {template && <TemplateBanner template={template} />}
      {readOnly && !template && (
        // dark text on the light yellow: yellow on yellow falls short of WCAG's 4.5:1
        <Alert
          color="yellow"
          title="This package cannot be changed"
          c="dark.9"
          styles={{ title: { color: "inherit" } }}
        >
          {pkg.status === "STARTED"
            ? "You do not manage packages in this package's groups."
            : "It was sent. Start a correction from the package page to change it."}
          <Group mt="sm">
            <ButtonLink size="xs" variant="default" to="/packages/$packageId" params={{ packageId }}>
              Open the package page
            </ButtonLink>
          </Group>
        </Alert>
      )}
      <Stepper active={step - 1} onStepClick={(index) => go(index + 1)} size="sm" aria-label="Package steps">
        {steps.map((item, index) => {
          // Mantine ticks every step before the current one: only a step holding what sending
          // needs keeps its tick, the others show their number (a template's steps just count)
          const done = template ? index < step - 1 : stepDone(index + 1, sendCheck.data);
          return (
            <Stepper.Step
              key={item.label}
              label={item.label}
              description={item.description}
              completedIcon={done ? undefined : index + 1}
              color={done ? undefined : "gray"}
              data-done={done || undefined}
            />
          );
        })}
      </Stepper>
      {step === 1 && <DetailsStep />}
      {step === 2 && <DocumentsStep />}
      {step === 3 && <InvitationStep />}
      {step === 4 && !template && <ReviewStep />}
      <Group justify="space-between">
        <Button variant="default" disabled={step === 1} onClick={() => go(step - 1)}>
          Back
        </Button>
        {step < last && <Button onClick={() => go(step + 1)}>Next</Button>}
        {step === last && template?.id && (
          <ButtonLink to={template.to} params={{ templateId: template.id }} disabled={dirty || saving}>
            Back to template
          </ButtonLink>
        )}
      </Group>
    </Page>
  );
}

/** The four-step package builder (spec §2): one page, the step in the URL. */
export function PackageBuilderPage({ packageId, step }: { packageId: string; step: number }) {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const pkg = useQuery(packageQueries.package(organizationId, packageId));
  if (pkg.isPending) return <Spinner />;
  if (!pkg.data) {
    return (
      <Page title="Package">
        <Alert color="red">This package could not be loaded.</Alert>
      </Page>
    );
  }
  const readOnly = pkg.data.status !== "STARTED" || !pkg.data.canManage;
  return (
    <BuilderProvider organizationId={organizationId} pkg={pkg.data} readOnly={readOnly}>
      <BuilderShell step={step} />
    </BuilderProvider>
  );
}
