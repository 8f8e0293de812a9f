import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Paper, SimpleGrid, Skeleton, Text, Title } from "@mantine/core";
import { PACKAGE_STATUSES, type PackageReportSeries } from "@signet/contract";
import type { ReactNode } from "react";
import { STATUS_COLORS, STATUS_LABELS } from "../packages/package-format.ts";

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-label={title}>
      <Title order={2} fz="md" mb={4}>
        {title}
      </Title>
      {/* the chart's gist in words, for screen readers and for anyone who does not read charts */}
      <Text size="sm" c="dimmed" mb="sm" component="figcaption">
        {summary}
      </Text>
      {children}
    </Paper>
  );
}

/** The report's three charts: packages by status over time, time to completion, completion by group. */
export function ReportCharts({ series }: { series: PackageReportSeries | undefined }) {
  if (!series) {
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={300} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const shownStatuses = PACKAGE_STATUSES.filter((status) => series.byStatus.some((point) => point.counts[status] > 0));
  const created = series.byStatus.reduce(
    (sum, point) => sum + Object.values(point.counts).reduce((a, b) => a + b, 0),
    0,
  );
  const completed = series.completionTime.reduce((sum, bucket) => sum + bucket.count, 0);
  const byPeriod = series.byStatus.map((point) => ({
    period: `${series.bucket === "week" ? "Week of " : ""}${dayLabel.format(new Date(point.period))}`,
    ...point.counts,
  }));
  const byGroup = series.completionByGroup.map((group) => ({
    group: group.name,
    "Completion rate": Math.round(group.rate * 100),
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
      <ChartCard
        title="Packages by status over time"
        summary={`${created} ${created === 1 ? "package" : "packages"} created, counted by ${series.bucket} and by status now.`}
      >
        <BarChart
          h={220}
          data={byPeriod}
          dataKey="period"
          type="stacked"
          withLegend={shownStatuses.length > 0}
          legendProps={{ verticalAlign: "bottom" }}
          yAxisProps={{ allowDecimals: false }}
          maxBarWidth={40}
          series={shownStatuses.map((status) => ({
            name: status,
            label: STATUS_LABELS[status],
            color: `${STATUS_COLORS[status]}.6`,
          }))}
          data-testid="chart-status-over-time"
        />
      </ChartCard>
      <ChartCard
        title="Time from sending to completion"
        summary={
          completed === 0
            ? "No package has been completed yet."
            : `${completed} completed ${completed === 1 ? "package" : "packages"} by how long signing took.`
        }
      >
        <BarChart
          h={220}
          data={series.completionTime.map((bucket) => ({ range: bucket.label, Packages: bucket.count }))}
          dataKey="range"
          orientation="vertical"
          // horizontal bars keep every range's words readable in a third of the page
          yAxisProps={{ width: 110 }}
          xAxisProps={{ allowDecimals: false }}
          maxBarWidth={28}
          series={[{ name: "Packages", color: "teal.6" }]}
          data-testid="chart-completion-time"
        />
      </ChartCard>
      <ChartCard
        title="Completion rate by group"
        summary={
          byGroup.length === 0
            ? "No group has sent packages yet."
            : series.completionByGroup
                .map((group) => `${group.name}: ${group.completed} of ${group.sent} sent completed`)
                .join("; ")
        }
      >
        <BarChart
          h={220}
          data={byGroup}
          dataKey="group"
          orientation="vertical"
          valueFormatter={(value) => `${value}%`}
          yAxisProps={{ width: 110 }}
          xAxisProps={{ domain: [0, 100] }}
          maxBarWidth={28}
          series={[{ name: "Completion rate", color: "indigo.6" }]}
          data-testid="chart-completion-by-group"
        />
      </ChartCard>
    </SimpleGrid>
  );
}
