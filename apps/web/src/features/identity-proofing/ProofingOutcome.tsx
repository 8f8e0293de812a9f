import { Badge } from "@mantine/core";
import { identityProofingSenderRoutes, type ParticipantProofing, proofingOutcomeText } from "@signet/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { formatDateTime } from "../access/format.ts";

// Issue 16 §2: the sender sees how each A/V signer's identity proofing went, beside the
// participant's identity verification on the package page.

const packageProofingQuery = (orgId: string, packageId: string) =>
  queryOptions({
    queryKey: ["packages", orgId, packageId, "identity-proofing"],
    queryFn: ({ signal }) =>
      api(identityProofingSenderRoutes.listPackageIdentityProofing, { params: { orgId, packageId }, signal }),
    retry: false,
  });

/** The package's proofing outcomes, read only for an A/V eSign package. */
export function usePackageProofing(orgId: string, packageId: string, avEsign: boolean) {
  return useQuery({ ...packageProofingQuery(orgId, packageId), enabled: avEsign });
}

const COLORS: Record<ParticipantProofing["state"], string> = {
  passed: "teal",
  locked: "red",
  "retry-available": "orange",
  "in-progress": "blue",
  "not-started": "gray",
};

/** One participant's outcome as a badge whose words say it all (colour only repeats them). */
export function ProofingOutcome({
  records,
  participantId,
}: {
  records: readonly ParticipantProofing[] | undefined;
  participantId: string;
}) {
  const proofing = records?.find((record) => record.participantId === participantId);
  if (!proofing?.required) return null;
  const title =
    proofing.state === "locked" && proofing.lockedUntil
      ? `May try again after ${formatDateTime(proofing.lockedUntil)}`
      : proofing.passedAt
        ? `Passed ${formatDateTime(proofing.passedAt)}`
        : undefined;
  return (
    <Badge
      variant="light"
      color={COLORS[proofing.state]}
      tt="none"
      mt={4}
      display="block"
      title={title}
      data-testid="identity-proofing-outcome"
    >
      {proofingOutcomeText(proofing)}
    </Badge>
  );
}
