import { Anchor, Badge, Table, Text } from "@mantine/core";
import { type SealedArtifact, SIGNING_ADMIN_FILE_PATHS } from "@signet/contract";
import { FormSection } from "../../../components/FormSection.tsx";
import { formatDateTime } from "../../access/format.ts";
import { sealedArtifactLabel, shortHash } from "../signing-format.ts";

function Hash({ value }: { value: string | null }) {
  return (
    <Text span size="xs" ff="monospace" title={value ?? undefined}>
      {shortHash(value)}
    </Text>
  );
}

/**
 * The package's sealed files (issue 5 §4): each signed document and the certificate of completion,
 * with its hashes before and after sealing, when it was sealed, whether it carries a trusted
 * timestamp, and a download (a same-origin GET: the session cookie authenticates it).
 */
export function SealedDocumentsCard({
  organizationId,
  packageId,
  artifacts,
}: {
  organizationId: string;
  packageId: string;
  artifacts: readonly SealedArtifact[];
}) {
  return (
    <FormSection
      title="Sealed documents"
      description={`Sealed with ${artifacts[0]?.certificateSubject ?? "the seal certificate"}. Download the copies participants receive.`}
    >
      <Table aria-label="Sealed documents" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>SHA-256 before → after</Table.Th>
            <Table.Th>Sealed</Table.Th>
            <Table.Th>Timestamp</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {artifacts.map((artifact) => {
            const label = sealedArtifactLabel(artifact);
            return (
              <Table.Tr key={artifact.id}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>
                  {artifact.sha256Before ? (
                    <>
                      <Hash value={artifact.sha256Before} /> → <Hash value={artifact.sha256} />
                    </>
                  ) : (
                    <Hash value={artifact.sha256} />
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(artifact.sealedAt)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={artifact.timestamped ? "teal" : "gray"}>
                    {artifact.timestamped ? "Timestamped" : "No timestamp"}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    href={SIGNING_ADMIN_FILE_PATHS.sealedArtifactFile(organizationId, packageId, artifact.id)}
                    download
                    size="sm"
                    aria-label={`Download sealed ${label}`}
                  >
                    Download
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </FormSection>
  );
}
