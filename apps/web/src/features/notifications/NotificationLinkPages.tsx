import { Alert, Anchor, Badge, Paper, Skeleton, Stack, Text, Timeline } from "@mantine/core";
import {
  emailTemplateRoutes,
  NOTIFICATION_CHANNEL_LABELS,
  type NotificationReport,
  PACKAGE_STATUS_WORDS,
  type PackageStatus,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { Page } from "../../components/Page.tsx";
import { notificationKindWords } from "./notification-kinds.ts";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

type Failure = { record: NotificationReport["records"][number]; index: number };

const FAILURE_COLUMNS: Column<Failure>[] = [
  {
    key: "time",
    label: "Time",
    render: ({ record }) => <span style={{ whiteSpace: "nowrap" }}>{when(record.at)}</span>,
  },
  { key: "package", label: "Package", render: ({ record }) => record.packageName ?? "—" },
  {
    key: "message",
    label: "Message",
    render: ({ record }) =>
      `${notificationKindWords(record.kind)} (${NOTIFICATION_CHANNEL_LABELS[record.channel].toLowerCase()})`,
  },
  { key: "recipient", label: "Recipient", render: ({ record }) => record.recipient },
  { key: "answer", label: "Why it failed", render: ({ record }) => record.answer ?? "—" },
];
const period = (from: string, to: string) => `${when(from)} – ${when(to)}`;

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </Stack>
  );
}

function LinkProblem({ error }: { error: unknown }) {
  return (
    <Paper withBorder p="xl" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>This page cannot be shown.</Text>
        <Text size="sm">{errorMessage(error)}</Text>
        <Anchor component={Link} to="/sign-in">
          Sign in
        </Anchor>
      </Stack>
    </Paper>
  );
}

function NoToken() {
  return (
    <Paper withBorder p="xl" role="alert">
      <Text fw={600}>This page opens from the link in your daily summary email.</Text>
      <Text size="sm">Open the newest summary email and follow its link, or sign in to see your packages.</Text>
    </Paper>
  );
}

/** notification-summary: what happened to the sender's packages in the day the daily summary email covers. */
export function NotificationSummaryPage({ token }: { token?: string }) {
  const summary = useQuery({
    queryKey: ["notification-summary", token],
    queryFn: ({ signal }) =>
      api(emailTemplateRoutes.getNotificationSummary, { query: { token: token ?? "" }, signal, passThrough: true }),
    enabled: !!token,
    retry: false,
  });
  let body: React.ReactNode;
  if (!token) body = <NoToken />;
  else if (summary.isPending) body = <Loading label="Loading the summary" />;
  else if (summary.isError) body = <LinkProblem error={summary.error} />;
  else {
    const data = summary.data;
    body = (
      <Stack gap="md">
        <Text>
          Hello {data.recipientName}, here is what happened to your packages at {data.organizationName} from{" "}
          {period(data.from, data.to)}.
        </Text>
        {data.failedDeliveries > 0 && (
          <Alert color="orange" title={`${data.failedDeliveries} emails or texts to your participants failed`}>
            <AnchorLink to="/notification-report" search={{ token }}>
              See the failed deliveries
            </AnchorLink>
          </Alert>
        )}
        {data.packages.length === 0 ? (
          <Paper withBorder p="xl">
            <Text>Nothing happened to your packages in that day.</Text>
          </Paper>
        ) : (
          data.packages.map((pkg) => (
            <Paper key={pkg.id} withBorder p="lg">
              <Stack gap="sm">
                <Text fw={600} size="lg">
                  {pkg.name}{" "}
                  <Badge variant="light" ml="xs">
                    {PACKAGE_STATUS_WORDS[pkg.status as PackageStatus] ?? pkg.status}
                  </Badge>
                </Text>
                <Timeline bulletSize={12} lineWidth={2}>
                  {pkg.events.map((event, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: events are listed once, in order
                    <Timeline.Item key={index} title={event.sentence}>
                      <Text size="xs" c="dimmed">
                        {when(event.at)}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Stack>
            </Paper>
          ))
        )}
      </Stack>
    );
  }
  return <Page title="Your packages in the last day">{body}</Page>;
}

/** notification-report: the emails and texts to the sender's participants that failed in that day. */
export function NotificationReportPage({ token }: { token?: string }) {
  const report = useQuery({
    queryKey: ["notification-report", token],
    queryFn: ({ signal }) =>
      api(emailTemplateRoutes.getNotificationReport, { query: { token: token ?? "" }, signal, passThrough: true }),
    enabled: !!token,
    retry: false,
  });
  let body: React.ReactNode;
  if (!token) body = <NoToken />;
  else if (report.isPending) body = <Loading label="Loading the failed deliveries" />;
  else if (report.isError) body = <LinkProblem error={report.error} />;
  else {
    const data = report.data;
    body = (
      <Stack gap="md">
        <Text>
          Hello {data.recipientName}, these emails and texts to participants of your packages at {data.organizationName}{" "}
          failed from {period(data.from, data.to)}. Check the address or phone number in the package, then send a
          reminder.
        </Text>
        {data.records.length === 0 ? (
          <Paper withBorder p="xl">
            <Text>No delivery failed in that day.</Text>
          </Paper>
        ) : (
          <DataTable
            label="Failed deliveries"
            columns={FAILURE_COLUMNS}
            rows={data.records.map((record, index) => ({ record, index }))}
            // rows are listed once, in order
            rowKey={({ index }) => String(index)}
            empty={null}
          />
        )}
        <AnchorLink to="/notification-summary" search={{ token }}>
          Back to the summary
        </AnchorLink>
      </Stack>
    );
  }
  return <Page title="Failed deliveries">{body}</Page>;
}
