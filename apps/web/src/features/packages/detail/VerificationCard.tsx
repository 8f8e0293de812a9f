import { Alert, Badge, Button, Group, Skeleton, Text } from "@mantine/core";
import { type PackageVerification, signingAdminRoutes } from "@signet/contract";
import { IconAlertTriangle, IconRefresh, IconShieldCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { formatDateTime } from "../../access/format.ts";
import { type VerificationRow, verificationRows } from "../signing-format.ts";

const VERIFICATION_COLUMNS: Column<VerificationRow>[] = [
  { key: "check", label: "Check", render: (row) => row.label },
  {
    key: "result",
    label: "Result",
    render: (row) => (
      <Group gap="xs">
        {row.results.map((check) => (
          <Badge key={check.text} variant="light" color={check.ok ? "teal" : "red"} tt="none">
            {check.text}
          </Badge>
        ))}
      </Group>
    ),
  },
];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the verification checked, in words (issue 11 §4). */
export function verificationCheckedText(result: PackageVerification): string {
  const parts = [
    `the audit trail of ${plural(result.chain.events, "event", "events")}, each chained to the one before`,
    `${plural(result.documents.length, "original document", "original documents")} against the fingerprints recorded at upload and at send`,
  ];
  if (result.artifacts.length > 0) {
    parts.push(
      `${plural(result.artifacts.length, "sealed file", "sealed files")}: their fingerprints and digital signatures`,
    );
  }
  return `Checked ${parts.slice(0, -1).join("; ")}${parts.length > 1 ? "; and " : ""}${parts.at(-1)}.`;
}

/**
 * 'Verify' (issue 5 §4, issue 11 §4): the server re-checks the package's audit chain, that every
 * stored original still hashes to what was recorded, and that every sealed file is intact and its
 * signature valid. A sealed package is verified as soon as its page opens; others on request.
 */
export function VerificationCard({
  organizationId,
  packageId,
  sealed,
}: {
  organizationId: string;
  packageId: string;
  sealed: boolean;
}) {
  const [requested, setRequested] = useState(false);
  const verification = useQuery({
    queryKey: ["packages", organizationId, packageId, "verification"],
    queryFn: () =>
      api(signingAdminRoutes.getPackageVerification, {
        params: { orgId: organizationId, packageId },
        passThrough: true,
      }),
    enabled: sealed || requested,
    retry: false,
    staleTime: 30_000,
  });
  const result = verification.data ?? null;
  const busy = verification.isFetching;
  const rows = result ? verificationRows(result) : [];

  return (
    <FormSection
      title="Verification"
      description="Re-checks the audit trail, the stored original documents and the sealed files."
    >
      <Group>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => (result || verification.isError ? void verification.refetch() : setRequested(true))}
          loading={busy}
        >
          {result ? "Verify again" : "Verify"}
        </Button>
        {result && (
          <Text size="sm" c="dimmed">
            {result.sealedAt ? `Sealed ${formatDateTime(result.sealedAt)}` : "Not sealed yet"}
          </Text>
        )}
      </Group>
      <FormError message={verification.isError ? errorMessage(verification.error) : null} />
      {busy && !result && <Skeleton height={72} radius="sm" aria-label="Verifying" />}
      {result && (
        <>
          <Alert
            color={result.valid ? "teal" : "red"}
            variant="light"
            role="status"
            icon={result.valid ? <IconShieldCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
            title={result.valid ? "Verified" : "Verification failed"}
            data-testid="verification-verdict"
          >
            <Text size="sm">
              {result.valid
                ? "Nothing has changed since it was recorded: the audit trail, the original documents and the sealed files all check out."
                : "Something no longer matches what was recorded: see the checks below."}
            </Text>
            <Text size="sm" mt={4}>
              {verificationCheckedText(result)}
            </Text>
          </Alert>
          <DataTable
            label="Verification results"
            columns={VERIFICATION_COLUMNS}
            rows={rows}
            rowKey={(row) => row.key}
            empty={null}
            framed={false}
            minWidth={0}
          />
        </>
      )}
    </FormSection>
  );
}
