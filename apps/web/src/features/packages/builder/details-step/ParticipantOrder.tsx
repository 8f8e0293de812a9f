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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, List, NativeSelect, Text } from "@mantine/core";
import {
  describeSteps,
  dragToStep,
  PARTICIPANT_ROLE_LABELS,
  type Participant,
  parseStepPlace,
  placeInStep,
  signingSteps,
  stepPlaces,
} from "@signet/contract";
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
/** Each participant's step (1..n), so a row can show which rows share its step. */
const StepOf = createContext<(participantId: string) => number>(() => 0);

// Rows of one step share a left bar of one colour (the next step another), so the groups read at a
// glance; the step select in each row says the same in words for keyboard and screen-reader users.
const STEP_COLORS = ["var(--mantine-color-blue-5)", "var(--mantine-color-teal-6)", "var(--mantine-color-grape-5)"];

function OrderRow({ row: participant, bg, children }: DataTableRowProps<Participant>) {
  const readOnly = useContext(ReadOnly);
  const sortable = useSortable({ id: participant.id, disabled: readOnly });
  const step = useContext(StepOf)(participant.id);
  return (
    <DataTableRow
      ref={sortable.setNodeRef}
      data-testid="order-row"
      data-step={step}
      style={{
        boxShadow: step > 0 ? `inset 4px 0 0 ${STEP_COLORS[(step - 1) % STEP_COLORS.length]}` : undefined,
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

/** The steps as participant ids, first to last. */
type Steps = string[][];

/**
 * A participant's step as a native select (issue 34 §1): join any step or start a new one, which
 * works the same by keyboard, screen reader and on a phone, where dragging is awkward.
 */
function StepSelect(props: {
  participant: Participant;
  steps: Steps;
  readOnly: boolean;
  onPlace: (participantId: string, value: string) => void;
}) {
  const current = props.steps.findIndex((step) => step.includes(props.participant.id)) + 1;
  const alone = props.steps[current - 1]?.length === 1;
  return (
    <NativeSelect
      size="xs"
      aria-label={`Signing step of ${props.participant.displayName}`}
      value={`join:${current}`}
      disabled={props.readOnly}
      data={stepPlaces(props.steps.length, current, alone).map(({ value, label }) => ({ value, label }))}
      onChange={(event) => props.onPlace(props.participant.id, event.currentTarget.value)}
      style={{ minWidth: 112 }}
    />
  );
}

const columns = (
  steps: Steps,
  readOnly: boolean,
  onPlace: (participantId: string, value: string) => void,
): Column<Participant>[] => [
  {
    key: "handle",
    label: "Move",
    width: 44,
    render: (participant) => <DragHandle participant={participant} />,
  },
  {
    key: "step",
    label: "Step",
    width: 120,
    render: (participant) => (
      <StepSelect participant={participant} steps={steps} readOnly={readOnly} onPlace={onPlace} />
    ),
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
 * The signing order as steps (issue 34 §1): each step holds one or more participants who sign in
 * any order among themselves; the next step waits for them. Each row's step select moves its
 * participant into another step or a new one; dragging a row (mouse, touch, or keyboard: focus a
 * handle, Space to lift, arrows to move, Space to drop) gives it a step of its own at the new place.
 * Empty steps disappear and steps count 1..n. `onReorder` saves the whole order; the new steps show
 * at once and the saved ones replace them when they come back.
 */
export function ParticipantOrder(props: {
  participants: Participant[];
  readOnly: boolean;
  onReorder: (steps: Steps) => Promise<unknown>;
}) {
  const [moved, setMoved] = useState<Steps | null>(null);
  const steps = moved ?? signingSteps(props.participants).map((step) => step.map((participant) => participant.id));
  const byId = new Map(props.participants.map((participant) => [participant.id, participant]));
  const shown = steps.flat().flatMap((id) => byId.get(id) ?? []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => byId.get(String(id))?.displayName ?? "";
  const stepOf = (id: string | number) => steps.findIndex((step) => step.includes(String(id))) + 1;

  function save(next: Steps) {
    setMoved(next);
    void props.onReorder(next).finally(() => setMoved(null));
  }

  function placed(participantId: string, value: string) {
    const place = parseStepPlace(value);
    if (place) save(placeInStep(steps, participantId, place));
  }

  function dropped(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    save(dragToStep(steps, String(active.id), String(over.id)));
  }

  const fullName = (participant: Participant) =>
    [participant.givenName, participant.familyName].filter(Boolean).join(" ") || participant.displayName;
  const words = describeSteps(
    steps.map((step) => step.flatMap((id) => (byId.get(id) ? [fullName(byId.get(id)!)] : []))),
  );

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
            over ? `${nameOf(active.id)} is over step ${stepOf(over.id)}.` : `${nameOf(active.id)} moved.`,
          onDragEnd: ({ active, over }) =>
            over ? `${nameOf(active.id)} dropped at step ${stepOf(over.id)}.` : `${nameOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={shown.map((participant) => participant.id)} strategy={verticalListSortingStrategy}>
        <ReadOnly.Provider value={props.readOnly}>
          <StepOf.Provider value={stepOf}>
            {/* no head row: each row says its step in its select */}
            <DataTable
              label="Participant order"
              columns={columns(steps, props.readOnly, placed)}
              rows={shown}
              rowKey={(participant) => participant.id}
              empty={null}
              header="none"
              compact
              framed={false}
              minWidth={0}
              rowElement={OrderRow}
            />
          </StepOf.Provider>
        </ReadOnly.Provider>
      </SortableContext>
      <List size="sm" aria-label="Signing steps" data-testid="signing-steps" listStyleType="none" spacing={2}>
        {words.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        Participants in the same step sign in any order; the next step is invited when they have all finished.
      </Text>
    </DndContext>
  );
}
