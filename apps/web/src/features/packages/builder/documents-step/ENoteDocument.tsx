import { Alert, Stack, Text, UnstyledButton } from "@mantine/core";
import type { Document } from "@signet/contract";

/** Issue 15 §5: how the builder names an eNote: "eNote (SMART Doc), MIN …". */
export const eNoteLabel = (document: Pick<Document, "eNoteMin">) =>
  `eNote (SMART Doc)${document.eNoteMin ? `, MIN ${document.eNoteMin}` : ""}`;

/** The eNote's entry in the workspace's document list: no page thumbnails (it is XML, not a PDF). */
export function ENoteEntry(props: { document: Document; open: boolean; onOpen: () => void; className?: string }) {
  return (
    <UnstyledButton
      data-testid="workspace-document"
      aria-current={props.open ? "true" : undefined}
      onClick={props.onOpen}
      className={props.className}
      style={{
        padding: "6px 8px",
        borderRadius: 4,
        fontWeight: props.open ? 700 : 500,
        fontSize: 14,
        background: props.open ? "var(--mantine-color-blue-light)" : undefined,
        borderLeft: `4px solid ${props.open ? "var(--mantine-color-blue-6)" : "transparent"}`,
        overflowWrap: "anywhere",
      }}
    >
      {props.document.name}
      <Text span size="xs" c="dimmed" display="block" fw={400}>
        {eNoteLabel(props.document)}
        {props.open ? ", open" : ""}
      </Text>
    </UnstyledButton>
  );
}

/** The open eNote in the tag editor: its signature areas come from the eNote, nothing to place. */
export function ENoteOpen(props: { document: Document }) {
  return (
    <Stack p="md" style={{ gridColumn: "2 / 4" }}>
      <Alert color="blue" title={eNoteLabel(props.document)} data-testid="enote-tags-fixed">
        The eNote&apos;s signature areas are fixed by the eNote: each borrower signs in their own area of its view, so
        there are no tags to place or move here.
      </Alert>
    </Stack>
  );
}
