import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Table, Text } from "@mantine/core";
import { PARTICIPANT_ROLE_LABELS, type Participant } from "@signet/contract";
import { IconGripVertical } from "@tabler/icons-react";
import { useState } from "react";

function OrderRow(props: { participant: Participant; position: number; readOnly: boolean }) {
  const { participant } = props;
  const sortable = useSortable({ id: participant.id, disabled: props.readOnly });
  return (
    <Table.Tr
      ref={sortable.setNodeRef}
      data-testid="order-row"
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        position: "relative",
        zIndex: sortable.isDragging ? 1 : undefined,
        background: sortable.isDragging ? "var(--mantine-color-blue-0)" : undefined,
      }}
    >
      <Table.Td w={44}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Drag ${participant.displayName} to change the order`}
          disabled={props.readOnly}
          style={{ cursor: props.readOnly ? undefined : "grab", touchAction: "none" }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
      </Table.Td>
      <Table.Td w={40}>{props.position}</Table.Td>
      <Table.Td>{participant.displayName}</Table.Td>
      <Table.Td>{[participant.givenName, participant.familyName].filter(Boolean).join(" ")}</Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {PARTICIPANT_ROLE_LABELS[participant.role]}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The signing order as a list the sender drags into shape (issue 11 §2), by mouse, touch or
 * keyboard (focus a handle, Space to lift, arrows to move, Space to drop). `onReorder` saves the
 * whole order; the new order shows at once and the saved one replaces it when it comes back.
 */
export function ParticipantOrder(props: {
  participants: Participant[];
  readOnly: boolean;
  onReorder: (ordered: Participant[]) => Promise<unknown>;
}) {
  const [moved, setMoved] = useState<Participant[] | null>(null);
  const shown = moved ?? props.participants;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => shown.find((participant) => participant.id === id)?.displayName ?? "";
  const positionOf = (id: string | number) => shown.findIndex((participant) => participant.id === id) + 1;

  function dropped(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = shown.findIndex((participant) => participant.id === active.id);
    const to = shown.findIndex((participant) => participant.id === over.id);
    const next = arrayMove(shown, from, to);
    setMoved(next);
    void props.onReorder(next).finally(() => setMoved(null));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        screenReaderInstructions: {
          draggable: "To move a participant, press Space, use the arrow keys, then press Space again to drop.",
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)}.` : `${nameOf(active.id)} moved.`,
          onDragEnd: ({ active, over }) =>
            over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)}.` : `${nameOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={shown.map((participant) => participant.id)} strategy={verticalListSortingStrategy}>
        <Table aria-label="Participant order" verticalSpacing={4}>
          <Table.Tbody>
            {shown.map((participant, index) => (
              <OrderRow key={participant.id} participant={participant} position={index + 1} readOnly={props.readOnly} />
            ))}
          </Table.Tbody>
        </Table>
      </SortableContext>
    </DndContext>
  );
}
