import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import {
  CONDITIONAL_RULE_ACTIONS,
  type ConditionalRule,
  type ConditionalRuleAction,
  type ConditionalRuleCondition,
  TAG_TYPE_LABELS,
  type Tag,
  tagRoutes,
} from "@signet/contract";
import { IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { type Column, DataTable } from "../../../../components/data-table/DataTable.tsx";
import { toastError } from "../../../../components/toast.ts";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";

const ACTION_LABELS: Record<ConditionalRuleAction, string> = { SHOW: "Show", REQUIRE: "Require" };

/** Show or require a tag when another one has a value (or a given value). Works on saved tags. */
export function ConditionalRules() {
  const { organizationId, packageId, readOnly, track } = useBuilder();
  const client = useQueryClient();
  const params = { orgId: organizationId, packageId };
  const tags = useQuery(packageQueries.tags(organizationId, packageId));
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const rules = useQuery({
    queryKey: ["packages", organizationId, packageId, "conditional-rules"],
    queryFn: ({ signal }) => api(tagRoutes.listConditionalRules, { params, signal }),
  });
  const [target, setTarget] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [action, setAction] = useState<ConditionalRuleAction>("SHOW");
  const [value, setValue] = useState("");

  const name = (tag: Tag | undefined) => {
    if (!tag) return "?";
    const who = participants.data?.records.find((participant) => participant.id === tag.participantId);
    return `${tag.label || TAG_TYPE_LABELS[tag.type]} (${who?.displayName ?? ""}, p. ${tag.page})`;
  };
  const options = (tags.data?.records ?? []).map((tag) => ({ value: tag.id, label: name(tag) }));
  const byId = (id: string) => tags.data?.records.find((tag) => tag.id === id);
  const refresh = () =>
    client.invalidateQueries({ queryKey: ["packages", organizationId, packageId, "conditional-rules"] });

  async function run(work: () => Promise<unknown>) {
    try {
      await track(work());
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      await refresh();
    }
  }

  const add = () => {
    if (!source || !target) return;
    const condition: ConditionalRuleCondition = value.trim() ? "EQUALS" : "HAS_VALUE";
    void run(() =>
      api(tagRoutes.createConditionalRule, {
        params,
        body: { sourceTagId: source, targetTagId: target, action, condition, value: value.trim() || null },
        passThrough: true,
      }),
    );
  };

  const columns: Column<ConditionalRule>[] = [
    {
      key: "rule",
      label: "Rule",
      render: (rule) => (
        <Text size="sm">
          {ACTION_LABELS[rule.action]} {name(byId(rule.targetTagId))} when {name(byId(rule.sourceTagId))}{" "}
          {rule.condition === "EQUALS" ? `is '${rule.value}'` : "has a value"}
        </Text>
      ),
    },
    {
      key: "delete",
      label: "Delete",
      width: 40,
      render: (rule) => (
        <Tooltip label="Delete rule">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="Delete rule"
            disabled={readOnly}
            onClick={() =>
              void run(() =>
                api(tagRoutes.deleteConditionalRule, {
                  params: { ...params, ruleId: rule.id },
                  passThrough: true,
                }),
              )
            }
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  if (options.length < 2) {
    return (
      <Text size="sm" c="dimmed">
        Save at least two tags to make one depend on another.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {(rules.data?.count ?? 0) > 0 && (
        <DataTable
          label="Conditional rules"
          columns={columns}
          rows={rules.data?.records}
          rowKey={(rule) => rule.id}
          empty={null}
          header="hidden"
          compact
          framed={false}
          minWidth={0}
        />
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="Action"
          data={CONDITIONAL_RULE_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }))}
          value={action}
          allowDeselect={false}
          onChange={(next) => next && setAction(next as ConditionalRuleAction)}
          w={110}
        />
        <Select label="Tag" data={options} value={target} onChange={setTarget} w={220} />
        <Select label="When tag" data={options} value={source} onChange={setSource} w={220} />
        <TextInput
          label="Equals (optional)"
          placeholder="has any value"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          w={150}
        />
        <Button variant="light" onClick={add} disabled={readOnly || !source || !target}>
          Add rule
        </Button>
      </Group>
    </Stack>
  );
}
