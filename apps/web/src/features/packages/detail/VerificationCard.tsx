import { Alert, Badge, Button, Group, Table, Text } from "@mantine/core";
import { type PackageVerification, routes } from "@signet/contract";
import { useState } from "react";
import { errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { FormError } from "../../../components/FormError.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { formatDateTime } from "../../access/format.ts";
import { verificationRows } from "../signing-format.ts";

/**
 * 'Verify' (issue 5 §4): the server re-checks the package's audit chain, that every stored original
 * still hashes to what was recorded, and that every sealed file is intact and its signature valid.
 */
export function VerificationCard({ organizationId, packageId }: { organizationId: string; packageId: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PackageVerification | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function verify() {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await api(routes.getPackageVerification, { params: { orgId: organizationId, packageId }, passThrough: true }),
      );
    } catch (failure) {
      setResult(null);
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const rows = result ? verificationRows(result) : [];
  return (
    <FormSection
      title="Verification"
      description="Re-checks the audit trail, the stored original documents and the sealed files."
    >
      <Group>
        <Button variant="default" onClick={() => void verify()} loading={busy}>
          Verify
        </Button>
        {result && (
          <Text size="sm" c="dimmed">
            {result.sealedAt ? `Sealed ${formatDateTime(result.sealedAt)}` : "Not sealed yet"}
          </Text>
        )}
      </Group>
      <FormError message={error} />
      {result && (
        <>
          <Alert
            color={result.valid ? "teal" : "red"}
            variant="light"
            role="status"
            title={result.valid ? "Verified" : "Verification failed"}
            data-testid="verification-verdict"
          >
            {result.valid
              ? "The audit trail, the original documents and the sealed files all check out."
              : "Something no longer matches what was recorded: see the checks below."}
          </Alert>
          <Table aria-label="Verification results" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Check</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      {row.results.map((check) => (
                        <Badge key={check.text} variant="light" color={check.ok ? "teal" : "red"}>
                          {check.text}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </FormSection>
  );
}
