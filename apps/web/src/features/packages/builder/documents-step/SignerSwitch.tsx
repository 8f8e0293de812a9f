import { Group, Radio, Stack, UnstyledButton } from "@mantine/core";
import type { Participant } from "@signet/contract";
import { IconSignature, IconTemplate } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { DRAG_TYPE, encodeDragPayload } from "./drag-payload.ts";
import { participantName } from "./participant-look.ts";
import classes from "./tag-workspace.module.css";

/** What the quick items beside a signer's name add. */
type QuickKind = "SIGNATURE" | "SIGNING_BLOCK";

/**
 * Whom new tags are for: the participants signing the document electronically, each with the two
 * things almost every signer needs, one drag away: a signature, and a signature block (signature,
 * initials and date signed laid out together).
 */
export function SignerSwitch({
  signers,
  assignee,
  readOnly,
  colorOf,
  onAssignee,
  onQuickAdd,
}: {
  signers: Participant[];
  assignee: string | null;
  readOnly: boolean;
  colorOf: (participantId: string) => string;
  onAssignee: (participantId: string) => void;
  /** a quick item was pressed rather than dragged */
  onQuickAdd: (participantId: string, kind: QuickKind) => void;
}) {
  const quickItem = (participant: Participant, kind: QuickKind, text: string, label: string, icon: ReactNode) => (
    <UnstyledButton
      data-testid={`quick-${kind === "SIGNATURE" ? "signature" : "block"}-${participant.id}`}
      draggable={!readOnly}
      disabled={readOnly}
      aria-label={`${label} for ${participantName(participant)}`}
      title={`Drag onto a page, or press: ${label.replace(/^Add an? /, "").toLowerCase()} for ${participantName(participant)}`}
      className={classes.paletteItem}
      onClick={() => onQuickAdd(participant.id, kind)}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, encodeDragPayload({ type: kind, participantId: participant.id }));
        event.dataTransfer.effectAllowed = "copy";
      }}
      style={{
        padding: "2px 6px",
        border: "1px solid var(--mantine-color-gray-4)",
        borderLeft: `6px solid ${colorOf(participant.id)}`,
        borderRadius: 4,
        cursor: readOnly ? "default" : "grab",
        fontSize: 12,
      }}
    >
      <Group gap={4} wrap="nowrap">
        {icon}
        {text}
      </Group>
    </UnstyledButton>
  );

  return (
    <Radio.Group
      label="Tags for"
      description={signers.length === 0 ? "No participant signs this document electronically." : undefined}
      value={assignee}
      onChange={onAssignee}
      aria-label="Participant for new tags"
    >
      <Stack gap={8} mt={6}>
        {signers.map((participant) => (
          <Stack key={participant.id} gap={4}>
            <Radio
              value={participant.id}
              disabled={readOnly}
              label={
                <Group gap={6} wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 12,
                      height: 12,
                      borderRadius: 3,
                      background: colorOf(participant.id),
                      flexShrink: 0,
                    }}
                  />
                  <span>{participantName(participant)}</span>
                </Group>
              }
            />
            <Group gap={4} pl={28}>
              {quickItem(
                participant,
                "SIGNATURE",
                "Signature",
                "Add a signature tag",
                <IconSignature size={14} aria-hidden />,
              )}
              {quickItem(
                participant,
                "SIGNING_BLOCK",
                "Signature block",
                "Add a signature block (signature, initials and date signed)",
                <IconTemplate size={14} aria-hidden />,
              )}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Radio.Group>
  );
}
