import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { dataCollectionRoutes, type Stip } from "@signet/contract";
import { IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { FormSection } from "../../../../components/FormSection.tsx";
import { packageQueries } from "../../package-queries.ts";
import { READ_ONLY_REASON, useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";

/** Signer uploads (stips): files the package asks participants for (spec §3, issue 4 §5). */
export function StipsSection() {
  const { organizationId, packageId, readOnly } = useBuilder();
  const call = useBuilderCall();
  const params = { orgId: organizationId, packageId };
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const stips = useQuery({
    queryKey: ["packages", organizationId, packageId, "stips"],
    queryFn: ({ signal }) => api(dataCollectionRoutes.listStips, { params, signal }),
  });
  const [participantId, setParticipantId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [required, setRequired] = useState(true);
  const who = (id: string) =>
    participants.data?.records.find((participant) => participant.id === id)?.displayName ?? "—";

  async function add() {
    if (!participantId || !name.trim()) return;
    const ok = await call(() =>
      api(dataCollectionRoutes.createStip, {
        params,
        body: { participantId, name: name.trim(), required },
        passThrough: true,
      }),
    );
    if (ok) setName("");
  }

  async function remove(stip: Stip) {
    const ok = await openConfirmDialog({
      title: "Remove signer upload",
      message: `Stop asking ${who(stip.participantId)} for "${stip.name}"?`,
      confirmLabel: "Remove",
      confirmColor: "red",
    });
    if (!ok) return;
    await call(() =>
      api(dataCollectionRoutes.deleteStip, {
        params: { ...params, stipId: stip.id },
        query: { version: stip.version },
        passThrough: true,
      }),
    );
  }

  const records = stips.data?.records ?? [];
  return (
    <FormSection title="Signer uploads" description="Files participants upload while signing, such as a photo ID.">
      {records.length > 0 ? (
        <Table aria-label="Signer uploads" verticalSpacing={4}>
          <Table.Tbody>
            {records.map((stip) => (
              <Table.Tr key={stip.id}>
                <Table.Td>{stip.name}</Table.Td>
                <Table.Td>{who(stip.participantId)}</Table.Td>
                <Table.Td>{stip.required ? "Required" : "Optional"}</Table.Td>
                <Table.Td w={40}>
                  <Tooltip label={readOnly ? READ_ONLY_REASON : "Remove"}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${stip.name}`}
                      disabled={readOnly}
                      onClick={() => void remove(stip)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No signer uploads requested.
        </Text>
      )}
      {!readOnly && (
        <form
          aria-label="Request a signer upload"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Upload from"
              data={(participants.data?.records ?? []).map((participant) => ({
                value: participant.id,
                label: participant.displayName,
              }))}
              value={participantId}
              onChange={setParticipantId}
            />
            <TextInput
              label="Upload name"
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Group align="flex-end" gap="sm">
              <Checkbox
                label="Required"
                checked={required}
                onChange={(event) => setRequired(event.currentTarget.checked)}
              />
              <Button type="submit" disabled={!participantId || !name.trim()}>
                Request upload
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      )}
    </FormSection>
  );
}
