import { Group, Radio, Stack, UnstyledButton } from "@mantine/core";
import type { Participant } from "@signet/contract";
import { IconSignature } from "@tabler/icons-react";
import { DRAG_TYPE, encodeDragPayload } from "./drag-payload.ts";
import { participantName } from "./participant-look.ts";
import classes from "./tag-workspace.module.css";

/** Whom new tags are for: the participants signing the document electronically, each with a quick signature. */
export function SignerSwitch({
  signers,
  assignee,
  readOnly,
  colorOf,
  onAssignee,
  onQuickSignature,
}: {
  signers: Participant[];
  assignee: string | null;
  readOnly: boolean;
  colorOf: (participantId: string) => string;
  onAssignee: (participantId: string) => void;
  /** the signature beside a name was pressed rather than dragged */
  onQuickSignature: (participantId: string) => void;
}) {
  return (
    <Radio.Group
      label="Tags for"
      description={signers.length === 0 ? "No participant signs this document electronically." : undefined}
      value={assignee}
      onChange={onAssignee}
      aria-label="Participant for new tags"
    >
      <Stack gap={6} mt={6}>
        {signers.map((participant) => (
          <Group key={participant.id} gap={6} wrap="nowrap" justify="space-between">
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
            {/* a signature is what almost every signer needs: one drag from beside their name */}
            <UnstyledButton
              data-testid={`quick-signature-${participant.id}`}
              draggable={!readOnly}
              disabled={readOnly}
              aria-label={`Add a signature tag for ${participantName(participant)}`}
              title={`Drag onto a page: a signature for ${participantName(participant)}`}
              className={classes.paletteItem}
              onClick={() => onQuickSignature(participant.id)}
              onDragStart={(event) => {
                event.dataTransfer.setData(
                  DRAG_TYPE,
                  encodeDragPayload({ type: "SIGNATURE", participantId: participant.id }),
                );
                event.dataTransfer.effectAllowed = "copy";
              }}
              style={{
                padding: "2px 6px",
                border: "1px solid var(--mantine-color-gray-4)",
                borderLeft: `6px solid ${colorOf(participant.id)}`,
                borderRadius: 4,
                cursor: readOnly ? "default" : "grab",
                fontSize: 12,
                flexShrink: 0,
              }}
            >
              <Group gap={4} wrap="nowrap">
                <IconSignature size={14} aria-hidden />
                Signature
              </Group>
            </UnstyledButton>
          </Group>
        ))}
      </Stack>
    </Radio.Group>
  );
}
