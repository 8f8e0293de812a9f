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
import { ActionIcon, Text } from "@mantine/core";
import { PARTICIPANT_ROLE_LABELS, type Participant } from "@signet/contract";
import { IconGripVertical } from "@tabler/icons-react";
import { createContext, useContext, useState } from "react";
import {
  type Column,
  DataTable,
  DataTableRow,
  type DataTableRowProps,
} from "../../../../components/data-table/DataTable.tsx";

// The handle sits in a cell of the row that useSortable registers: the row hands it its listeners.
const Handle = createContext<Pick<ReturnType<typeof useSortable>, "attributes" | "listeners"> | null>(null);
const ReadOnly = createContext(false);

function OrderRow({ row: participant, bg, children }: DataTableRowProps<Participant>) {
  const readOnly = useContext(ReadOnly);
  const sortable = useSortable({ id: participant.id, disabled: readOnly });
  return (
    <DataTableRow
      ref={sortable.setNodeRef}
      data-testid="order-row"
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        position: "relative",
        zIndex: sortable.isDragging ? 1 : undefined,
        background: sortable.isDragging ? "var(--mantine-color-blue-0)" : bg,
      }}
    >
      <Handle.Provider value={{ attributes: sortable.attributes, listeners: sortable.listeners }}>
        {children}
      </Handle.Provider>
    </DataTableRow>
  );
}

function DragHandle({ participant }: { participant: Participant }) {
  const readOnly = useContext(ReadOnly);
  const sortable = useContext(Handle);
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Drag ${participant.displayName} to change the order`}
      disabled={readOnly}
      style={{ cursor: readOnly ? undefined : "grab", touchAction: "none" }}
      {...sortable?.attributes}
      {...sortable?.listeners}
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
}

const columns = (positionOf: (id: string) => number): Column<Participant>[] => [
  {
    key: "handle",
    label: "Move",
    width: 44,
    render: (participant) => <DragHandle participant={participant} />,
  },
  {
    key: "position",
    label: "Position",
    width: 40,
    render: (participant) => positionOf(participant.id),
  },
  { key: "participant", label: "Participant", render: (participant) => participant.displayName },
  {
    key: "name",
    label: "Name",
    render: (participant) => [participant.givenName, participant.familyName].filter(Boolean).join(" "),
  },
  {
    key: "does",
    label: "Does",
    render: (participant) => (
      <Text size="sm" c="dimmed">
        {PARTICIPANT_ROLE_LABELS[participant.role]}
      </Text>
    ),
  },
];

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
        <ReadOnly.Provider value={props.readOnly}>
          {/* no head row: row n is the participant at position n */}
          <DataTable
            label="Participant order"
            columns={columns(positionOf)}
            rows={shown}
            rowKey={(participant) => participant.id}
            empty={null}
            header="none"
            compact
            framed={false}
            minWidth={0}
            rowElement={OrderRow}
          />
        </ReadOnly.Provider>
      </SortableContext>
    </DndContext>
  );
}
