import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import {
  authorizedFeatures,
  type CreateOrganization,
  type CreateOrganizationInput,
  createOrganizationSchema,
  ORGANIZATION_FEATURES,
  ORGANIZATION_MESSAGES,
  type Organization,
  type OrganizationFeatureFlag,
  organizationRoutes,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type Path, useForm, useWatch } from "react-hook-form";
import { api, apiCreate } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useFormMutation } from "../../../kit/use-form-mutation.ts";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { gated } from "../AccessDashboard.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { formatDateTime } from "../format.ts";

const FEATURE_DESCRIPTIONS: Record<OrganizationFeatureFlag, string> = {
  embeddedSrEnabled: "Host the signing room inside the organization's own application.",
  enabledTrid: "Mortgage disclosure (TRID) packages with their milestones and expiration.",
  enabledAV: "Audio/video eSign sessions with a session host.",
  enabledSmartDoc: "Electronic promissory notes (eNote) with Smart Doc.",
  enabledClosingCenter: "Closing Center users and packages.",
  enabledPkgCollaboration: "Share packages with outside collaborators.",
  enabledMultiLangSRSupport: "Signing room in the signer's language.",
};

const FIELDS: Path<CreateOrganizationInput>[] = [
  "name",
  "description",
  "customerId",
  ...ORGANIZATION_FEATURES.map((f) => f.flag),
];

function formValues(organization: Organization | undefined): CreateOrganizationInput {
  return {
    name: organization?.name ?? "",
    description: organization?.description ?? "",
    customerId: organization?.customerId ?? "",
    embeddedSrEnabled: organization?.embeddedSrEnabled ?? false,
    enabledTrid: organization?.enabledTrid ?? false,
    enabledAV: organization?.enabledAV ?? false,
    enabledSmartDoc: organization?.enabledSmartDoc ?? false,
    enabledClosingCenter: organization?.enabledClosingCenter ?? false,
    enabledPkgCollaboration: organization?.enabledPkgCollaboration ?? false,
    enabledMultiLangSRSupport: organization?.enabledMultiLangSRSupport ?? false,
  };
}

/** Spec §2 '/new' and '/edit': every field of an organization and its seven feature flags. */
function OrganizationFormScreen({ organizationId }: { organizationId?: string }) {
  const existing = useQuery({ ...accessQueries.organization(organizationId ?? ""), enabled: Boolean(organizationId) });
  return (
    <>
      {organizationId && !existing.data ? (
        existing.isError ? (
          <Page title="Edit organization">
            <FormError message={existing.error.message} />
          </Page>
        ) : (
          <Spinner />
        )
      ) : (
        <OrganizationForm key={existing.data?.version ?? "new"} organization={existing.data} />
      )}
    </>
  );
}

function OrganizationForm({ organization }: { organization: Organization | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CreateOrganizationInput, unknown, CreateOrganization>({
    resolver: zodResolver(createOrganizationSchema),
    defaultValues: formValues(organization),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);
  const flags = useWatch({ control: form.control, name: ORGANIZATION_FEATURES.map((f) => f.flag) });
  const preview = authorizedFeatures(
    Object.fromEntries(ORGANIZATION_FEATURES.map((f, i) => [f.flag, flags[i] === true])),
  );
  const listHref = organization ? `/organizations/${organization.id}` : "/organizations";

  const { submit: onSubmit, formError } = useFormMutation(form, {
    fields: FIELDS,
    duplicateField: "name",
    mutationFn: async (values) => {
      if (organization) {
        await api(organizationRoutes.updateOrganization, {
          params: { orgId: organization.id },
          body: { ...values, version: organization.version },
        });
        toastSuccess(ORGANIZATION_MESSAGES.updated);
        await refreshAccess(queryClient, organization.id);
      } else {
        await apiCreate(organizationRoutes.createOrganization, { body: values });
        toastSuccess(ORGANIZATION_MESSAGES.added);
        await queryClient.invalidateQueries({ queryKey: ["organizations"] });
      }
      allowLeave();
      await navigate({ href: listHref });
    },
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    await navigate({ href: listHref });
  };

  const title = organization ? "Edit organization" : "Add organization";
  return (
    <Page
      title={title}
      description={
        <AccessBreadcrumbs
          items={[
            { label: "Access control", href: "/organizations" },
            { label: "Organizations", href: listHref },
            { label: organization?.name ?? "New organization" },
          ]}
        />
      }
      narrow
    >
      <form id="organization-form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <FormError message={formError} />
          <FormSection title="Details">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Name"
                required
                autoFocus={!organization}
                {...form.register("name")}
                error={errors.name?.message}
              />
              <TextInput
                label="Customer ID"
                description="The customer's own reference"
                {...form.register("customerId")}
                error={errors.customerId?.message}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={6}
              {...form.register("description")}
              error={errors.description?.message}
            />
          </FormSection>

          <FormSection title="Features" description="What the organization's users may use besides eSign packages.">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
              {ORGANIZATION_FEATURES.map((feature) => (
                <Switch
                  key={feature.flag}
                  label={feature.label}
                  description={FEATURE_DESCRIPTIONS[feature.flag]}
                  {...form.register(feature.flag)}
                  error={errors[feature.flag]?.message}
                />
              ))}
            </SimpleGrid>
            <Alert variant="light" color="indigo" title="Authorized features">
              <Text size="sm" data-testid="authorized-features">
                {preview}
              </Text>
            </Alert>
          </FormSection>

          {organization && (
            <Paper withBorder p="lg">
              <Stack gap={6}>
                <Group gap="xs">
                  <Title order={2} fz="lg">
                    Status
                  </Title>
                  <Badge color={organization.enabled ? "teal" : "gray"} variant="light">
                    {organization.enabled ? "Active" : "Inactive"}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  Created {formatDateTime(organization.createdAt)}
                  {organization.createdByFullName ? ` by ${organization.createdByFullName}` : ""}. Last updated{" "}
                  {formatDateTime(organization.lastUpdatedAt)}.
                </Text>
                {!organization.enabled && (
                  <Text size="sm" c="dimmed">
                    Deactivated {formatDateTime(organization.disabledAt)}
                    {organization.disabledByFullName ? ` by ${organization.disabledByFullName}` : ""}.
                  </Text>
                )}
              </Stack>
            </Paper>
          )}

          <ModalFooter
            form="organization-form"
            submitLabel={organization ? "Save changes" : "Add organization"}
            loading={isSubmitting}
            permission="VIEW_MANAGE_ORGANIZATIONS"
            onCancel={() => void cancel()}
          />
        </Stack>
      </form>
    </Page>
  );
}

export const OrganizationFormPage = gated(OrganizationFormScreen);
