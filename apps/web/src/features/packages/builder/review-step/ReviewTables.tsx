import { Badge } from "@mantine/core";
import {
  type Document,
  EXECUTION_TYPE_LABELS,
  PARTICIPANT_ROLE_LABELS,
  type Package,
  type Participant,
  stepNumberOf,
} from "@signet/contract";
import { type Column, DataTable } from "../../../../components/data-table/DataTable.tsx";
import { ACCESS_METHOD_LABELS } from "../../package-format.ts";
import { countOf } from "./step-status.ts";

// The review's two summaries read as lists: their headings are for screen readers only.

/** Who is invited, with the step each signs at when the package is signed in order (issue 34 §1). */
export function ParticipantsToInvite(props: {
  participants: Participant[] | undefined;
  signingOrder: Package["signingOrder"];
}) {
  const position = (participant: Participant) =>
    props.signingOrder === "PARTICIPANT"
      ? `Step ${stepNumberOf(participant.orderSequence, props.participants ?? [])}`
      : "–";
  const columns: Column<Participant>[] = [
    { key: "order", label: "Step", width: 56, render: position },
    { key: "participant", label: "Participant", render: (participant) => participant.displayName },
    {
      key: "name",
      label: "Name",
      render: (participant) => [participant.givenName, participant.familyName].filter(Boolean).join(" "),
    },
    { key: "does", label: "Does", render: (participant) => PARTICIPANT_ROLE_LABELS[participant.role] },
    { key: "access", label: "Access", render: (participant) => ACCESS_METHOD_LABELS[participant.accessMethod] },
    { key: "contact", label: "Contact", render: (participant) => participant.contact || "In person" },
  ];
  return (
    <DataTable
      label="Participants to invite"
      columns={columns}
      rows={props.participants}
      rowKey={(participant) => participant.id}
      empty="No participants yet."
      header="hidden"
      compact
      framed={false}
      minWidth={0}
    />
  );
}

/** What is sent: each document, how it is executed, its pages and the tags placed on it. */
export function DocumentsToSend(props: {
  documents: Document[] | undefined;
  tagCount: (documentId: string) => number;
}) {
  const columns: Column<Document>[] = [
    { key: "document", label: "Document", render: (document) => document.name },
    {
      key: "execution",
      label: "Execution",
      render: (document) => <Badge variant="light">{EXECUTION_TYPE_LABELS[document.executionType]}</Badge>,
    },
    { key: "pages", label: "Pages", render: (document) => countOf(document.numPages, "page") },
    { key: "tags", label: "Tags", render: (document) => countOf(props.tagCount(document.id), "tag") },
  ];
  return (
    <DataTable
      label="Documents to send"
      columns={columns}
      rows={props.documents}
      rowKey={(document) => document.id}
      empty="No documents yet."
      header="hidden"
      compact
      framed={false}
      minWidth={0}
    />
  );
}
