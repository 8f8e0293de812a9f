import {
  Alert,
  Button,
  Code,
  Grid,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KIND_INFO,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailLanguage,
  type EmailTemplate,
  type EmailTemplateContent,
  emailTemplateRoutes,
} from "@signet/contract";
import { IconBraces, IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { Page } from "../../../components/Page.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../../session/permissions.ts";
import { EmailTemplateBreadcrumbs, MANAGE_TEMPLATES_TOOLTIP } from "./EmailTemplatesPage.tsx";
import { emailTemplateQueries, refreshEmailTemplates } from "./email-template-queries.ts";

interface Values {
  name: string;
  isDefault: boolean;
  en: EmailTemplateContent;
  es: EmailTemplateContent | null;
}

const valuesOf = (template: EmailTemplate): Values => ({
  name: template.name,
  isDefault: template.isDefault,
  en: template.contents.en,
  es: template.contents.es,
});

const same = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

export function EmailTemplateEditorPage({
  organizationId,
  templateId,
}: {
  organizationId: string;
  templateId: string;
}) {
  const template = useQuery({
    ...emailTemplateQueries.one(organizationId, templateId),
    enabled: organizationId !== "",
  });
  let body: React.ReactNode;
  if (template.isPending) {
    body = (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the email template">
        <Skeleton height={60} />
        <Skeleton height={320} />
      </Stack>
    );
  } else if (template.isError) {
    const gone = template.error instanceof ApiError && template.error.status === 404;
    body = (
      <Alert
        color="red"
        role="alert"
        title={gone ? "This email template no longer exists." : "The email template could not be loaded."}
      >
        {gone
          ? "It may have been deleted. Go back to the email templates."
          : `${errorMessage(template.error)} Reload the page to try again.`}
      </Alert>
    );
  } else {
    body = <Editor key={template.data.version} organizationId={organizationId} template={template.data} />;
  }
  return (
    <Page title={template.data ? template.data.name : "Email template"}>
      <EmailTemplateBreadcrumbs current={template.data?.name ?? "Template"} />
      {body}
    </Page>
  );
}

function Editor({ organizationId, template }: { organizationId: string; template: EmailTemplate }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const info = EMAIL_TEMPLATE_KIND_INFO[template.kind];
  const [initial] = useState(() => valuesOf(template));
  const [values, setValues] = useState<Values>(initial);
  const [language, setLanguage] = useState<EmailLanguage>("en");
  const [problem, setProblem] = useState<{ path: string; message: string } | null>(null);
  const [busy, setBusy] = useState<null | "save" | "restore" | "delete">(null);
  const dirty = !same(values, initial);
  const { allowLeave, confirmDiscard } = useUnsavedChangesGuard(dirty);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastFocus = useRef<"subject" | "body">("body");

  const content = language === "en" ? values.en : values.es;
  const setContent = (patch: Partial<EmailTemplateContent>) =>
    setValues((current) => {
      const base = current[language] ?? DEFAULT_EMAIL_TEMPLATES[template.kind].es;
      return { ...current, [language]: { ...base, ...patch } };
    });

  const [previewed] = useDebouncedValue(content, 400);
  const preview = useQuery({
    queryKey: ["email-templates", organizationId, "preview", template.kind, language, previewed],
    queryFn: ({ signal }) =>
      api(emailTemplateRoutes.previewEmailTemplate, {
        params: { orgId: organizationId },
        body: { kind: template.kind, language, content: previewed ?? DEFAULT_EMAIL_TEMPLATES[template.kind].es },
        signal,
        passThrough: true,
      }),
    placeholderData: (previous) => previous,
    retry: false,
  });

  const insertVariable = (name: string) => {
    const token = `{{${name}}}`;
    const field = lastFocus.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const text = (field === "subject" ? content?.subject : content?.body) ?? "";
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + token + text.slice(end);
    setContent(field === "subject" ? { subject: next } : { body: next });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const fieldError = (field: "subject" | "body") =>
    problem?.path === `contents.${language}.${field}` ? problem.message : undefined;

  const save = async () => {
    setBusy("save");
    setProblem(null);
    try {
      const saved = await api(emailTemplateRoutes.updateEmailTemplate, {
        params: { orgId: organizationId, templateId: template.id },
        body: {
          version: template.version,
          name: values.name,
          isDefault: values.isDefault,
          contents: { en: values.en, es: values.es },
        },
        passThrough: true,
      });
      allowLeave();
      queryClient.setQueryData(emailTemplateQueries.one(organizationId, template.id).queryKey, saved);
      await refreshEmailTemplates(queryClient, organizationId);
      toastSuccess(
        saved.unsafeHtmlRemoved ? EMAIL_TEMPLATE_MESSAGES.savedWithoutUnsafeHtml : EMAIL_TEMPLATE_MESSAGES.saved,
      );
    } catch (error) {
      const detail = error instanceof ApiError ? error.details?.[0] : undefined;
      if (detail?.path.startsWith("contents.")) {
        setProblem(detail);
        const inLanguage = detail.path.split(".")[1];
        if (inLanguage === "en" || inLanguage === "es") setLanguage(inLanguage);
      } else toastError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const restore = async () => {
    const confirmed = await openConfirmDialog({
      title: "Restore the default text?",
      confirmLabel: "Restore default",
      message: `The subject and message of "${template.name}" go back to Signet's built-in English and Spanish text. Your changes to them are lost.`,
    });
    if (!confirmed) return;
    setBusy("restore");
    try {
      const restored = await api(emailTemplateRoutes.restoreEmailTemplate, {
        params: { orgId: organizationId, templateId: template.id },
        body: { version: template.version },
      });
      allowLeave();
      queryClient.setQueryData(emailTemplateQueries.one(organizationId, template.id).queryKey, restored);
      await refreshEmailTemplates(queryClient, organizationId);
      toastSuccess(EMAIL_TEMPLATE_MESSAGES.restored);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const confirmed = await openConfirmDialog({
      title: "Delete this email template?",
      confirmLabel: "Delete template",
      message: `"${template.name}" is deleted. Messages of this kind use another default template or Signet's built-in text; packages that picked it use the default.`,
    });
    if (!confirmed) return;
    setBusy("delete");
    try {
      await api(emailTemplateRoutes.deleteEmailTemplate, {
        params: { orgId: organizationId, templateId: template.id },
        query: { version: template.version },
      });
      allowLeave();
      await refreshEmailTemplates(queryClient, organizationId);
      toastSuccess(EMAIL_TEMPLATE_MESSAGES.deleted);
      void navigate({ to: "/settings/email-templates" });
    } catch (error) {
      toastError(errorMessage(error));
      setBusy(null);
    }
  };

  const readOnly = !canManage;
  const previewProblem =
    preview.error instanceof ApiError ? (preview.error.details?.[0]?.message ?? preview.error.message) : null;
  return (
    <Stack gap="md">
      {readOnly && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {MANAGE_TEMPLATES_TOOLTIP}.
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {info.label}: {info.description.toLowerCase()}.
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper
            withBorder
            p="lg"
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Stack gap="md">
              <TextInput
                label="Name"
                required
                maxLength={100}
                value={values.name}
                readOnly={readOnly}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setValues((v) => ({ ...v, name }));
                }}
              />
              <Switch
                label={`Default for ${info.label.toLowerCase()} emails`}
                description={
                  info.perPackage ? "Used when a package picks no template in its invitation step." : undefined
                }
                checked={values.isDefault}
                disabled={readOnly}
                onChange={(event) => {
                  const isDefault = event.currentTarget.checked;
                  setValues((v) => ({ ...v, isDefault }));
                }}
              />
              <Group justify="space-between" align="flex-end">
                <SegmentedControl
                  aria-label="Language"
                  value={language}
                  onChange={(value) => setLanguage(value as EmailLanguage)}
                  data={[
                    { value: "en", label: "English" },
                    { value: "es", label: "Spanish" },
                  ]}
                />
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="light" leftSection={<IconBraces size={16} />} disabled={readOnly || !content}>
                      Insert variable
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown mah={360} style={{ overflowY: "auto" }}>
                    {info.variables.map((variable) => (
                      <Menu.Item key={variable.name} onClick={() => insertVariable(variable.name)}>
                        <Text size="sm" ff="monospace">{`{{${variable.name}}}`}</Text>
                        <Text size="xs" c="dimmed">
                          {variable.description}
                        </Text>
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Group>
              {language === "es" && !values.es ? (
                <Paper withBorder p="md" bg="gray.0">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      Spanish-speaking recipients get Signet's built-in Spanish text. Write your own to change it.
                    </Text>
                    <Button
                      variant="default"
                      size="xs"
                      disabled={readOnly}
                      onClick={() => setValues((v) => ({ ...v, es: DEFAULT_EMAIL_TEMPLATES[template.kind].es }))}
                    >
                      Write a Spanish version
                    </Button>
                  </Stack>
                </Paper>
              ) : (
                <>
                  <TextInput
                    ref={subjectRef}
                    label="Subject"
                    required
                    value={content?.subject ?? ""}
                    readOnly={readOnly}
                    onFocus={() => {
                      lastFocus.current = "subject";
                    }}
                    onChange={(event) => setContent({ subject: event.currentTarget.value })}
                    error={fieldError("subject")}
                  />
                  <Textarea
                    ref={bodyRef}
                    label="Message (HTML)"
                    description="Variables are replaced and escaped when the email is sent; the logo and colours come from your branding. Scripts, frames, forms and event handlers are removed."
                    required
                    autosize
                    minRows={12}
                    maxRows={28}
                    styles={{ input: { fontFamily: "monospace", fontSize: 13 } }}
                    value={content?.body ?? ""}
                    readOnly={readOnly}
                    onFocus={() => {
                      lastFocus.current = "body";
                    }}
                    onChange={(event) => setContent({ body: event.currentTarget.value })}
                    error={fieldError("body")}
                  />
                  {language === "es" && (
                    <Button
                      variant="subtle"
                      size="xs"
                      color="gray"
                      disabled={readOnly}
                      onClick={() => setValues((v) => ({ ...v, es: null }))}
                      style={{ alignSelf: "flex-start" }}
                    >
                      Use the built-in Spanish text instead
                    </Button>
                  )}
                </>
              )}
              <Group justify="space-between">
                <Group gap="xs">
                  <Button
                    variant="default"
                    onClick={() => void restore()}
                    loading={busy === "restore"}
                    disabled={readOnly || busy !== null}
                  >
                    Restore default
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => void remove()}
                    loading={busy === "delete"}
                    disabled={readOnly || busy !== null}
                  >
                    Delete
                  </Button>
                </Group>
                <Group gap="xs">
                  <Button
                    variant="default"
                    disabled={!dirty}
                    onClick={async () => {
                      if (await confirmDiscard()) setValues(initial);
                    }}
                  >
                    Discard changes
                  </Button>
                  <Button type="submit" loading={busy === "save"} disabled={readOnly || !dirty || busy !== null}>
                    Save template
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="lg">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>Preview</Text>
                <Text size="xs" c="dimmed">
                  Sample data, your branding
                </Text>
              </Group>
              {previewProblem ? (
                <Alert color="orange" role="status" title="This template cannot be previewed yet">
                  {previewProblem}
                </Alert>
              ) : !preview.data ? (
                <Skeleton height={400} aria-label="Rendering the preview" />
              ) : (
                <>
                  <Text size="sm">
                    <Text span c="dimmed">
                      Subject:{" "}
                    </Text>
                    <span data-testid="preview-subject">{preview.data.subject}</span>
                  </Text>
                  <Tabs defaultValue="html">
                    <Tabs.List>
                      <Tabs.Tab value="html">Email</Tabs.Tab>
                      <Tabs.Tab value="text">Text version</Tabs.Tab>
                    </Tabs.List>
                    <Tabs.Panel value="html" pt="sm">
                      {/* sandboxed: the administrator's HTML can run nothing inside the app; keyed by its HTML so
                          each rendering loads into a fresh frame instead of re-navigating one mid-load */}
                      <iframe
                        key={preview.data.html}
                        title="Email preview"
                        sandbox=""
                        srcDoc={preview.data.html}
                        style={{
                          width: "100%",
                          height: 480,
                          border: "1px solid var(--mantine-color-gray-3)",
                          borderRadius: 4,
                        }}
                      />
                    </Tabs.Panel>
                    <Tabs.Panel value="text" pt="sm">
                      <Code block style={{ whiteSpace: "pre-wrap", maxHeight: 480, overflowY: "auto" }}>
                        {preview.data.text}
                      </Code>
                    </Tabs.Panel>
                  </Tabs>
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
