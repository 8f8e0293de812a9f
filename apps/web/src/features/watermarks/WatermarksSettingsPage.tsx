import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import {
  PACKAGE_STATUS_WORDS,
  PACKAGE_STATUSES,
  renderWatermarkText,
  WATERMARK_DOCUMENT_TYPE_LABELS,
  WATERMARK_DOCUMENT_TYPES,
  WATERMARK_MESSAGES,
  WATERMARK_POSITION_LABELS,
  WATERMARK_POSITIONS,
  WATERMARK_REQUESTER_TYPE_LABELS,
  WATERMARK_REQUESTER_TYPES,
  WATERMARK_SAMPLE_VARIABLES,
  WATERMARK_VARIABLES,
  type WatermarkPosition,
  type WatermarkTemplate,
  watermarkRoutes,
} from "@signet/contract";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { FormSection } from "../../components/FormSection.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../components/use-unsaved-changes-guard.ts";
import { useHasPermission } from "../../session/permissions.ts";
import {
  insertVariable,
  moveRule,
  NEW_WATERMARK,
  PREVIEW_PAGE,
  previewGeometry,
  type RuleRow,
  rowsOf,
  sameRules,
  sameValues,
  valuesOf,
  type WatermarkValues,
  watermarkProblems,
} from "./watermark-form.ts";
import { previewPdfUrl, refreshWatermarks, watermarkQueries } from "./watermark-queries.ts";

// Issue 15 §4: the Watermarks settings page. Once a package is deposited into an eVault, every copy
// Signet serves of it is watermarked: the organization's templates say how, its rules say which
// template for which package status, kind of file and requester. Support users also edit the
// system default every organization falls back to.

const ANY = "ANY";
const PREVIEW_SCALE = 0.4;
const DOCUMENT_LINES = Array.from({ length: 24 }, (_, line) => 90 + line * 26);

/** The text and its style drawn on a small page, as the copy will show it (sample values). */
function LivePreview({ values, label }: { values: WatermarkValues; label: string }) {
  const text = renderWatermarkText(values, WATERMARK_SAMPLE_VARIABLES);
  const geometry = previewGeometry(values, text);
  return (
    <Paper withBorder w={PREVIEW_PAGE.width * PREVIEW_SCALE} style={{ overflow: "hidden" }}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${PREVIEW_PAGE.width} ${PREVIEW_PAGE.height}`}
        width={PREVIEW_PAGE.width * PREVIEW_SCALE}
        height={PREVIEW_PAGE.height * PREVIEW_SCALE}
      >
        <rect width={PREVIEW_PAGE.width} height={PREVIEW_PAGE.height} fill="white" />
        {/* grey lines standing for the document's text */}
        {DOCUMENT_LINES.map((y) => (
          <rect key={y} x={72} y={y} width={(y - 90) % 156 === 130 ? 260 : 468} height={8} fill="#e9ecef" />
        ))}
        <text
          x={geometry.x}
          y={geometry.y}
          fontSize={geometry.fontSize}
          textAnchor={geometry.textAnchor}
          dominantBaseline={geometry.dominantBaseline}
          transform={geometry.transform}
          fill={values.color}
          opacity={values.opacity}
          fontFamily="sans-serif"
        >
          {text}
        </text>
      </svg>
    </Paper>
  );
}

/** Text with variable chips, position, angle, opacity, size and colour, with the live preview. */
function WatermarkFields({
  values,
  onChange,
  disabled,
  withName,
  problems,
}: {
  values: WatermarkValues;
  onChange: (values: WatermarkValues) => void;
  disabled: boolean;
  withName: boolean;
  problems: Partial<Record<keyof WatermarkValues, string>>;
}) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const set = <K extends keyof WatermarkValues>(key: K, value: WatermarkValues[K]) =>
    onChange({ ...values, [key]: value });
  const addVariable = (name: string) => {
    const field = textRef.current;
    const next = insertVariable(values.text, name, field?.selectionStart ?? null, field?.selectionEnd ?? null);
    set("text", next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap="sm" style={{ flex: "1 1 320px" }} maw={520}>
        {withName && (
          <TextInput
            label="Name"
            required
            value={values.name}
            disabled={disabled}
            error={problems.name}
            onChange={(event) => set("name", event.currentTarget.value)}
          />
        )}
        <Textarea
          ref={textRef}
          label="Watermark text"
          description="Drawn on every page of the copy. Variables are filled in for each copy."
          autosize
          minRows={2}
          value={values.text}
          disabled={disabled}
          error={problems.text}
          onChange={(event) => set("text", event.currentTarget.value)}
        />
        {!disabled && (
          <Group gap={6} aria-label="Insert a variable" role="group">
            {WATERMARK_VARIABLES.map((variable) => (
              <Tooltip key={variable.name} label={variable.description} withinPortal>
                <Button size="compact-xs" variant="light" radius="xl" onClick={() => addVariable(variable.name)}>
                  {`{${variable.name}}`}
                </Button>
              </Tooltip>
            ))}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Position"
            data={WATERMARK_POSITIONS.map((value) => ({ value, label: WATERMARK_POSITION_LABELS[value] }))}
            value={values.position}
            allowDeselect={false}
            disabled={disabled}
            onChange={(value) => value && set("position", value as WatermarkPosition)}
          />
          <NumberInput
            label="Angle (degrees)"
            min={-90}
            max={90}
            allowDecimal={false}
            value={values.angle}
            disabled={disabled}
            error={problems.angle}
            onChange={(value) => set("angle", typeof value === "number" ? value : Number(value) || 0)}
          />
          <NumberInput
            label="Opacity"
            min={0.05}
            max={1}
            step={0.05}
            decimalScale={2}
            value={values.opacity}
            disabled={disabled}
            error={problems.opacity}
            onChange={(value) => set("opacity", typeof value === "number" ? value : Number(value) || 0)}
          />
          <NumberInput
            label="Size (points)"
            description="Text too long for a page is shrunk."
            min={6}
            max={144}
            allowDecimal={false}
            value={values.fontSize}
            disabled={disabled}
            error={problems.fontSize}
            onChange={(value) => set("fontSize", typeof value === "number" ? value : Number(value) || 0)}
          />
          <ColorInput
            label="Colour"
            format="hex"
            withEyeDropper={false}
            value={values.color}
            disabled={disabled}
            error={problems.color}
            onChange={(value) => set("color", value)}
          />
        </SimpleGrid>
        {withName && (
          <Checkbox
            label="The organization's default watermark (used when no rule matches a deposited package's copy)"
            checked={values.isDefault}
            disabled={disabled}
            onChange={(event) => set("isDefault", event.currentTarget.checked)}
          />
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Preview
        </Text>
        <LivePreview values={values} label={`Preview: ${renderWatermarkText(values, WATERMARK_SAMPLE_VARIABLES)}`} />
      </Stack>
    </Group>
  );
}

async function openPreviewPdf(organizationId: string, templateId: string, values: WatermarkValues) {
  try {
    const { name: _, isDefault: __, ...style } = values;
    const url = await previewPdfUrl(organizationId, templateId, style);
    window.open(url, "_blank", "noopener");
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toastError(errorMessage(error));
  }
}

/** The editor of one of the organization's templates (or a new one). */
function TemplateEditor({
  organizationId,
  template,
  canManage,
  onDirty,
  onClose,
}: {
  organizationId: string;
  template: WatermarkTemplate | null;
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => (template ? valuesOf(template) : NEW_WATERMARK));
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const problems = watermarkProblems(values);
  const change = (next: WatermarkValues) => {
    setValues(next);
    onDirty(!sameValues(next, initial));
  };

  const save = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      if (template) {
        await api(watermarkRoutes.updateWatermarkTemplate, {
          params: { orgId: organizationId, templateId: template.id },
          body: { version: template.version, ...values },
        });
      } else {
        await api(watermarkRoutes.createWatermarkTemplate, { params: { orgId: organizationId }, body: values });
      }
      toastSuccess(WATERMARK_MESSAGES.saved);
      onDirty(false);
      await refreshWatermarks(queryClient);
      onClose();
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      aria-label={template ? `Edit ${template.name}` : "New watermark template"}
      component="section"
    >
      <Stack gap="md">
        <Text fw={600}>{template ? template.name : "New watermark template"}</Text>
        <WatermarkFields
          values={values}
          onChange={change}
          disabled={!canManage}
          withName
          problems={tried ? problems : {}}
        />
        <Group justify="flex-end">
          {template && (
            <Button variant="default" onClick={() => openPreviewPdf(organizationId, template.id, values)}>
              Open preview PDF
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {canManage ? "Cancel" : "Close"}
          </Button>
          {canManage && (
            <Button onClick={save} loading={saving}>
              Save watermark
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function TemplatesSection({
  organizationId,
  canManage,
  onDirty,
}: {
  organizationId: string;
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const templates = useQuery(watermarkQueries.templates(organizationId));
  const [editing, setEditing] = useState<WatermarkTemplate | "new" | null>(null);
  const [editorDirty, setEditorDirty] = useState(false);
  const markDirty = (dirty: boolean) => {
    setEditorDirty(dirty);
    onDirty(dirty);
  };

  const open = async (next: WatermarkTemplate | "new" | null) => {
    if (editorDirty) {
      const leave = await openConfirmDialog({
        title: "Unsaved changes",
        message: "You have unsaved changes to this watermark. Discard them?",
        confirmLabel: "Discard",
      });
      if (!leave) return;
    }
    markDirty(false);
    setEditing(next);
  };

  const remove = async (template: WatermarkTemplate) => {
    const sure = await openConfirmDialog({
      title: "Delete watermark template?",
      message: `“${template.name}” will be deleted.`,
      confirmLabel: "Delete",
    });
    if (!sure) return;
    try {
      await api(watermarkRoutes.deleteWatermarkTemplate, {
        params: { orgId: organizationId, templateId: template.id },
        query: { version: template.version },
      });
      toastSuccess(WATERMARK_MESSAGES.deleted);
      await refreshWatermarks(queryClient);
    } catch (error) {
      toastError(errorMessage(error));
    }
  };

  if (templates.isPending) return <Skeleton height={120} />;
  if (templates.isError) return <Alert color="red">{errorMessage(templates.error)}</Alert>;
  const records = templates.data.records;
  return (
    <Stack gap="md">
      {records.length === 0 ? (
        <Text c="dimmed" size="sm">
          No watermark templates yet: deposited packages use the system default below.
        </Text>
      ) : (
        <Table striped aria-label="Watermark templates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Text</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{template.name}</Text>
                    {template.isDefault && <Badge variant="light">Default</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {template.text}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => open(template)}>
                      {canManage ? `Edit ${template.name}` : `View ${template.name}`}
                    </Button>
                    {canManage && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${template.name}`}
                        onClick={() => remove(template)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canManage && editing === null && (
        <Group>
          <Button variant="light" onClick={() => open("new")}>
            Add watermark template
          </Button>
        </Group>
      )}
      {editing !== null && (
        <TemplateEditor
          key={editing === "new" ? "new" : `${editing.id}-${editing.version}`}
          organizationId={organizationId}
          template={editing === "new" ? null : editing}
          canManage={canManage}
          onDirty={markDirty}
          onClose={() => {
            markDirty(false);
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}

/** A rule condition: "any" (null) or one value of a fixed list. */
function AnyOrOneSelect<T extends string>(props: {
  label: string;
  anyLabel: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  disabled: boolean;
  onChange: (value: T | null) => void;
}) {
  return (
    <Select
      aria-label={props.label}
      data={[
        { value: ANY, label: props.anyLabel },
        ...props.values.map((value) => ({ value, label: props.labels[value] })),
      ]}
      value={props.value ?? ANY}
      allowDeselect={false}
      disabled={props.disabled}
      onChange={(value) => props.onChange(value && value !== ANY ? (value as T) : null)}
    />
  );
}

function RulesSection({
  organizationId,
  canManage,
  onDirty,
}: {
  organizationId: string;
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const rules = useQuery(watermarkQueries.rules(organizationId));
  const templates = useQuery(watermarkQueries.templates(organizationId));
  if (rules.isPending || templates.isPending) return <Skeleton height={120} />;
  if (rules.isError) return <Alert color="red">{errorMessage(rules.error)}</Alert>;
  if (templates.isError) return <Alert color="red">{errorMessage(templates.error)}</Alert>;
  return (
    <RulesEditor
      key={rules.data.version}
      organizationId={organizationId}
      version={rules.data.version}
      initial={rowsOf(rules.data.rules)}
      templates={templates.data.records}
      canManage={canManage}
      onDirty={onDirty}
    />
  );
}

function RulesEditor({
  organizationId,
  version,
  initial,
  templates,
  canManage,
  onDirty,
}: {
  organizationId: string;
  version: number;
  initial: RuleRow[];
  templates: WatermarkTemplate[];
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initial);
  const [saving, setSaving] = useState(false);
  const nextKey = useRef(0);
  const systemDefault = useQuery(watermarkQueries.systemDefault());
  const templateOptions = [
    ...templates.map((template) => ({ value: template.id, label: template.name })),
    ...(systemDefault.data ? [{ value: systemDefault.data.id, label: "System default" }] : []),
  ];
  const change = (next: RuleRow[]) => {
    setRows(next);
    onDirty(!sameRules(next, initial));
  };
  const update = (index: number, patch: Partial<RuleRow>) =>
    change(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const add = () => {
    const first = templateOptions[0]?.value;
    if (!first) return;
    nextKey.current += 1;
    change([
      ...rows,
      {
        key: `new-${nextKey.current}`,
        templateId: first,
        packageStatus: "EDEPOSITED",
        documentType: null,
        requesterType: null,
      },
    ]);
  };
  const save = async () => {
    setSaving(true);
    try {
      await api(watermarkRoutes.replaceWatermarkRules, {
        params: { orgId: organizationId },
        body: {
          version,
          rules: rows.map(({ key: _, ...rule }) => rule),
        },
      });
      toastSuccess(WATERMARK_MESSAGES.rulesSaved);
      onDirty(false);
      await refreshWatermarks(queryClient);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No rules: a deposited package's copies use the organization's default watermark, else the system default;
          copies of packages in other statuses are not watermarked.
        </Text>
      ) : (
        <Table aria-label="Watermark rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Package status</Table.Th>
              <Table.Th>Document type</Table.Th>
              <Table.Th>Requester</Table.Th>
              <Table.Th>Watermark</Table.Th>
              <Table.Th>
                <VisuallyHidden>Order</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>
                  <AnyOrOneSelect
                    label={`Rule ${index + 1} package status`}
                    anyLabel="Any status"
                    values={PACKAGE_STATUSES}
                    labels={PACKAGE_STATUS_WORDS}
                    value={row.packageStatus}
                    disabled={!canManage}
                    onChange={(packageStatus) => update(index, { packageStatus })}
                  />
                </Table.Td>
                <Table.Td>
                  <AnyOrOneSelect
                    label={`Rule ${index + 1} document type`}
                    anyLabel="Any document"
                    values={WATERMARK_DOCUMENT_TYPES}
                    labels={WATERMARK_DOCUMENT_TYPE_LABELS}
                    value={row.documentType}
                    disabled={!canManage}
                    onChange={(documentType) => update(index, { documentType })}
                  />
                </Table.Td>
                <Table.Td>
                  <AnyOrOneSelect
                    label={`Rule ${index + 1} requester`}
                    anyLabel="Anyone"
                    values={WATERMARK_REQUESTER_TYPES}
                    labels={WATERMARK_REQUESTER_TYPE_LABELS}
                    value={row.requesterType}
                    disabled={!canManage}
                    onChange={(requesterType) => update(index, { requesterType })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Rule ${index + 1} watermark`}
                    data={templateOptions}
                    value={row.templateId}
                    allowDeselect={false}
                    disabled={!canManage}
                    onChange={(value) => value && update(index, { templateId: value })}
                  />
                </Table.Td>
                <Table.Td>
                  {canManage && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move rule ${index + 1} up`}
                        disabled={index === 0}
                        onClick={() => change(moveRule(rows, index, -1))}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move rule ${index + 1} down`}
                        disabled={index === rows.length - 1}
                        onClick={() => change(moveRule(rows, index, 1))}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove rule ${index + 1}`}
                        onClick={() => change(rows.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canManage && (
        <Group>
          <Button variant="light" onClick={add} disabled={templateOptions.length === 0}>
            Add rule
          </Button>
          <Button onClick={save} loading={saving} disabled={sameRules(rows, initial)}>
            Save rules
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The system default: read-only for organizations, editable by support users after a confirmation. */
function SystemDefaultSection({
  organizationId,
  onDirty,
}: {
  organizationId: string;
  onDirty: (dirty: boolean) => void;
}) {
  const user = useSessionUser();
  const systemDefault = useQuery(watermarkQueries.systemDefault());
  if (systemDefault.isPending) return <Skeleton height={120} />;
  if (systemDefault.isError) return <Alert color="red">{errorMessage(systemDefault.error)}</Alert>;
  return (
    <SystemDefaultEditor
      key={systemDefault.data.version}
      organizationId={organizationId}
      template={systemDefault.data}
      canChange={user?.supportUser === true}
      onDirty={onDirty}
    />
  );
}

function SystemDefaultEditor({
  organizationId,
  template,
  canChange,
  onDirty,
}: {
  organizationId: string;
  template: WatermarkTemplate;
  canChange: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => valuesOf(template));
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const problems = watermarkProblems(values, false);
  const change = (next: WatermarkValues) => {
    setValues(next);
    onDirty(!sameValues(next, initial));
  };
  const save = async () => {
    if (Object.keys(problems).length > 0) return;
    const sure = await openConfirmDialog({
      title: WATERMARK_MESSAGES.defaultConfirmTitle,
      message: WATERMARK_MESSAGES.defaultConfirm,
      confirmLabel: "Change the default",
    });
    if (!sure) return;
    setSaving(true);
    try {
      const { name: _, isDefault: __, ...style } = values;
      await api(watermarkRoutes.updateDefaultWatermarkTemplate, { body: { version: template.version, ...style } });
      toastSuccess(WATERMARK_MESSAGES.defaultSaved);
      onDirty(false);
      await refreshWatermarks(queryClient);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <WatermarkFields values={values} onChange={change} disabled={!canChange} withName={false} problems={problems} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => openPreviewPdf(organizationId, template.id, values)}>
          Open preview PDF
        </Button>
        {canChange && (
          <Button onClick={save} loading={saving} disabled={sameValues(values, initial)}>
            Save default watermark
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Settings → Watermarks (?page=watermarks). */
export function WatermarksSettingsPage({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const user = useSessionUser();
  const [dirty, setDirty] = useState({ templates: false, rules: false, systemDefault: false });
  useUnsavedChangesGuard(dirty.templates || dirty.rules || dirty.systemDefault);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Once a package is deposited into an eVault, the vault holds the authoritative copy: every document, sealed file
        or certificate Signet serves of it is a copy with a watermark. Rules can also watermark copies of packages in
        other statuses.
      </Text>
      <FormSection title="Watermark templates" description="How a watermark looks: its text and where it is drawn.">
        <TemplatesSection
          organizationId={organizationId}
          canManage={canManage}
          onDirty={(value) => setDirty((current) => ({ ...current, templates: value }))}
        />
      </FormSection>
      <FormSection
        title="Watermark rules"
        description="Which template watermarks a copy. The most specific matching rule wins; between equally specific rules, the one higher in the list."
      >
        <RulesSection
          organizationId={organizationId}
          canManage={canManage}
          onDirty={(value) => setDirty((current) => ({ ...current, rules: value }))}
        />
      </FormSection>
      <FormSection
        title="System default watermark"
        description={
          user?.supportUser
            ? "Used by every organization without a watermark of its own. Changing it affects all organizations."
            : "Used when the organization has no default watermark of its own. Only support users change it."
        }
      >
        <Box>
          <SystemDefaultSection
            organizationId={organizationId}
            onDirty={(value) => setDirty((current) => ({ ...current, systemDefault: value }))}
          />
        </Box>
      </FormSection>
    </Stack>
  );
}
