import { Badge, Table, Text } from "@mantine/core";
import { type Package, TRID_DATE_EXPLANATIONS, TRID_PACKAGE_TYPE_LABELS } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";

// Issue 16 §1: the package page shows when a TRID disclosure is deemed received and the earliest
// consummation date, each with its sentence.

const formatDay = (day: string | null) =>
  day
    ? new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
        weekday: "short",
        year: "numeric",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      })
    : "Not known yet";

export function TridDatesCard({ pkg }: { pkg: Package }) {
  const trid = pkg.trid;
  if (!trid.tridPackageType) return null;
  const rows = [
    { label: "Deemed received", value: trid.dates.deemedReceived, text: TRID_DATE_EXPLANATIONS.deemedReceived },
    {
      label: "Earliest consummation",
      value: trid.dates.earliestConsummation,
      text: TRID_DATE_EXPLANATIONS.earliestConsummation,
    },
    ...(trid.tridMilestoneConsummation
      ? [{ label: "Planned consummation", value: trid.tridMilestoneConsummation, text: null }]
      : []),
  ];
  return (
    <FormSection title={`TRID: ${TRID_PACKAGE_TYPE_LABELS[trid.tridPackageType]}`}>
      {trid.deadlineAtRisk && (
        <Badge color="orange" variant="light">
          {trid.riskReason}
        </Badge>
      )}
      <Table aria-label="TRID dates" verticalSpacing="xs">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" w="30%">
                {row.label}
              </Table.Th>
              <Table.Td>
                <Text fw={600} size="sm">
                  {formatDay(row.value)}
                </Text>
                {row.text && (
                  <Text size="sm" c="dimmed">
                    {row.text}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FormSection>
  );
}
