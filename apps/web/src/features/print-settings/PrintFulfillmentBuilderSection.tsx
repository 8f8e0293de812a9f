import { Group, Skeleton, Switch, Text } from "@mantine/core";
import { PRINT_PROVIDER_LABELS, PRINT_PROVIDERS, packageRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { FormSection } from "../../components/FormSection.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { useBuilder } from "../packages/builder/builder-context.tsx";
import { useBuilderCall } from "../packages/builder/use-builder-call.ts";
import { printSettingsQueries } from "./print-settings-queries.ts";

const providerLabel = (code: string) =>
  (PRINT_PROVIDERS as readonly string[]).includes(code)
    ? `${code} — ${PRINT_PROVIDER_LABELS[code as (typeof PRINT_PROVIDERS)[number]]}`
    : code;

/**
 * The package's print fulfillment switch (spec §3 enablePrintFulfillment, printServiceProvider) in
 * the builder, shown when the organization has print fulfillment on (or the package already has it);
 * saved at the package's version and read-only once the package can no longer be edited.
 */
export function PrintFulfillmentBuilderSection() {
  const { organizationId, packageId, pkg, readOnly } = useBuilder();
  const call = useBuilderCall();
  const canSeeSettings = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const options = useQuery(printSettingsQueries.options(organizationId));

  if (options.isPending)
    return <Skeleton height={80} radius="md" role="status" aria-busy="true" aria-label="Loading print fulfillment" />;
  const enabledForOrg = options.data?.enabled ?? false;
  if (!enabledForOrg && !pkg.enablePrintFulfillment) {
    if (!canSeeSettings || options.isError) return null;
    return (
      <Text size="sm" c="dimmed">
        To have paper documents printed and mailed, turn on print fulfillment in{" "}
        <AnchorLink to="/settings" search={{ page: "print-fulfillment" }} underline="always">
          Settings › Print fulfillment
        </AnchorLink>
        .
      </Text>
    );
  }

  async function setEnabled(enabled: boolean) {
    const ok = await call(() =>
      api(packageRoutes.updatePackage, {
        params: { orgId: organizationId, packageId },
        body: { version: pkg.version, enablePrintFulfillment: enabled },
        passThrough: true,
      }),
    );
    if (ok) toastSuccess("Print fulfillment updated successfully");
  }

  const defaultCarrier = options.data?.carriers.find((carrier) => carrier.isDefault);
  const defaultAddress = options.data?.returnAddresses.find((address) => address.isDefault);
  return (
    <FormSection
      title="Print fulfillment"
      description="Print the paper documents and mail them to the participants who sign on paper, with a business return envelope."
    >
      <Switch
        label="Print and mail paper documents"
        checked={pkg.enablePrintFulfillment}
        disabled={readOnly || (!enabledForOrg && !pkg.enablePrintFulfillment)}
        onChange={(event) => void setEnabled(event.currentTarget.checked)}
      />
      {!enabledForOrg && (
        <Text size="sm" c="dimmed">
          Print fulfillment is off for this organization, so nothing will be printed for this package.
        </Text>
      )}
      <Group gap="xl" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            Print service provider
          </Text>
          <Text size="sm">{providerLabel(pkg.printServiceProvider)}</Text>
        </div>
        {defaultCarrier && (
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Carrier
            </Text>
            <Text size="sm">{defaultCarrier.label}</Text>
          </div>
        )}
        {defaultAddress && (
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Return address
            </Text>
            <Text size="sm">{defaultAddress.label}</Text>
          </div>
        )}
      </Group>
    </FormSection>
  );
}
