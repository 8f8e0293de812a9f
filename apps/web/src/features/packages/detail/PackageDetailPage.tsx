import {
  Alert,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  Tooltip,
} from "@mantine/core";
import {
  auditDetailsText,
  auditSentence,
  documentRoutes,
  EXECUTION_TYPE_LABELS,
  fillPath,
  PARTICIPANT_ROLE_LABELS,
  type Package,
  type Participant,
  routeUrl,
  SIGNING_ADMIN_MESSAGES,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useSessionUser } from "../../../app/services-context.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { formatDateTime } from "../../access/format.ts";
import { AvSessionsPanel } from "../../av-session/AvSessionsPanel.tsx";
import { PackageClosingCentersPanel } from "../../closing-centers/PackageClosingCentersPanel.tsx";
import { NOT_GRANTED_REASON, useClosingCenterGrants } from "../../closing-centers/use-closing-center-grants.ts";
import { EDepositPanel } from "../../edeposit/EDepositPanel.tsx";
import { ProofingOutcome, usePackageProofing } from "../../identity-proofing/ProofingOutcome.tsx";
import { MailingsPanel } from "../../print-mail/MailingsPanel.tsx";
import { PackageActions } from "../actions/PackageActions.tsx";
import {
  ACCESS_METHOD_LABELS,
  auditEventLabel,
  CONTACT_SUMMARY_LABELS,
  readableReason,
  SIGNING_ORDER_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
} from "../package-format.ts";
import { packageQueries } from "../package-queries.ts";
import {
  idVerificationText,
  SIGNING_STATUS_COLORS,
  sealedArtifactLabel,
  signingStatusText,
} from "../signing-format.ts";
import { SealedDocumentsCard } from "./SealedDocumentsCard.tsx";
import { SigningLinkButton } from "./SigningLinkButton.tsx";
import { TridDatesCard } from "./TridDatesCard.tsx";
import { VerificationCard } from "./VerificationCard.tsx";

const SEALING_POLL_MS = 3_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * 'Get signing link' where a signing URL makes sense (issue 5 §3): for API participants, and for
 * anyone while the package is out for signature (in-person signing). Null: no button.
 */
function signingLinkState(
  pkg: Pick<Package, "status" | "canManage">,
  participant: Pick<Participant, "accessMethod" | "signingStatus">,
): { disabled: boolean; reason: string | null } | null {
  const available = pkg.status === "AVAILABLE_TO_SIGNERS";
  if (!available && participant.accessMethod !== "API") return null;
  if (participant.signingStatus === "FINISHED") return null;
  if (!available) return { disabled: true, reason: SIGNING_ADMIN_MESSAGES.notAvailable };
  if (!pkg.canManage) return { disabled: true, reason: "You cannot manage this package." };
  return { disabled: false, reason: null };
}

/**
 * A package at a glance: status, actions, participants with their signing status, documents, the
 * sealed files, verification and its hash-chained history.
 */
export function PackageDetailPage({ packageId }: { packageId: string }) {
  const user = useSessionUser();
  const orgId = user?.organizationId ?? "";
  const navigate = useNavigate();
  const pkg = useQuery(packageQueries.package(orgId, packageId));
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
        {/* focusable, so a keyboard can scroll it sideways on a phone even when no row has a button */}
        <Table.ScrollContainer
          minWidth={900}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Participants table" } }}
        >
          <Table aria-label="Participants" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Participant</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Does</Table.Th>
                <Table.Th>Access</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Signing status</Table.Th>
                <Table.Th>Identity verification</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(participants.data?.records ?? []).map((participant) => {
                const link = signingLinkState(data, participant);
                return (
                  <Table.Tr key={participant.id}>
                    <Table.Td>{participant.orderSequence}</Table.Td>
                    <Table.Td>{participant.displayName}</Table.Td>
                    <Table.Td>
                      {[participant.givenName, participant.middleName, participant.familyName]
                        .filter(Boolean)
                        .join(" ") || "—"}
                    </Table.Td>
                    <Table.Td>{PARTICIPANT_ROLE_LABELS[participant.role]}</Table.Td>
                    <Table.Td>{ACCESS_METHOD_LABELS[participant.accessMethod]}</Table.Td>
                    <Table.Td>{participant.contact || "In person"}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={SIGNING_STATUS_COLORS[participant.signingStatus]}
                        tt="none"
                        data-testid="signing-status"
                        title={participant.invitedAt ? `Invited ${formatDateTime(participant.invitedAt)}` : undefined}
                      >
                        {signingStatusText(participant)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {idVerificationText(participant)}
                      <ProofingOutcome records={proofing.data?.records} participantId={participant.id} />
                    </Table.Td>
                    <Table.Td>
                      {link &&
                        (link.reason ? (
                          <Tooltip label={link.reason} withinPortal multiline maw={280}>
                            <span>
                              <SigningLinkButton
                                organizationId={orgId}
                                packageId={packageId}
                                participant={participant}
                                disabled
                              />
                            </span>
                          </Tooltip>
                        ) : (
                          <SigningLinkButton organizationId={orgId} packageId={packageId} participant={participant} />
                        ))}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {participants.data?.count === 0 && <Text c="dimmed">No participants yet.</Text>}
      </FormSection>

      <FormSection title="Documents">
        <Table aria-label="Documents" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Execution</Table.Th>
              <Table.Th>Pages</Table.Th>
              <Table.Th>SHA-256</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(documents.data?.records ?? []).map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  {mayDownload ? (
                    <a
                      href={fillPath(routeUrl(documentRoutes.downloadDocument), {
                        orgId,
                        packageId,
                        documentId: document.id,
                      })}
                    >
                      {document.name}
                    </a>
                  ) : (
                    <Tooltip label={NOT_GRANTED_REASON}>
                      <Text span size="sm" tabIndex={0}>
                        {document.name}
                      </Text>
                    </Tooltip>
                  )}
                  {document.format === "SMART_DOC" ? (
                    <Text size="xs" c="dimmed">
                      eNote (SMART Doc){document.eNoteMin ? `, MIN ${document.eNoteMin}` : ""}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{EXECUTION_TYPE_LABELS[document.executionType]}</Table.Td>
                <Table.Td>{document.numPages}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" title={document.sha256}>
                    {document.sha256.slice(0, 16)}…
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {documents.data?.count === 0 && <Text c="dimmed">No documents yet.</Text>}
      </FormSection>

      {!isSealed && <VerificationCard organizationId={orgId} packageId={packageId} sealed={false} />}

      <TridDatesCard pkg={data} />

      <Paper withBorder p="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              History
            </Title>
            {audit.data && (
              <Badge color={audit.data.chainValid ? "teal" : "red"} variant="light">
                {audit.data.chainValid ? "Audit trail verified" : `Audit trail broken at #${audit.data.brokenAt}`}
              </Badge>
            )}
          </Group>
          <Timeline bulletSize={14} lineWidth={2} role="group" aria-label="History">
            {[...(audit.data?.events ?? [])].reverse().map((event) => {
              const written = auditSentence({
                type: event.type,
                actor: event.actorName ?? (event.actorRole === "anonymous" ? "Someone not signed in" : null),
                data: event.data,
                names,
              });
              // ids the page cannot name (sessions, links) mean nothing here; the certificate keeps them
              const details = auditDetailsText(written.details.filter((detail) => !UUID.test(detail.value)));
              return (
                <Timeline.Item key={event.sequence} title={auditEventLabel(event.type)}>
                  <Text size="sm">{written.sentence}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.occurredAt)}
                    {event.ip ? ` · ${event.ip}` : ""}
                    {details ? ` · ${details}` : ""}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        </Stack>
      </Paper>
    </Page>
  );
}
