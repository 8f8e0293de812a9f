import { SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { TAG_TYPE_LABELS, TAG_TYPES, type TagType } from "@signet/contract";
import { DRAG_TYPE, encodeDragPayload } from "./drag-payload.ts";
import classes from "./tag-workspace.module.css";

/** Every kind of tag, to drag onto a page or to press (the page in view gets it). */
export function TagPalette({
  assignee,
  witness,
  readOnly,
  colorOf,
  onAdd,
}: {
  /** the participant new tags are for; none, nothing can be added */
  assignee: string | null;
  /** the assignee witnesses a signer: a witness signature instead of their own signature and initials */
  witness: boolean;
  readOnly: boolean;
  colorOf: (participantId: string) => string;
  onAdd: (type: TagType) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="tag-palette-label">
        Add a tag
      </Text>
      <Text size="xs" c="dimmed">
        Drag onto a page, or press to add it to the page in view.
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4} role="group" aria-labelledby="tag-palette-label">
        {TAG_TYPES.filter((type) =>
          witness ? type !== "SIGNATURE" && type !== "INITIALS" : type !== "WITNESS_SIGNATURE",
        ).map((type) => (
          <UnstyledButton
            key={type}
            data-testid={`palette-${type}`}
            draggable={!readOnly && assignee !== null}
            disabled={readOnly || assignee === null}
            aria-label={`Add ${TAG_TYPE_LABELS[type]} tag`}
            className={classes.paletteItem}
            onClick={() => onAdd(type)}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, encodeDragPayload({ type, participantId: null }));
              event.dataTransfer.effectAllowed = "copy";
            }}
            style={{
              padding: "4px 6px",
              border: "1px solid var(--mantine-color-gray-4)",
              borderLeft: `6px solid ${assignee ? colorOf(assignee) : "var(--mantine-color-gray-4)"}`,
              borderRadius: 4,
              cursor: readOnly ? "default" : "grab",
              fontSize: 13,
            }}
          >
            {TAG_TYPE_LABELS[type]}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
