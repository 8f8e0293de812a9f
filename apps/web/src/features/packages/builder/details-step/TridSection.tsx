import "@mantine/dates/styles.css";
import { Badge, Group, NumberInput, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import {
  isCalendarDay,
  type Package,
  packageRoutes,
  TRID_DATE_EXPLANATIONS,
  TRID_DATE_LABELS,
  TRID_DELIVERY_METHOD_LABELS,
  TRID_DELIVERY_METHODS,
  TRID_PACKAGE_TYPE_LABELS,
  TRID_PACKAGE_TYPES,
  type TridDateName,
  type TridDeliveryMethod,
  type TridPackageType,
  tridDates,
} from "@signet/contract";
import { useEffect, useRef, useState } from "react";
import { api } from "../../../../api/client.ts";
import { type Column, DataTable } from "../../../../components/data-table/DataTable.tsx";
import { FormSection } from "../../../../components/FormSection.tsx";
import { useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";

// Issue 16 §1: a TRID package's disclosure, milestones and delivery, with its legal dates and a
// sentence explaining each. A change shows the recomputed dates at once (the contract's tridDates,
// the same rules as the API) and saves; the saved package's dates (with the organization's
// calendar) replace them when it comes back.

type Trid = Package["trid"];
type Draft = Pick<
  Trid,
  | "tridPackageType"
  | "tridMilestoneApplication"
  | "tridMilestoneChangeCircumstances"
  | "tridMilestoneConsummation"
  | "tridDeliveryMethod"
  | "tridSentAt"
  | "tridExpirationDays"
>;

const DATE_ORDER: TridDateName[] = [
  "loanEstimateDue",
  "deliveryDeadline",
  "deemedReceived",
  "earliestConsummation",
  "revisedLoanEstimateReceiveBy",
  "closingDisclosureReceiveBy",
  "expirationDate",
];

const dateColumns = (dates: Trid["dates"]): Column<TridDateName>[] => [
  { key: "date", label: "Date", rowHeader: true, width: "30%", render: (name) => TRID_DATE_LABELS[name] },
  {
    key: "day",
    label: "Day",
    render: (name) => (
      <>
        <Text fw={600} size="sm" data-testid={`trid-${name}`}>
          {formatDay(dates[name] as string)}
        </Text>
        <Text size="sm" c="dimmed">
          {TRID_DATE_EXPLANATIONS[name]}
        </Text>
      </>
    ),
  },
];

const formatDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export function TridSection() {
  const { organizationId, packageId, pkg, readOnly } = useBuilder();
  const call = useBuilderCall();
  const [pending, setPending] = useState<Partial<Draft> | null>(null);
  const saved = pkg.trid;
  const draft: Draft = { ...saved, ...pending };

  const dates = pending
    ? tridDates({
        packageType: draft.tridPackageType,
        application: draft.tridMilestoneApplication,
        changeOfCircumstances: draft.tridMilestoneChangeCircumstances,
        consummation: draft.tridMilestoneConsummation,
        deliveryMethod: draft.tridDeliveryMethod,
        sent: draft.tridSentAt,
        expirationDays: draft.tridExpirationDays,
      })
    : saved.dates;

  // changes made quickly one after another save in turn, each at the version the one before left
  const version = useRef(pkg.version);
  useEffect(() => {
    version.current = Math.max(version.current, pkg.version);
  }, [pkg.version]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  async function change(patch: Partial<Draft>) {
    setPending((current) => ({ ...current, ...patch }));
    const run = queue.current.then(() =>
      call(async () => {
        const updated = await api(packageRoutes.updatePackage, {
          params: { orgId: organizationId, packageId },
          body: { version: version.current, ...patch },
          passThrough: true,
        });
        version.current = updated.version;
      }),
    );
    queue.current = run;
    await run;
    if (queue.current === run) setPending(null);
  }

  const dayInput = (label: string, key: keyof Draft, description: string) => (
    <DateInput
      label={label}
      description={description}
      valueFormat="YYYY-MM-DD"
      // typed days are calendar days as they are (the default parser goes through the local time zone)
      dateParser={(input) => (isCalendarDay(input.trim()) ? input.trim() : null)}
      placeholder="YYYY-MM-DD"
      clearable
      clearButtonProps={{ "aria-label": `Clear ${label}` }}
      readOnly={readOnly}
      value={(draft[key] as string | null) ?? null}
      onChange={(value) => void change({ [key]: value ? String(value).slice(0, 10) : null })}
    />
  );

  const shown = DATE_ORDER.filter((name) => dates[name] !== null);
  return (
    <FormSection
      title="TRID"
      description="The mortgage disclosure this package delivers, its milestones and the legal dates they give."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Disclosure"
          placeholder="Not a TRID package"
          clearable
          readOnly={readOnly}
          data={TRID_PACKAGE_TYPES.map((value) => ({ value, label: TRID_PACKAGE_TYPE_LABELS[value] }))}
          value={draft.tridPackageType}
          onChange={(value) => void change({ tridPackageType: (value as TridPackageType | null) ?? null })}
        />
        <Select
          label="Delivery method"
          placeholder="Choose how it is delivered"
          clearable
          readOnly={readOnly}
          data={TRID_DELIVERY_METHODS.map((value) => ({ value, label: TRID_DELIVERY_METHOD_LABELS[value] }))}
          value={draft.tridDeliveryMethod}
          onChange={(value) => void change({ tridDeliveryMethod: (value as TridDeliveryMethod | null) ?? null })}
        />
        {dayInput("Application", "tridMilestoneApplication", "The day the lender received the application")}
        {dayInput(
          "Change of circumstances",
          "tridMilestoneChangeCircumstances",
          "The day the lender learned of a changed circumstance",
        )}
        {dayInput("Consummation", "tridMilestoneConsummation", "The planned closing day")}
        {dayInput("Sent on", "tridSentAt", "The day the disclosure is sent (empty: the day the package is sent)")}
        <NumberInput
          label="Expiration (business days)"
          description="How long the Loan Estimate's closing costs stay available"
          min={1}
          max={365}
          allowDecimal={false}
          readOnly={readOnly}
          value={draft.tridExpirationDays}
          onBlur={(event) => {
            const value = Number(event.currentTarget.value);
            if (Number.isInteger(value) && value >= 1 && value <= 365 && value !== saved.tridExpirationDays)
              void change({ tridExpirationDays: value });
          }}
        />
      </SimpleGrid>
      {draft.tridPackageType && (
        <Stack gap="xs">
          {dates.consummationTooEarly && (
            <Group>
              <Badge color="red" variant="light">
                Consummation too early
              </Badge>
              <Text size="sm">The planned consummation is before the earliest consummation date.</Text>
            </Group>
          )}
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              Enter the milestones and the delivery to see the legal dates.
            </Text>
          ) : (
            <DataTable
              label="TRID dates"
              columns={dateColumns(dates)}
              rows={shown}
              rowKey={(name) => name}
              empty={null}
              header="hidden"
              compact
              framed={false}
              minWidth={0}
            />
          )}
        </Stack>
      )}
    </FormSection>
  );
}
