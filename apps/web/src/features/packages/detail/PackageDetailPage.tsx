import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { isUuid } from "../../../app/search.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { formatDateTime } from "../../access/format.ts";
import { AvSessionsPanel } from "../../av-session/AvSessionsPanel.tsx";
import { PackageClosingCentersPanel } from "../../closing-centers/PackageClosingCentersPanel.tsx";
import { useClosingCenterGrants } from "../../closing-centers/use-closing-center-grants.ts";
import { EDepositPanel } from "../../edeposit/EDepositPanel.tsx";
import { usePackageProofing } from "../../identity-proofing/ProofingOutcome.tsx";
import { MailingsPanel } from "../../print-mail/MailingsPanel.tsx";
import { PackageActions } from "../actions/PackageActions.tsx";
import {
  CONTACT_SUMMARY_LABELS,
  readableReason,
  SIGNING_ORDER_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
} from "../package-format.ts";
import { packageQueries } from "../package-queries.ts";
import { SigningStepsSummary } from "../SigningStepsSummary.tsx";
import { sealedArtifactLabel } from "../signing-format.ts";
import { PackageDocumentsTable } from "./PackageDocumentsTable.tsx";
import { PackageHistory } from "./PackageHistory.tsx";
import { PackageNotFound } from "./PackageNotFound.tsx";
import { PackageParticipantsTable } from "./PackageParticipantsTable.tsx";
import { SealedDocumentsCard } from "./SealedDocumentsCard.tsx";
import { TridDatesCard } from "./TridDatesCard.tsx";
import { VerificationCard } from "./VerificationCard.tsx";

const SEALING_POLL_MS = 3_000;
// another organization's package answers 404 like one that never existed (tenancy)
const NOT_FOUND = new Set([400, 404]);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * A package at a glance: status, actions, participants with their signing status, documents, the
 * sealed files, verification and its hash-chained history.
 */
export function PackageDetailPage({ packageId }: { packageId: string }) {
  const user = useSessionUser();
  const orgId = user?.organizationId ?? "";
  const navigate = useNavigate();
  const pkg = useQuery({ ...packageQueries.package(orgId, packageId), enabled: isUuid(packageId) });
  // a closing-center user downloads only where their share allows it (issue 16 §3)
  const closingCenterGrants = useClosingCenterGrants(orgId, packageId);
  const mayDownload = closingCenterGrants === null || closingCenterGrants.includes("DOWNLOAD_DOCUMENTS");
  const participants = useQuery(packageQueries.participants(orgId, packageId));
  const proofing = usePackageProofing(orgId, packageId, pkg.data?.avEsign === true);
  const documents = useQuery(packageQueries.documents(orgId, packageId));
  const audit = useQuery(packageQueries.audit(orgId, packageId));
  // a completed package is sealed moments later: look again until its files are there
  const sealed = useQuery({
    ...packageQueries.sealedArtifacts(orgId, packageId),
    refetchInterval: (query) =>
      pkg.data?.status === "COMPLETED" && query.state.data?.count === 0 ? SEALING_POLL_MS : false,
  });

  if (!isUuid(packageId) || (pkg.error instanceof ApiError && NOT_FOUND.has(pkg.error.status))) {
    return <PackageNotFound />;
  }
  if (pkg.isPending) return <Spinner />;
  if (!pkg.data) {
    return (
      <Page title="Package">
        <Alert color="red">This package could not be loaded.</Alert>
      </Page>
    );
  }
  const data = pkg.data;
  const sealedFiles = sealed.data?.records ?? [];
  const isSealed = sealedFiles.length > 0;
  const sealing = data.status === "COMPLETED" && sealed.data?.count === 0;
  // the ids an audit event's data holds, by the names the reader knows them by
  const names: Record<string, string> = Object.fromEntries([
    ...(participants.data?.records ?? []).map((participant) => [participant.id, participant.displayName]),
    ...(documents.data?.records ?? []).map((document) => [document.id, document.name]),
    ...sealedFiles.map((artifact) => [
      artifact.id,
      artifact.kind === "CERTIFICATE" ? "the certificate of completion" : `the sealed ${sealedArtifactLabel(artifact)}`,
    ]),
  ]);
  return (
    <Page
      title={data.name}
      description={
        <Group gap="xs" component="span">
          <Badge variant="light" color={STATUS_COLORS[data.status]}>
            {STATUS_LABELS[data.status]}
          </Badge>
          <span>{data.shortId}</span>
        </Group>
      }
      actions={
        <PackageActions
          organizationId={orgId}
          pkg={data}
          variant="buttons"
          onDeleted={() => void navigate({ to: "/workspace" })}
        />
      }
    >
      {/* a completed package leads with what it produced: the sealed files and their verification */}
      {isSealed && (
        <>
          <SealedDocumentsCard organizationId={orgId} packageId={packageId} artifacts={sealedFiles} />
          <VerificationCard organizationId={orgId} packageId={packageId} sealed />
        </>
      )}
      {data.status === "COMPLETED" && sealed.isPending && <Skeleton height={160} radius="md" />}
      {sealing && (
        <Alert color="blue" variant="light" title="Sealing the documents">
          Every participant has finished. Signet is sealing the documents and writing the certificate of completion;
          they appear here in a moment.
        </Alert>
      )}

      <AvSessionsPanel organizationId={orgId} packageId={packageId} />
      <EDepositPanel organizationId={orgId} packageId={packageId} canManage={data.canManage} />
      <MailingsPanel organizationId={orgId} packageId={packageId} canManage={data.canManage} />
      <PackageClosingCentersPanel
        organizationId={orgId}
        packageId={packageId}
        canManage={data.canManage}
        status={data.status}
      />

      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Fact label="Created" value={formatDateTime(data.createdAt)} />
          <Fact label="Last changed" value={formatDateTime(data.lastUpdatedAt)} />
          <Fact label="Sent" value={formatDateTime(data.sentAt, "Not sent")} />
          {data.scheduledAvailability && (
            <Fact
              label={data.scheduled ? "Goes out for signature on" : "Scheduled for"}
              value={formatDateTime(data.scheduledOn, "Not set")}
            />
          )}
          <Fact label="Expires" value={formatDateTime(data.packageExpiresAt, "Never")} />
          <Fact label="Signing order" value={SIGNING_ORDER_LABELS[data.signingOrder]} />
          <Fact label="Groups" value={data.packageGroups.map((group) => group.name).join(", ")} />
          <Fact label="Contact" value={CONTACT_SUMMARY_LABELS[data.contactSummary]} />
          {data.cancelReason && <Fact label="Cancellation reason" value={readableReason(data.cancelReason)} />}
        </SimpleGrid>
      </Paper>

      <FormSection title="Participants">
        <SigningStepsSummary participants={participants.data?.records} signingOrder={data.signingOrder} />
        <PackageParticipantsTable
          organizationId={orgId}
          pkg={data}
          participants={participants.data?.records}
          error={participants.error ? errorMessage(participants.error) : null}
          proofing={proofing.data?.records}
          documentTypes={documents.data?.records.map((document) => document.executionType)}
        />
      </FormSection>

      <FormSection title="Documents">
        <PackageDocumentsTable
          organizationId={orgId}
          packageId={packageId}
          documents={documents.data?.records}
          error={documents.error ? errorMessage(documents.error) : null}
          mayDownload={mayDownload}
        />
      </FormSection>

      {!isSealed && <VerificationCard organizationId={orgId} packageId={packageId} sealed={false} />}

      <TridDatesCard pkg={data} />

      <PackageHistory
        events={audit.data?.events ?? []}
        chainValid={audit.data?.chainValid}
        brokenAt={audit.data?.brokenAt}
        names={names}
      />
    </Page>
  );
}
