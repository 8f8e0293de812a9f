import { Badge, Group, List, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import type { ConfigurationAction, ConfigurationPlan, ConfigurationPlanItem } from "@signet/contract";
import { useState } from "react";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { ACTION_WORDS, countsSentence } from "./plan-words.ts";

/** Conflicts first (they block the import), then what changes, then what stays. */
const ORDER: Record<ConfigurationAction, number> = { CONFLICT: 0, CREATE: 1, CHANGE: 2, UNCHANGED: 3 };

const PLAN_COLUMNS: Column<ConfigurationPlanItem>[] = [
  {
    key: "action",
    label: "Action",
    width: 130,
    render: (item) => (
      <Badge
        color={ACTION_WORDS[item.action].color}
        variant={item.action === "UNCHANGED" ? "outline" : "light"}
        tt="none"
      >
        {ACTION_WORDS[item.action].label}
      </Badge>
    ),
  },
  { key: "item", label: "Item", render: (item) => item.label },
  {
    key: "details",
    label: "Details",
    render: (item) => (
      <Stack gap={2}>
        {item.message && (
          <Text size="sm" c="red.9">
            {item.message}
          </Text>
        )}
        {item.changes.length > 0 && <Text size="sm">Changes: {item.changes.join(", ")}</Text>}
        {item.notes.length > 0 && (
          <List size="sm">
            {item.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    ),
  },
];

/** The dry run, section by section: each item with its action, the fields that change, and why a conflict is one. */
export function PlanTable({ plan }: { plan: ConfigurationPlan }) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  return (
    <Stack gap="lg">
      <Switch
        label="Show unchanged items"
        checked={showUnchanged}
        onChange={(event) => setShowUnchanged(event.currentTarget.checked)}
      />
      {plan.sections.map((section) => {
        const items = section.items
          .filter((item) => showUnchanged || item.action !== "UNCHANGED")
          .sort((a, b) => ORDER[a.action] - ORDER[b.action]);
        return (
          <Paper key={section.name} withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between" align="baseline">
                <Title order={3} size="h4">
                  {section.label}
                </Title>
                <Text size="sm" c="dimmed">
                  {countsSentence(section.counts)}
                </Text>
              </Group>
              {section.items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  The archive holds nothing in this section.
                </Text>
              ) : items.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {section.items.length === 1 ? "Its one item is" : `All ${section.items.length} items are`} already as
                  the archive has them.
                </Text>
              ) : (
                <DataTable
                  label={`${section.label}: what the import does`}
                  columns={PLAN_COLUMNS}
                  rows={items}
                  rowKey={(item) => item.key}
                  empty={null}
                  framed={false}
                  minWidth={0}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
