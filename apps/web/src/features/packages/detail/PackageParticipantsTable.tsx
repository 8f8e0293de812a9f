import { Badge, Group, Text, Tooltip } from "@mantine/core";
import {
  type ExecutionType,
  PARTICIPANT_ROLE_LABELS,
  type Package,
  type Participant,
  type ParticipantProofing,
  SIGNING_ADMIN_MESSAGES,
} from "@signet/contract";
import { type Column, DataTable } from "../../../components/data-table/DataTable.tsx";
import { formatDateTime } from "../../access/format.ts";
import { ProofingOutcome } from "../../identity-proofing/ProofingOutcome.tsx";
import { ParticipantLanguageNote } from "../ParticipantLanguageNote.tsx";
import { ACCESS_METHOD_LABELS } from "../package-format.ts";
import {
  canHostInPerson,
  idVerificationText,
  SIGNING_STATUS_COLORS,
  signingStatusText,
  turnOf,
} from "../signing-format.ts";
import { HostInPersonButton } from "./HostInPersonButton.tsx";
import { SigningLinkButton } from "./SigningLinkButton.tsx";

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
  if (participant.signingStatus === "FINISHED" || participant.signingStatus === "DELEGATED") return null;
  if (!available) return { disabled: true, reason: SIGNING_ADMIN_MESSAGES.notAvailable };
  if (!pkg.canManage) return { disabled: true, reason: "You cannot manage this package." };
  return { disabled: false, reason: null };
}

const nameOf = (participant: Participant) =>
  [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ") ||
  participant.displayName;

/** Issue 34 §3: the chain of hand-overs, on each participant it touches (the reason on the delegate). */
function DelegationNote(props: { participant: Participant; participants: readonly Participant[] }) {
  const { participant, participants } = props;
  const to = participants.find((candidate) => candidate.id === participant.delegatedToParticipantId);
  const from = participants.find((candidate) => candidate.id === participant.delegatedFromParticipantId);
  if (!to && !from) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="delegation-note">
      {from
        ? `Delegated by ${nameOf(from)}${participant.delegatedAt ? ` on ${formatDateTime(participant.delegatedAt)}` : ""}: ${participant.delegationReason ?? ""}`
        : null}
      {from && to ? " · " : null}
      {to ? `Delegated to ${nameOf(to)}` : null}
    </Text>
  );
}

/**
 * Issue 34 §2b: the role, with the witness link both ways, so the sender sees on the package page who
 * attests whose signature (the builder's table shows the same on the witness).
 */
function WitnessRole(props: { participant: Participant; participants: readonly Participant[] }) {
  const { participant, participants } = props;
  const signer = participants.find((candidate) => candidate.id === participant.witnessForParticipantId);
  const witnesses = participants.filter((candidate) => candidate.witnessForParticipantId === participant.id);
  return (
    <>
      <span>{signer ? `Witness to ${nameOf(signer)}` : PARTICIPANT_ROLE_LABELS[participant.role]}</span>
      {witnesses.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="witnessed-by">
          Witnessed by {witnesses.map(nameOf).join(", ")}
        </Text>
      ) : null}
    </>
  );
}

/** A package's participants on its page: who does what, how far each has got, and their signing link. */
export function PackageParticipantsTable(props: {
  organizationId: string;
  pkg: Pick<Package, "id" | "status" | "canManage" | "signingOrder">;
  participants: Participant[] | undefined;
  /** the execution type of each document of the package; undefined while loading */
  documentTypes?: readonly ExecutionType[] | undefined;
  error: string | null;
  proofing: readonly ParticipantProofing[] | undefined;
}) {
  const { organizationId, pkg } = props;
  const turn = turnOf(pkg.signingOrder, props.participants ?? [], props.documentTypes);
  const columns: Column<Participant>[] = [
    { key: "order", label: "Order", render: (participant) => participant.orderSequence },
    {
      key: "participant",
      label: "Participant",
      render: (participant) => (
        <>
          <span>{participant.displayName}</span>
          <ParticipantLanguageNote language={participant.language} />
        </>
      ),
    },
    {
      key: "name",
      label: "Name",
      render: (participant) =>
        [participant.givenName, participant.middleName, participant.familyName].filter(Boolean).join(" ") || "—",
    },
    {
      key: "does",
      label: "Does",
      render: (participant) => <WitnessRole participant={participant} participants={props.participants ?? []} />,
    },
    { key: "access", label: "Access", render: (participant) => ACCESS_METHOD_LABELS[participant.accessMethod] },
    { key: "contact", label: "Contact", render: (participant) => participant.contact || "In person" },
    {
      key: "status",
      label: "Signing status",
      render: (participant) => (
        <>
          <Badge
            variant="light"
            color={SIGNING_STATUS_COLORS[participant.signingStatus]}
            tt="none"
            data-testid="signing-status"
            title={participant.invitedAt ? `Invited ${formatDateTime(participant.invitedAt)}` : undefined}
          >
            {signingStatusText(participant)}
          </Badge>
          <DelegationNote participant={participant} participants={props.participants ?? []} />
          {participant.signedInPersonHost ? (
            <Text size="xs" c="dimmed" data-testid="signed-in-person">
              In person, hosted by {participant.signedInPersonHost}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: "verification",
      label: "Identity verification",
      render: (participant) => (
        <>
          {idVerificationText(participant)}
          <ProofingOutcome records={props.proofing} participantId={participant.id} />
        </>
      ),
    },
    {
      key: "link",
      label: "Signing link",
      labelHidden: true,
      render: (participant) => {
        const host = canHostInPerson(pkg, participant, turn) ? (
          <HostInPersonButton
            organizationId={organizationId}
            packageId={pkg.id}
            participant={{
              id: participant.id,
              displayName: participant.displayName,
              name: [participant.givenName, participant.familyName].filter(Boolean).join(" "),
            }}
          />
        ) : null;
        const link = signingLinkState(pkg, participant);
        if (!link) return host;
        const button = (
          <SigningLinkButton
            organizationId={organizationId}
            packageId={pkg.id}
            participant={participant}
            disabled={link.disabled}
          />
        );
        const linked = link.reason ? (
          <Tooltip label={link.reason} withinPortal multiline maw={280}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
        return host ? (
          <Group gap="xs" wrap="nowrap">
            {linked}
            {host}
          </Group>
        ) : (
          linked
        );
      },
    },
  ];
  return (
    <DataTable
      label="Participants"
      columns={columns}
      rows={props.participants}
      rowKey={(participant) => participant.id}
      empty="No participants yet."
      error={props.error}
      framed={false}
      minWidth={900}
      // focusable, so a keyboard can scroll it sideways on a phone even when no row has a button
      scrollLabel="Participants table"
    />
  );
}
