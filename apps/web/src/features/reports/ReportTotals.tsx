import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { PackageReportTotals } from "@signet/contract";
import { STATUS_LABELS } from "../packages/package-format.ts";

const number = new Intl.NumberFormat("en-US");
const days = (value: number | null) => (value === null ? "—" : `${value} ${value === 1 ? "day" : "days"}`);

/** The totals over every package the filters match (not only the page shown). */
export function ReportTotals({ totals }: { totals: PackageReportTotals | undefined }) {
  const cards = [
    { label: "Packages", value: totals && number.format(totals.count), testId: "total-packages" },
    {
      label: STATUS_LABELS.AVAILABLE_TO_SIGNERS,
      value: totals && number.format(totals.byStatus.AVAILABLE_TO_SIGNERS),
      testId: "total-out",
    },
    {
      label: STATUS_LABELS.COMPLETED,
      value: totals && number.format(totals.completedCount),
      testId: "total-completed",
    },
    {
      label: "Median time to complete",
      value: totals && days(totals.medianDaysToComplete),
      testId: "total-median",
    },
    {
      label: "Average time to complete",
      value: totals && days(totals.averageDaysToComplete),
      testId: "total-average",
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" aria-label="Totals" role="group">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed" fw={600}>
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton height={30} mt={4} width="60%" />
          ) : (
            <Text fz={26} fw={700} data-testid={card.testId}>
              {card.value}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
