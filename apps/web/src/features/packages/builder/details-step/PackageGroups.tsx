import { MultiSelect, Text } from "@mantine/core";
import { packageRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../../api/client.ts";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";

/**
 * The groups the package is shared with (at least one), from the groups the caller may share
 * packages with: a loan officer needs no access-control permission to pick them.
 */
export function PackageGroups() {
  const { organizationId, packageId, pkg, readOnly } = useBuilder();
  const call = useBuilderCall();
  const groups = useQuery(packageQueries.groupOptions(organizationId));
  const current = pkg.packageGroups.map((group) => group.groupId);
  if (!groups.isSuccess) {
    return <Text size="sm">Shared with: {pkg.packageGroups.map((group) => group.name).join(", ")}</Text>;
  }
  const options = new Map(groups.data.records.map((group) => [group.groupId, group.name]));
  for (const group of pkg.packageGroups) options.set(group.groupId, group.name);
  return (
    <MultiSelect
      label="Groups"
      description="Members of these groups see the package."
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={current}
      disabled={readOnly}
      searchable
      onChange={(groupIds) => {
        if (groupIds.length === 0) return;
        void call(() =>
          api(packageRoutes.setPackageGroups, {
            params: { orgId: organizationId, packageId },
            body: { version: pkg.version, groupIds },
            passThrough: true,
          }),
        );
      }}
    />
  );
}
