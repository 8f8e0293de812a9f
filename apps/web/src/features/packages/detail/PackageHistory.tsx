import { Badge, Group, Paper, Stack, Text, Timeline, Title } from "@mantine/core";
import { auditDetailsText, auditSentence, type PackageAuditEvent } from "@signet/contract";
import { useState } from "react";
import { TechnicalDetailsToggle } from "../../../components/TechnicalDetailsToggle.tsx";
import { formatDateTime } from "../../access/format.ts";
import { auditEventLabel } from "../package-format.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The package's history as sentences with their time ("Maria Rivera signed … on …"); where each
 * came from (IP address) and the recorded values (versions, role numbers) are technical details.
 */
export function PackageHistory({
  events,
  chainValid,
  brokenAt,
  names,
}: {
  events: readonly PackageAuditEvent[];
  chainValid: boolean | undefined;
  brokenAt: number | null | undefined;
  names: Record<string, string>;
}) {
  const [technical, setTechnical] = useState(false);
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            History
          </Title>
          {chainValid !== undefined && (
            <Badge color={chainValid ? "teal" : "red"} variant="light">
              {chainValid ? "Audit trail verified" : `Audit trail broken at event ${brokenAt}`}
            </Badge>
          )}
        </Group>
        <Timeline bulletSize={14} lineWidth={2} role="group" aria-label="History" id="package-history">
          {[...events].reverse().map((event) => {
            const written = auditSentence({
              type: event.type,
              actor: event.actorName ?? (event.actorRole === "anonymous" ? "Someone not signed in" : null),
              data: event.data,
              names,
            });
            // ids the page cannot name (sessions, links) mean nothing here; the certificate keeps them
            const details = auditDetailsText(written.details.filter((detail) => !UUID.test(detail.value)));
            const technicalLine = [event.ip, details].filter(Boolean).join(" · ");
            return (
              <Timeline.Item key={event.sequence} title={auditEventLabel(event.type)}>
                <Text size="sm">{written.sentence}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.occurredAt)}
                </Text>
                {technical && technicalLine && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {technicalLine}
                  </Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
        {events.length > 0 && (
          <div>
            <TechnicalDetailsToggle shown={technical} onChange={setTechnical} controls="package-history" />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
