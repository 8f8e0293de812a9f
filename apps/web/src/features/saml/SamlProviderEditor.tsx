import { zodResolver } from "@hookform/resolvers/zod";
import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  CopyButton,
  FileButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  type CreateSamlProvider,
  createSamlProviderSchema,
  SAML_ATTRIBUTE_DEFAULTS,
  type SamlCertificate,
  type SamlProvider,
  samlProviderRoutes,
} from "@signet/contract";
import {
  IconCheck,
  IconCopy,
  IconDownload,
  IconFileUpload,
  IconPlus,
  IconTrash,
  IconWorldDownload,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/api-error.ts";
import { api, apiCreate } from "../../api/client.ts";
import { CopyField } from "../../components/CopyField.tsx";
import { FormError } from "../../components/FormError.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { Page } from "../../components/Page.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { accessQueries } from "../access/access-queries.ts";
import { showServerError } from "../../kit/server-errors.ts";
import { certificateBadge, samlQueries } from "./saml-queries.ts";

type Values = z.input<typeof createSamlProviderSchema>;
const FIELDS: Path<Values>[] = [
  "name",
  "idpEntityId",
  "ssoUrl",
  "certificates",
  "emailAttribute",
  "givenNameAttribute",
  "familyNameAttribute",
  "organizationIds",
];

/** Spec §2 saml-providers/new and saml-providers/{samlProviderId}: the editor, with the unsaved-changes exit guard. */
export function SamlProviderEditor({ samlProviderId }: { samlProviderId?: string }) {
  const existing = useQuery({ ...samlQueries.one(samlProviderId ?? ""), enabled: Boolean(samlProviderId) });
  if (samlProviderId && !existing.data) {
    return (
      <Page title="Edit SAML provider" narrow>
        {existing.isError ? (
          <FormError message={errorMessage(existing.error)} />
        ) : (
          <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the SAML provider">
            <Skeleton height={120} />
            <Skeleton height={240} />
          </Stack>
        )}
      </Page>
    );
  }
  return <SamlProviderForm key={existing.data?.version ?? "new"} provider={existing.data} />;
}

function SamlProviderForm({ provider }: { provider: SamlProvider | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  /** what is known about each certificate (from the server or an import), by its PEM */
  const [known, setKnown] = useState<Map<string, SamlCertificate>>(
    () => new Map((provider?.certificates ?? []).map((certificate) => [certificate.pem, certificate])),
  );
  const form = useForm<Values, unknown, CreateSamlProvider>({
    resolver: zodResolver(createSamlProviderSchema),
    mode: "onTouched",
    defaultValues: {
      name: provider?.name ?? "",
      idpEntityId: provider?.idpEntityId ?? "",
      ssoUrl: provider?.ssoUrl ?? "",
      ssoBinding: provider?.ssoBinding ?? "redirect",
      certificates: provider?.certificates.map((certificate) => certificate.pem) ?? [],
      emailAttribute: provider?.emailAttribute ?? SAML_ATTRIBUTE_DEFAULTS.emailAttribute,
      givenNameAttribute: provider?.givenNameAttribute ?? SAML_ATTRIBUTE_DEFAULTS.givenNameAttribute,
      familyNameAttribute: provider?.familyNameAttribute ?? SAML_ATTRIBUTE_DEFAULTS.familyNameAttribute,
      organizationIds: provider?.organizations.map((organization) => organization.id) ?? [],
      enabled: provider?.enabled ?? true,
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard, allowLeave } = useUnsavedChangesGuard(isDirty);
  const organizations = useQuery(accessQueries.organizations({ pageSize: 100, sortBy: "name" }));
  const organizationOptions = [
    ...(organizations.data?.records ?? []).map((organization) => ({
      value: organization.id,
      label: organization.name,
    })),
    // organizations beyond the first page still show by name
    ...(provider?.organizations ?? [])
      .filter((organization) => !organizations.data?.records.some((record) => record.id === organization.id))
      .map((organization) => ({ value: organization.id, label: organization.name })),
  ];

  const [metadataUrl, setMetadataUrl] = useState("");
  const [importing, setImporting] = useState(false);
  const [newCertificate, setNewCertificate] = useState("");

  const importMetadata = async (source: { url: string } | { xml: string }) => {
    setImporting(true);
    try {
      const imported = await api(samlProviderRoutes.importSamlMetadata, { body: source });
      const dirty = { shouldDirty: true, shouldValidate: true } as const;
      form.setValue("idpEntityId", imported.idpEntityId, dirty);
      form.setValue("ssoUrl", imported.ssoUrl, dirty);
      form.setValue("ssoBinding", imported.ssoBinding, dirty);
      form.setValue(
        "certificates",
        imported.certificates.map((certificate) => certificate.pem),
        dirty,
      );
      setKnown((current) => new Map([...current, ...imported.certificates.map((c) => [c.pem, c] as const)]));
      const count = imported.certificates.length;
      toastSuccess(
        `Metadata imported: entity ID, sign-on URL and ${count === 1 ? "1 certificate" : `${count} certificates`} filled in.`,
      );
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setImporting(false);
    }
  };
  const importFile = async (file: File | null) => {
    if (!file) return;
    await importMetadata({ xml: await file.text() });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (provider) {
        await api(samlProviderRoutes.updateSamlProvider, {
          params: { samlProviderId: provider.id },
          body: { ...values, version: provider.version },
        });
        toastSuccess(`${values.name} was saved.`);
      } else {
        await apiCreate(samlProviderRoutes.createSamlProvider, { body: values });
        toastSuccess(`${values.name} was added.`);
      }
      await queryClient.invalidateQueries({ queryKey: ["saml-providers"] });
      allowLeave();
      await navigate({ to: "/saml-providers" });
    } catch (error) {
      setFormError(showServerError(error, { setError: form.setError, fields: FIELDS }));
    }
  });

  const cancel = async () => {
    if (!(await confirmDiscard())) return;
    allowLeave();
    await navigate({ to: "/saml-providers" });
  };

  const title = provider ? `Edit ${provider.name}` : "New SAML provider";
  return (
    <Page
      title={title}
      description={
        <nav aria-label="Breadcrumb">
          <Breadcrumbs>
            <Anchor component={Link} to="/saml-providers" size="sm">
              SAML providers
            </Anchor>
            <Text size="sm" aria-current="page">
              {provider?.name ?? "New SAML provider"}
            </Text>
          </Breadcrumbs>
        </nav>
      }
      narrow
    >
      <ServiceProviderSection />

      <FormSection
        title="Import the identity provider's metadata"
        description="Fills in the entity ID, the single sign-on URL and the signing certificates."
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Metadata URL"
            placeholder="https://idp.example.com/metadata"
            value={metadataUrl}
            onChange={(event) => setMetadataUrl(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button
            variant="default"
            leftSection={<IconWorldDownload size={16} />}
            loading={importing}
            disabled={!metadataUrl.trim()}
            onClick={() => void importMetadata({ url: metadataUrl.trim() })}
          >
            Import from URL
          </Button>
          <FileButton
            onChange={(file) => void importFile(file)}
            accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />} loading={importing}>
                Upload metadata file
              </Button>
            )}
          </FileButton>
        </Group>
      </FormSection>

      <form id="saml-provider-form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <FormError message={formError} />
          <FormSection title="Identity provider">
            <TextInput
              label="Name"
              description='Shown on the sign-in page as "Sign in with <name>"'
              required
              {...form.register("name")}
              error={errors.name?.message}
            />
            <TextInput
              label="Entity ID"
              required
              {...form.register("idpEntityId")}
              error={errors.idpEntityId?.message}
            />
            <TextInput
              label="Single sign-on URL"
              description="Where people are sent to sign in"
              required
              {...form.register("ssoUrl")}
              error={errors.ssoUrl?.message}
            />
            <Controller
              control={form.control}
              name="ssoBinding"
              render={({ field }) => (
                <Select
                  label="How the sign-in request is sent"
                  data={[
                    { value: "redirect", label: "Redirect (HTTP-Redirect binding)" },
                    { value: "post", label: "Form post (HTTP-POST binding)" },
                  ]}
                  value={field.value ?? "redirect"}
                  onChange={(value) => field.onChange(value ?? "redirect")}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  label="Enabled"
                  description="Offered on the sign-in page of the organizations below"
                  checked={field.value ?? true}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
          </FormSection>

          <Controller
            control={form.control}
            name="certificates"
            render={({ field }) => {
              const pems = field.value ?? [];
              const add = () => {
                const pem = newCertificate.trim();
                if (!pem) return;
                field.onChange([...pems, pem]);
                setNewCertificate("");
              };
              return (
                <FormSection
                  title="Signing certificates"
                  description="Responses must be signed with one of these. Add the next certificate before the current one expires."
                >
                  {pems.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No certificate yet: import the metadata or paste the certificate below.
                    </Text>
                  )}
                  {pems.map((pem, index) => {
                    const info = known.get(pem);
                    const badge = info ? certificateBadge(info) : null;
                    return (
                      <Paper key={pem} withBorder p="sm">
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={4}>
                            <Text size="sm" fw={500}>
                              {info?.subject ?? `Certificate ${index + 1}`}
                            </Text>
                            {badge ? (
                              <Badge color={badge.color} variant="light">
                                {badge.label}
                              </Badge>
                            ) : (
                              <Text size="xs" c="dimmed">
                                Checked when you save
                              </Text>
                            )}
                          </Stack>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${info?.subject ?? `certificate ${index + 1}`}`}
                            onClick={() => field.onChange(pems.filter((_, i) => i !== index))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Paper>
                    );
                  })}
                  <Textarea
                    label="Add a certificate"
                    description="PEM, including the BEGIN and END lines"
                    autosize
                    minRows={3}
                    maxRows={8}
                    styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
                    value={newCertificate}
                    onChange={(event) => setNewCertificate(event.currentTarget.value)}
                    error={
                      errors.certificates?.message ??
                      (Array.isArray(errors.certificates) ? errors.certificates.find(Boolean)?.message : undefined)
                    }
                  />
                  <Group>
                    <Button
                      variant="default"
                      leftSection={<IconPlus size={16} />}
                      disabled={!newCertificate.trim()}
                      onClick={add}
                    >
                      Add certificate
                    </Button>
                  </Group>
                </FormSection>
              );
            }}
          />

          <FormSection
            title="Attribute mapping"
            description='Which parts of the assertion name the person. "NameID" reads the subject&apos;s NameID.'
          >
            <TextInput
              label="Email"
              required
              {...form.register("emailAttribute")}
              error={errors.emailAttribute?.message}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Given name"
                required
                {...form.register("givenNameAttribute")}
                error={errors.givenNameAttribute?.message}
              />
              <TextInput
                label="Family name"
                required
                {...form.register("familyNameAttribute")}
                error={errors.familyNameAttribute?.message}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection
            title="Organizations"
            description="Staff of these organizations may sign in through this provider (they must already be members)."
          >
            <Controller
              control={form.control}
              name="organizationIds"
              render={({ field }) => (
                <MultiSelect
                  label="Organizations that use it"
                  placeholder={organizations.isPending ? "Loading organizations…" : "Choose organizations"}
                  data={organizationOptions}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  searchable
                  clearable
                  nothingFoundMessage="No organization by that name"
                  error={errors.organizationIds?.message}
                />
              )}
            />
          </FormSection>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void cancel()}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {provider ? "Save SAML provider" : "Add SAML provider"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

/** What to give the identity provider: our entity ID, the ACS URL and the metadata naming both. */
function ServiceProviderSection() {
  const sp = useQuery(samlQueries.serviceProvider());
  const download = () => {
    if (!sp.data) return;
    const url = URL.createObjectURL(new Blob([sp.data.metadataXml], { type: "application/samlmetadata+xml" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "signet-sp-metadata.xml";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <FormSection
      title="Give these to the identity provider"
      description="Register Signet as a service provider (SAML 2.0): the same values for every identity provider."
    >
      {sp.isPending ? (
        <Skeleton height={120} />
      ) : sp.isError ? (
        <FormError message={errorMessage(sp.error)} />
      ) : (
        <Stack gap="sm">
          <CopyField label="Entity ID (audience)" value={sp.data.entityId} namedCopy />
          <CopyField label="Assertion Consumer Service URL" value={sp.data.acsUrl} namedCopy />
          <Textarea
            label="Service provider metadata"
            value={sp.data.metadataXml}
            readOnly
            autosize
            minRows={3}
            maxRows={6}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
          />
          <Group gap="xs">
            <CopyButton value={sp.data.metadataXml} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? "light" : "default"}
                  color={copied ? "teal" : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? "Metadata copied" : "Copy metadata"}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
              Download metadata
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Responses must be posted to the ACS URL with a signed assertion naming the entity ID above.
          </Text>
        </Stack>
      )}
    </FormSection>
  );
}
