import { Select } from "@mantine/core";
import type { PackageStatus } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { packageQueries } from "../packages/package-queries.ts";
import { SIGNING_STATUS_LABELS } from "../packages/signing-format.ts";

/** A searchable pick of the packages the caller manages (the newest 100), optionally of some statuses. */
export function PackagePicker({
  organizationId,
  statuses,
  value,
  onChange,
  description,
}: {
  organizationId: string;
  statuses?: PackageStatus[];
  value: string | null;
  onChange: (packageId: string | null) => void;
  description?: string;
}) {
  const packages = useQuery(
    packageQueries.workspace(organizationId, {
      ...(statuses ? { status: statuses } : {}),
      pageNumber: 1,
      pageSize: 100,
      sortBy: "lastUpdatedAt",
      sortDirection: "desc",
    }),
  );
  const records = (packages.data?.records ?? []).filter((pkg) => pkg.canManage);
  return (
    <Select
      label="Package"
      description={description}
      placeholder={packages.isPending ? "Loading packages…" : records.length === 0 ? "No package" : "Choose a package"}
      searchable
      nothingFoundMessage="No package matches"
      data={records.map((pkg) => ({ value: pkg.id, label: `${pkg.name} (${pkg.shortId})` }))}
      value={value}
      onChange={onChange}
      disabled={records.length === 0}
    />
  );
}

/** The participants of a package, with where each is in signing; finished ones cannot sign again. */
export function ParticipantPicker({
  organizationId,
  packageId,
  value,
  onChange,
}: {
  organizationId: string;
  packageId: string | null;
  value: string | null;
  onChange: (participantId: string | null) => void;
}) {
  const participants = useQuery({
    ...packageQueries.participants(organizationId, packageId ?? ""),
    enabled: packageId !== null,
  });
  const records = participants.data?.records ?? [];
  return (
    <Select
      label="Participant"
      placeholder={packageId ? "Choose a participant" : "Choose a package first"}
      data={records.map((participant) => {
        const name = [participant.givenName, participant.familyName].filter(Boolean).join(" ");
        return {
          value: participant.id,
          label: `${participant.displayName}${name ? ` · ${name}` : ""} (${SIGNING_STATUS_LABELS[participant.signingStatus]})`,
          disabled: participant.signingStatus === "FINISHED",
        };
      })}
      value={value}
      onChange={onChange}
      disabled={packageId === null || records.length === 0}
    />
  );
}
