import { Paper, Table } from "@mantine/core";
import { sessionRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { Page } from "../../components/Page.tsx";
import { Spinner } from "../../components/Spinner.tsx";

const dateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

export function BuildInfoPage() {
  const info = useQuery({
    queryKey: ["build-info"],
    queryFn: ({ signal }) => api(sessionRoutes.buildInfo, { signal }),
  });
  const rows: [string, string][] = info.data
    ? [
        ["Version", info.data.version],
        ["Commit", info.data.commit],
        ["Built at", dateTime(info.data.builtAt)],
        ["Node.js", info.data.node],
        ["Server started at", dateTime(info.data.startedAt)],
      ]
    : [];
  return (
    <Page title="Build info" description="The build of Signet this server is running." narrow>
      {info.isPending ? (
        <Spinner />
      ) : (
        <Paper withBorder>
          <Table variant="vertical" layout="fixed" withRowBorders>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={200}>{label}</Table.Th>
                  <Table.Td style={{ fontFamily: label === "Commit" ? "monospace" : undefined }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Page>
  );
}
