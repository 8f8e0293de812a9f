import { Alert, Badge, Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { signingAdminRoutes } from "@signet/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { CopyField } from "../../components/CopyField.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Page } from "../../components/Page.tsx";
import { useHasPermission, usePermissionsQuery } from "../../session/permissions.ts";
import { formatDateTime } from "../access/format.ts";
import { invalidatePackage } from "../packages/package-queries.ts";
import { PackagePicker, ParticipantPicker } from "./demo-pickers.tsx";
import {
  acceptEmbeddedMessage,
  type EventLogEntry,
  eventLogEntry,
  logTime,
  signingOrigin,
} from "./embedded-messages.ts";

interface EmbeddedSession {
  signingURL: string;
  expiresAt: string;
  origin: string | null;
  packageId: string;
  /** remounts the frame for each new session */
  key: number;
}

/**
 * Embedded signing demo (issue 5 §3): asks a signing URL for a participant with this page as the
 * parent origin, shows the signing room in a frame and logs the events the room posts to its parent.
 */
export function EmbeddedSigningDemoPage() {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const client = useQueryClient();
  const features = usePermissionsQuery().data?.organization;
  const canManage = useHasPermission("MANAGE_DOCUMENTS_PACKAGES");
  const [packageId, setPackageId] = useState<string | null>(null);
  const [participantId, setParticipantId] = useState<string | null>(null);
  const [session, setSession] = useState<EmbeddedSession | null>(null);
  const [events, setEvents] = useState<EventLogEntry[]>([]);
  const frame = useRef<HTMLIFrameElement>(null);
  const nextId = useRef(1);
  const appOrigin = window.location.origin;

  // Only the room in our frame, from the signing URL's origin, with the room's marker, is believed.
  useEffect(() => {
    if (!session) return;
    const listener = (event: MessageEvent) => {
      if (frame.current && event.source !== frame.current.contentWindow) return;
      const message = acceptEmbeddedMessage(event, session.origin);
      if (!message) return;
      const entry = eventLogEntry(message, nextId.current++, new Date());
      setEvents((current) => [...current, entry]);
      // the participant's status changed: the participant list (and package page) follow
      if (message.event === "finished" || message.event === "declined") {
        void invalidatePackage(client, organizationId, session.packageId);
      }
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [session, client, organizationId]);

  const signingUrl = useMutation({
    mutationFn: (ids: { packageId: string; participantId: string }) =>
      api(signingAdminRoutes.createSigningUrl, {
        params: { orgId: organizationId, ...ids },
        body: { parentOrigin: appOrigin },
        passThrough: true,
      }),
    onSuccess: (link, ids) => {
      setEvents([]);
      setSession((current) => ({
        signingURL: link.signingURL,
        expiresAt: link.expiresAt,
        origin: signingOrigin(link.signingURL),
        packageId: ids.packageId,
        key: (current?.key ?? 0) + 1,
      }));
    },
    onSettled: (_link, _error, ids) => invalidatePackage(client, organizationId, ids.packageId),
  });
  const busy = signingUrl.isPending;
  const error = signingUrl.error ? errorMessage(signingUrl.error) : null;
  const start = () => {
    if (packageId && participantId) signingUrl.mutate({ packageId, participantId });
  };

  return (
    <Page
      title="Embedded signing demo"
      description="Host the signing room inside another application, as an integrator would."
    >
      <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />} title="How embedding works">
        <Text size="sm">
          The organization must have embedded signing enabled. The signing room then agrees to be framed by this
          application's own origin ({appOrigin}), which is always allowed, and by the origins listed under Settings →
          Signing room. The room posts its events (loaded, consented, signed, declined, finished, error) to the parent
          page; only messages from the signing room's origin are shown below.
        </Text>
      </Alert>
      {features && !features.embeddedSrEnabled && (
        <Alert color="orange" variant="light" role="alert">
          Embedded signing is not enabled for this organization.
        </Alert>
      )}

      <Paper withBorder p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <PackagePicker
              organizationId={organizationId}
              statuses={["AVAILABLE_TO_SIGNERS"]}
              description="Packages out for signature"
              value={packageId}
              onChange={(value) => {
                setPackageId(value);
                setParticipantId(null);
                signingUrl.reset();
              }}
            />
            <ParticipantPicker
              organizationId={organizationId}
              packageId={packageId}
              value={participantId}
              onChange={(value) => {
                setParticipantId(value);
                signingUrl.reset();
              }}
            />
          </SimpleGrid>
          <FormError message={error} />
          <Group justify="space-between">
            <Group>
              <Button onClick={start} loading={busy} disabled={!canManage || !packageId || !participantId}>
                Start embedded session
              </Button>
              {session && (
                <Button variant="default" onClick={() => setSession(null)}>
                  End embedded session
                </Button>
              )}
            </Group>
            {session && (
              <Text size="sm" c="dimmed">
                The signing URL works once; it expires {formatDateTime(session.expiresAt)}.
              </Text>
            )}
          </Group>
          {session && <CopyField label="Signing URL" value={session.signingURL} copyLabel="Copy URL" />}
        </Stack>
      </Paper>

      {session && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <iframe
              key={session.key}
              ref={frame}
              title="Embedded signing room"
              src={session.signingURL}
              // the room keeps its session cookie, runs its scripts, opens and downloads PDFs; it may
              // not navigate this page
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals"
              style={{
                width: "100%",
                height: "80vh",
                border: "1px solid var(--mantine-color-gray-4)",
                borderRadius: 8,
                background: "white",
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <EventLog events={events} origin={session.origin} onClear={() => setEvents([])} />
          </Grid.Col>
        </Grid>
      )}
    </Page>
  );
}

function EventLog({
  events,
  origin,
  onClear,
}: {
  events: EventLogEntry[];
  origin: string | null;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="embedded-events-title">
            Events
          </Title>
          <Button size="xs" variant="subtle" onClick={onClear} disabled={events.length === 0}>
            Clear events
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Accepted from {origin ?? "the signing room"} only.
        </Text>
        {events.length === 0 && (
          <Text size="sm" c="dimmed">
            No events yet.
          </Text>
        )}
        <Box
          role="log"
          aria-labelledby="embedded-events-title"
          aria-live="polite"
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: "none", maxHeight: "72vh", overflowY: "auto" }}
        >
          {events.map((entry) => (
            <Box component="li" key={entry.id} py={6} style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Text component="time" dateTime={entry.at} size="xs" c="dimmed" ff="monospace">
                  {logTime(entry.at)}
                </Text>
                <Badge
                  variant="light"
                  color={entry.event === "error" || entry.event === "declined" ? "red" : "indigo"}
                  tt="none"
                  style={{ flexShrink: 0, overflow: "visible" }}
                >
                  {entry.event}
                </Badge>
                <Text size="sm" style={{ wordBreak: "break-word" }}>
                  {entry.detail}
                </Text>
              </Group>
            </Box>
          ))}
        </Box>
      </Stack>
    </Paper>
  );
}
