import { EmptyState, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useSessionUser } from "../../app/services-context.tsx";
import { ReportError } from "./ReportStates.tsx";
import { reportQueries } from "./report-queries.ts";

const COLUMNS = ["Mailing", "Package", "Carrier", "Status", "Mailed"];

/** The mailing report: the same frame as the package report, empty until print and mail exists. */
export function MailingReportPage() {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const report = useQuery({ ...reportQueries.mailings(organizationId), enabled: !!organizationId });
  if (report.isError) return <ReportError error={report.error} onRetry={() => void report.refetch()} />;
  if (!report.data) return <Skeleton height={220} radius="md" />;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconMailForward size={26} />}
          variant="light"
          title="No mailings yet"
          description={report.data.reason ?? "Mailings sent by print and mail appear here."}
        />
      </Paper>
      <Paper withBorder>
        <Table aria-label="Mailing report" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="lg">
                  No mailings to show.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
