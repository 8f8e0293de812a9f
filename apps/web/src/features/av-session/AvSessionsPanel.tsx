import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  AV_SESSION_STATUS_WORDS,
  type AvSessionSummary,
  avSessionRoutes,
  fillPath,
  NOTARIAL_ACT_WORDS,
  notarizationRoutes,
  routeUrl,
} from "@signet/contract";
import { IconDownload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client.ts";
import { TechnicalDetailsToggle } from "../../components/TechnicalDetailsToggle.tsx";
import { formatDate, formatDateTime } from "../access/format.ts";
import { formatDuration } from "./av-format.ts";

const STATUS_COLORS: Record<AvSessionSummary["status"], string> = { LIVE: "red", ENDED: "gray", COMPLETED: "teal" };

/**
 * Issue 16 §2, the sender's side: an A/V eSign package's live sessions with their host, times and
 * recording (SHA-256, duration, retention date, download). Shown only for A/V eSign packages.
 */
export function AvSessionsPanel({ organizationId, packageId }: { organizationId: string; packageId: string }) {
  const params = { orgId: organizationId, packageId };
  // a recording's fingerprint is for the compliance officer: shown on request (UX.md "Plain words first")
  const [technical, setTechnical] = useState(false);
  const sessions = useQuery({
    queryKey: ["packages", organizationId, packageId, "av-sessions"],
    queryFn: ({ signal }) => api(avSessionRoutes.listAvSessions, { params, signal, passThrough: true }),
    retry: false,
    // a live session changes by itself (the host completes or ends it in the signing room)
    refetchInterval: (query) => (query.state.data?.records.some((record) => record.status === "LIVE") ? 5_000 : false),
  });
  // issue 34 §4: the notarial acts the notary host performs in the session
  const acts = useQuery({
    queryKey: ["packages", organizationId, packageId, "notarial-acts"],
    queryFn: ({ signal }) => api(notarizationRoutes.listNotarialActs, { params, signal, passThrough: true }),
    retry: false,
  });
  if (sessions.isPending) return <Skeleton height={120} radius="md" />;
  if (sessions.isError || !sessions.data.avEsign) return null;
  const { records, hostName } = sessions.data;
  const recorded = records.some((record) => record.recording);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="av-sessions-title" data-testid="av-sessions">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="av-sessions-title">
            A/V sessions
          </Title>
          <Text size="sm" c="dimmed">
            {hostName
              ? `Hosted by ${hostName} from their signing link; the package completes when the host completes a session.`
              : "No session host chosen yet."}
          </Text>
        </div>
        {records.length === 0 ? (
          <Text size="sm">No session yet: the host starts one from their signing link once the package is sent.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {records.map((record) => (
              <Paper withBorder p="sm" radius="sm" component="li" key={record.id} data-testid="av-session-row">
                <Stack gap={6}>
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Badge variant="light" color={STATUS_COLORS[record.status]} tt="none">
                      {AV_SESSION_STATUS_WORDS[record.status]}
                    </Badge>
                    {record.recording ? (
                      <Button
                        component="a"
                        href={fillPath(routeUrl(avSessionRoutes.downloadAvRecording), {
                          ...params,
                          sessionId: record.id,
                        })}
                        download
                        variant="default"
                        size="xs"
                        leftSection={<IconDownload size={14} aria-hidden />}
                      >
                        Download recording
                      </Button>
                    ) : null}
                  </Group>
                  <Text size="sm">Host: {record.hostName}</Text>
                  <Text size="sm" c="dimmed">
                    Started {formatDateTime(record.startedAt)}
                    {record.endedAt ? ` · ended ${formatDateTime(record.endedAt)}` : ""}
                  </Text>
                  {record.recording ? (
                    <>
                      <Text size="sm">
                        Recording: {formatDuration(record.recording.durationSeconds)} · kept until{" "}
                        {formatDate(record.recording.retainUntil)}
                      </Text>
                      {technical && (
                        <Text
                          size="xs"
                          ff="monospace"
                          style={{ overflowWrap: "anywhere" }}
                          data-testid="av-recording-sha"
                        >
                          SHA-256 {record.recording.sha256}
                        </Text>
                      )}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {record.status === "LIVE" ? "Recording while live" : "No recording kept"}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {acts.data && acts.data.records.length > 0 ? (
          <Stack gap={4} data-testid="notarial-acts">
            <Title order={3} fz="md">
              Notarial acts
            </Title>
            {acts.data.records.map((act) => (
              <Text size="sm" key={act.id}>
                {NOTARIAL_ACT_WORDS[act.actType]}: {act.documentName}, for {act.signerNames.join(", ")} ·{" "}
                {act.status === "COMPLETED" && act.completedAt
                  ? `notarized ${formatDateTime(act.completedAt)}`
                  : "to be notarized in the session"}
              </Text>
            ))}
          </Stack>
        ) : null}
        {recorded && (
          <div>
            <TechnicalDetailsToggle shown={technical} onChange={setTechnical} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}
