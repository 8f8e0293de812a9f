import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type SealedArtifact, SIGNING_ADMIN_FILE_PATHS } from "@signet/contract";
import { IconCertificate, IconDownload, IconFileTypePdf, IconFileZip } from "@tabler/icons-react";
import { useState } from "react";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { TechnicalDetailsToggle } from "../../../components/TechnicalDetailsToggle.tsx";
import { formatDateTime } from "../../access/format.ts";
import { sealedArtifactLabel, shortHash } from "../signing-format.ts";

function Hash({ value }: { value: string | null }) {
  return (
    <Text span size="xs" ff="monospace" title={value ?? undefined}>
      {shortHash(value)}
    </Text>
  );
}

/** Who sealed, as a person reads it: the certificate's common name, not its whole distinguished name. */
function sealerName(subject: string | undefined): string {
  if (!subject) return "the seal certificate";
  return /(?:^|,\s*)CN=([^,]+)/.exec(subject)?.[1]?.trim() ?? subject;
}

/** The signed documents first, the certificate of completion last. */
const byKind = (artifacts: readonly SealedArtifact[]) =>
  [...artifacts].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "CERTIFICATE" ? 1 : -1));

/**
 * What a completed package is for (issue 5 §4, issue 11 §4): each signed document and the
 * certificate of completion, each downloadable, and all of them in one zip. When it was sealed and
 * who timestamped it come first; the hashes before and after sealing and the seal's level wait
 * behind "Technical details".
 * Downloads are same-origin GETs: the session cookie authenticates them.
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
  const ordered = byKind(artifacts);
  const [technical, setTechnical] = useState(false);
  const columns: Column<SealedArtifact>[] = [
    {
      key: "document",
      label: "Document",
      render: (artifact) => {
        const Icon = artifact.kind === "CERTIFICATE" ? IconCertificate : IconFileTypePdf;
        return (
          <Group gap="xs" wrap="nowrap">
            <Icon size={20} aria-hidden />
            <Text size="sm" fw={500}>
              {sealedArtifactLabel(artifact)}
            </Text>
          </Group>
        );
      },
    },
    { key: "sealed", label: "Sealed", render: (artifact) => <SealedWords artifact={artifact} /> },
    ...(technical ? technicalColumns : []),
    {
      key: "download",
      label: "Download",
      labelHidden: true,
      render: (artifact) => (
        <Button
          component="a"
          href={SIGNING_ADMIN_FILE_PATHS.sealedArtifactFile(organizationId, packageId, artifact.id)}
          download
          size="xs"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={`Download sealed ${sealedArtifactLabel(artifact)}`}
        >
          Download
        </Button>
      ),
    },
  ];
  const documents = ordered.filter((artifact) => artifact.kind === "DOCUMENT").length;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="sealed-documents-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} fz="lg" id="sealed-documents-title">
              Sealed documents
            </Title>
            <Text size="sm" c="dimmed">
              {documents === 1 ? "The signed document" : `${documents} signed documents`} and the certificate of
              completion, sealed by {sealerName(ordered[0]?.certificateSubject)}: the copies participants receive.
            </Text>
          </div>
          <Button
            component="a"
            href={SIGNING_ADMIN_FILE_PATHS.sealedArtifactsZip(organizationId, packageId)}
            download
            leftSection={<IconFileZip size={18} aria-hidden />}
          >
            Download all (zip)
          </Button>
        </Group>
        <DataTable
          label="Sealed documents"
          columns={columns}
          rows={ordered}
          rowKey={(artifact) => artifact.id}
          empty={null}
          framed={false}
        />
        <div>
          <TechnicalDetailsToggle shown={technical} onChange={setTechnical} />
        </div>
      </Stack>
    </Paper>
  );
}

/** When it was sealed and, when a timestamp authority vouched for the time, which one and when. */
function SealedWords({ artifact }: { artifact: SealedArtifact }) {
  const by = artifact.lastTimestampTsa ? ` by ${artifact.lastTimestampTsa}` : "";
  const on = artifact.lastTimestampAt ? ` on ${formatDateTime(artifact.lastTimestampAt)}` : "";
  return (
    <>
      <Text size="sm">Sealed on {formatDateTime(artifact.sealedAt)}</Text>
      {artifact.timestamped && (
        <Text size="sm" c="dimmed">
          Timestamped{by}
          {on}
        </Text>
      )}
    </>
  );
}

const technicalColumns: Column<SealedArtifact>[] = [
  {
    key: "hashes",
    label: "SHA-256 before → after",
    render: (artifact) =>
      artifact.sha256Before ? (
        <>
          <Hash value={artifact.sha256Before} /> → <Hash value={artifact.sha256} />
        </>
      ) : (
        <Hash value={artifact.sha256} />
      ),
  },
  {
    key: "level",
    label: "Seal level",
    render: (artifact) => (
      <Badge variant="light" color={artifact.timestamped ? "teal" : "gray"} tt="none">
        {sealLevelWords(artifact)}
      </Badge>
    ),
  },
];

/** The seal's PAdES level (issue 32 §2), for the compliance officer. */
function sealLevelWords(artifact: SealedArtifact): string {
  const level = artifact.padesLevel ? `PAdES ${artifact.padesLevel}` : "PDF signature";
  if (artifact.padesLevel === "B-LTA" || artifact.padesLevel === "B-LT") {
    return `${level}: long-term validation data included`;
  }
  return artifact.timestamped ? `${level}: timestamped` : `${level}: no trusted timestamp`;
}
