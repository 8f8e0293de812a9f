import { ActionIcon, Button, Group, Select, Stack, Text } from "@mantine/core";
import {
  PACKAGE_STATUS_WORDS,
  PACKAGE_STATUSES,
  WATERMARK_DOCUMENT_TYPE_LABELS,
  WATERMARK_DOCUMENT_TYPES,
  WATERMARK_MESSAGES,
  WATERMARK_REQUESTER_TYPE_LABELS,
  WATERMARK_REQUESTER_TYPES,
  type WatermarkTemplate,
  watermarkRoutes,
} from "@signet/contract";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { AnyOrOneSelect } from "./AnyOrOneSelect.tsx";
import { moveRule, type RuleRow, sameRules } from "./watermark-form.ts";
import { refreshWatermarks, watermarkQueries } from "./watermark-queries.ts";

/** The ordered rules, edited in place and saved together. */
export function RulesEditor({
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
  const saving = useMutation({
    mutationFn: (rules: RuleRow[]) =>
      api(watermarkRoutes.replaceWatermarkRules, {
        params: { orgId: organizationId },
        body: {
          version,
          rules: rules.map(({ key: _, ...rule }) => rule),
        },
      }),
    onSuccess: async () => {
      toastSuccess(WATERMARK_MESSAGES.rulesSaved);
      onDirty(false);
      await refreshWatermarks(queryClient);
    },
    onError: (error) => toastError(errorMessage(error)),
  });

  // each rule's row with its place in the order, which its labels name
  const columns: Column<{ row: RuleRow; index: number }>[] = [
    { key: "order", label: "#", render: ({ index }) => index + 1 },
    {
      key: "packageStatus",
      label: "Package status",
      render: ({ row, index }) => (
        <AnyOrOneSelect
          label={`Rule ${index + 1} package status`}
          anyLabel="Any status"
          values={PACKAGE_STATUSES}
          labels={PACKAGE_STATUS_WORDS}
          value={row.packageStatus}
          disabled={!canManage}
          onChange={(packageStatus) => update(index, { packageStatus })}
        />
      ),
    },
    {
      key: "documentType",
      label: "Document type",
      render: ({ row, index }) => (
        <AnyOrOneSelect
          label={`Rule ${index + 1} document type`}
          anyLabel="Any document"
          values={WATERMARK_DOCUMENT_TYPES}
          labels={WATERMARK_DOCUMENT_TYPE_LABELS}
          value={row.documentType}
          disabled={!canManage}
          onChange={(documentType) => update(index, { documentType })}
        />
      ),
    },
    {
      key: "requesterType",
      label: "Requester",
      render: ({ row, index }) => (
        <AnyOrOneSelect
          label={`Rule ${index + 1} requester`}
          anyLabel="Anyone"
          values={WATERMARK_REQUESTER_TYPES}
          labels={WATERMARK_REQUESTER_TYPE_LABELS}
          value={row.requesterType}
          disabled={!canManage}
          onChange={(requesterType) => update(index, { requesterType })}
        />
      ),
    },
    {
      key: "template",
      label: "Watermark",
      render: ({ row, index }) => (
        <Select
          aria-label={`Rule ${index + 1} watermark`}
          data={templateOptions}
          value={row.templateId}
          allowDeselect={false}
          disabled={!canManage}
          onChange={(value) => value && update(index, { templateId: value })}
        />
      ),
    },
    {
      key: "move",
      label: "Order",
      labelHidden: true,
      render: ({ index }) =>
        canManage && (
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
        ),
    },
  ];

  return (
    <Stack gap="md">
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          No rules: a deposited package's copies use the organization's default watermark, else the system default;
          copies of packages in other statuses are not watermarked.
        </Text>
      ) : (
        <DataTable
          label="Watermark rules"
          columns={columns}
          rows={rows.map((row, index) => ({ row, index }))}
          rowKey={({ row }) => row.key}
          empty={null}
          framed={false}
        />
      )}
      {canManage && (
        <Group>
          <Button variant="light" onClick={add} disabled={templateOptions.length === 0}>
            Add rule
          </Button>
          <Button onClick={() => saving.mutate(rows)} loading={saving.isPending} disabled={sameRules(rows, initial)}>
            Save rules
          </Button>
        </Group>
      )}
    </Stack>
  );
}
