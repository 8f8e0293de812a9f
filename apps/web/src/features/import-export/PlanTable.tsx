import { Badge, Group, List, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import type { ConfigurationAction, ConfigurationPlan } from "@signet/contract";
import { useState } from "react";
import { ACTION_WORDS, countsSentence } from "./plan-words.ts";

/** Conflicts first (they block the import), then what changes, then what stays. */
const ORDER: Record<ConfigurationAction, number> = { CONFLICT: 0, CREATE: 1, CHANGE: 2, UNCHANGED: 3 };

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
                <Table aria-label={`${section.label}: what the import does`} verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={130}>Action</Table.Th>
                      <Table.Th>Item</Table.Th>
                      <Table.Th>Details</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item) => {
                      const words = ACTION_WORDS[item.action];
                      return (
                        <Table.Tr key={item.key} data-action={item.action}>
                          <Table.Td>
                            <Badge
                              color={words.color}
                              variant={item.action === "UNCHANGED" ? "outline" : "light"}
                              tt="none"
                            >
                              {words.label}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{item.label}</Table.Td>
                          <Table.Td>
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
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
