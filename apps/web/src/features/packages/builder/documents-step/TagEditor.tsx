import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  DEFAULT_TAG_SIZE,
  type Document,
  fillPath,
  type Participant,
  routes,
  routeUrl,
  TAG_TYPE_LABELS,
  TAG_TYPES,
  type Tag,
  type TagType,
} from "@signet/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Rnd } from "react-rnd";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { toastError } from "../../../../components/toast.ts";
import { invalidatePackage, packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { useAutosave } from "../use-autosave.ts";
import { conflictMessage } from "../use-builder-call.ts";
import { createdIds } from "./created-tag-ids.ts";
import { openPdf, type PdfDocument, pageSizes, renderPage } from "./pdf-pages.ts";
import { type Box, dropBox, type PageSize, toPixels, toPoints } from "./tag-geometry.ts";

const SCALE = 1;
const DRAG_TYPE = "application/x-signet-tag";
const COLORS = ["#228be6", "#e8590c", "#2f9e44", "#ae3ec9", "#f08c00", "#0c8599", "#c2255c"];

interface DraftTag extends Box {
  key: string;
  id?: string;
  participantId: string;
  type: TagType;
  page: number;
  required: boolean;
  label: string | null;
  options: string[];
  groupName: string | null;
  optionValue: string | null;
  customFieldId: string | null;
}

const fromTag = (tag: Tag): DraftTag => ({ ...tag, key: tag.id });

function PdfPage(props: {
  pdf: PdfDocument;
  number: number;
  size: PageSize;
  children: React.ReactNode;
  onDropTag: (type: TagType, pointer: { x: number; y: number }) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void renderPage(props.pdf, props.number, canvas.current, SCALE);
  }, [props.pdf, props.number]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged tags; the palette's buttons add tags without a mouse
    <div
      data-testid={`page-${props.number}`}
      style={{
        position: "relative",
        width: props.size.width * SCALE,
        height: props.size.height * SCALE,
        boxShadow: "0 1px 4px rgba(0,0,0,.25)",
        background: "white",
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        const type = event.dataTransfer.getData(DRAG_TYPE) as TagType;
        if (!TAG_TYPES.includes(type)) return;
        event.preventDefault();
        const rect = event.currentTarget.getBoundingClientRect();
        props.onDropTag(type, { x: event.clientX - rect.left, y: event.clientY - rect.top });
      }}
    >
      <canvas ref={canvas} style={{ position: "absolute", inset: 0 }} />
      {props.children}
    </div>
  );
}

/**
 * Places tags on an E-Sign document: pages drawn with pdf.js, tag types dragged from the palette
 * onto a page for the chosen participant, moved and resized in place (never under 9×9 points),
 * edited in the properties panel, and saved by themselves shortly after the last change (issue 11
 * §2), all at once at the document's version; a version conflict shows the saved tags again.
 */
export function TagEditor({ document, participants }: { document: Document; participants: Participant[] }) {
  const { organizationId, packageId, readOnly, track } = useBuilder();
  const client = useQueryClient();
  const params = { orgId: organizationId, packageId, documentId: document.id };
  const tagsQuery = useQuery({
    queryKey: ["packages", organizationId, packageId, "document-tags", document.id],
    queryFn: ({ signal }) => api(routes.listDocumentTags, { params, signal }),
  });
  const matrix = useQuery(packageQueries.documentParticipants(organizationId, packageId));
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState<DraftTag[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setLocalDirty] = useState(false);
  const documentVersion = useRef(document.version);
  useEffect(() => {
    documentVersion.current = Math.max(documentVersion.current, document.version);
  }, [document.version]);
  const latestDraft = useRef(draft);
  latestDraft.current = draft;

  const signers = participants.filter((participant) => {
    const entry = matrix.data?.records.find(
      (row) => row.documentId === document.id && row.participantId === participant.id,
    );
    return (entry?.executionType ?? document.executionType) === "E_SIGN";
  });
  const [activeParticipant, setActiveParticipant] = useState<string | null>(null);
  const assignee = activeParticipant ?? signers[0]?.id ?? null;
  const colorOf = (participantId: string) =>
    COLORS[
      Math.max(
        0,
        participants.findIndex((participant) => participant.id === participantId),
      ) % COLORS.length
    ];

  useEffect(() => {
    let cancelled = false;
    const url = fillPath(routeUrl(routes.downloadDocument), {
      orgId: organizationId,
      packageId,
      documentId: document.id,
    });
    openPdf(url)
      .then(async (opened) => {
        const measured = await pageSizes(opened);
        if (cancelled) return;
        setPdf(opened);
        setSizes(measured);
      })
      .catch(() => !cancelled && setLoadError("The document could not be displayed."));
    return () => {
      cancelled = true;
    };
  }, [organizationId, packageId, document.id]);

  // the saved tags once; afterwards the draft is the truth until a conflict reloads them
  useEffect(() => {
    if (tagsQuery.data && draft === null) setDraft(tagsQuery.data.records.map(fromTag));
  }, [tagsQuery.data, draft]);

  const markDirty = (next: DraftTag[]) => {
    setDraft(next);
    setLocalDirty(true);
  };
  const update = (key: string, change: Partial<DraftTag>) =>
    markDirty((draft ?? []).map((tag) => (tag.key === key ? { ...tag, ...change } : tag)));

  function drop(page: number, type: TagType, pointer: { x: number; y: number }) {
    if (readOnly || !assignee) return;
    const size = sizes[page - 1];
    if (!size) return;
    const box = dropBox(pointer, DEFAULT_TAG_SIZE[type], SCALE, size);
    const key = crypto.randomUUID();
    const tag: DraftTag = {
      ...box,
      key,
      participantId: assignee,
      type,
      page,
      required: true,
      label: null,
      options: type === "DROPDOWN" ? ["Option 1", "Option 2"] : [],
      groupName: type === "RADIO" ? "group-1" : null,
      optionValue: type === "RADIO" ? `${(draft ?? []).filter((t) => t.type === "RADIO").length + 1}` : null,
      customFieldId: null,
    };
    markDirty([...(draft ?? []), tag]);
    setSelected(key);
  }

  async function save(): Promise<boolean> {
    const sent = latestDraft.current;
    if (!sent) return true;
    try {
      const saved = await track(
        api(routes.replaceDocumentTags, {
          params,
          body: {
            version: documentVersion.current,
            tags: sent.map(({ key: _key, ...tag }) => tag),
          },
          passThrough: true,
        }),
      );
      documentVersion.current = saved.documentVersion;
      const ids = createdIds(sent, saved.records);
      setDraft((current) => (current ?? []).map((tag) => ({ ...tag, id: tag.id ?? ids.get(tag.key) })));
      // edits made while this save was on its way save next
      if (latestDraft.current === sent) setLocalDirty(false);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toastError(conflictMessage(error));
        const fresh = await tagsQuery.refetch();
        const current = await api(routes.getDocument, { params });
        documentVersion.current = current.version;
        setDraft((fresh.data?.records ?? []).map(fromTag));
        setLocalDirty(false);
        setSelected(null);
      } else if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
      return false;
    } finally {
      await invalidatePackage(client, organizationId, packageId);
    }
  }

  useAutosave({
    key: `tags:${document.id}`,
    changed: dirty,
    edits: JSON.stringify(draft),
    disabled: readOnly,
    save,
  });

  const selectedTag = draft?.find((tag) => tag.key === selected) ?? null;
  if (loadError) return <Alert color="red">{loadError}</Alert>;

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap="xs" w={200} style={{ flexShrink: 0 }}>
        <Select
          label="Tags for"
          aria-label="Participant for new tags"
          data={signers.map((participant) => ({ value: participant.id, label: participant.displayName }))}
          value={assignee}
          onChange={setActiveParticipant}
          allowDeselect={false}
          disabled={readOnly || signers.length === 0}
        />
        {signers.length === 0 && (
          <Text size="xs" c="dimmed">
            No participant signs this document electronically.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Drag a tag onto a page.
        </Text>
        {TAG_TYPES.map((type) => (
          <Paper
            key={type}
            withBorder
            p={6}
            draggable={!readOnly && assignee !== null}
            data-testid={`palette-${type}`}
            aria-label={`${TAG_TYPE_LABELS[type]} tag`}
            style={{
              cursor: readOnly ? "default" : "grab",
              borderLeft: `4px solid ${assignee ? colorOf(assignee) : "#ccc"}`,
            }}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, type);
              event.dataTransfer.effectAllowed = "copy";
            }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{TAG_TYPE_LABELS[type]}</Text>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Add ${TAG_TYPE_LABELS[type]} tag to page 1`}
                disabled={readOnly || assignee === null}
                onClick={() => {
                  const size = sizes[0];
                  if (size) drop(1, type, { x: (size.width * SCALE) / 2, y: (size.height * SCALE) / 2 });
                }}
              >
                +
              </Button>
            </Group>
          </Paper>
        ))}
        <Text size="xs" c="dimmed">
          Tags save by themselves as you place and change them.
        </Text>
      </Stack>

      <ScrollArea h={720} style={{ flex: 1 }} type="auto">
        <Stack gap="md" align="center" p="sm" bg="gray.1">
          {!pdf && <Text c="dimmed">Loading pages…</Text>}
          {pdf &&
            sizes.map((size, index) => {
              const number = index + 1;
              return (
                <PdfPage
                  key={number}
                  pdf={pdf}
                  number={number}
                  size={size}
                  onDropTag={(type, pointer) => drop(number, type, pointer)}
                >
                  {(draft ?? [])
                    .filter((tag) => tag.page === number)
                    .map((tag) => {
                      const box = toPixels(tag, SCALE);
                      const participant = participants.find((p) => p.id === tag.participantId);
                      return (
                        <Rnd
                          key={tag.key}
                          bounds="parent"
                          size={{ width: box.width, height: box.height }}
                          position={{ x: box.x, y: box.y }}
                          minWidth={9 * SCALE}
                          minHeight={9 * SCALE}
                          disableDragging={readOnly}
                          enableResizing={!readOnly}
                          onDragStart={() => setSelected(tag.key)}
                          onDragStop={(_event, data) =>
                            update(tag.key, toPoints({ ...box, x: data.x, y: data.y }, SCALE, size))
                          }
                          onResizeStop={(_event, _direction, element, _delta, position) =>
                            update(
                              tag.key,
                              toPoints(
                                {
                                  x: position.x,
                                  y: position.y,
                                  width: element.offsetWidth,
                                  height: element.offsetHeight,
                                },
                                SCALE,
                                size,
                              ),
                            )
                          }
                          style={{
                            border: `2px solid ${colorOf(tag.participantId)}`,
                            background: `${colorOf(tag.participantId)}22`,
                            outline: selected === tag.key ? "2px dashed #000" : undefined,
                            fontSize: 10,
                            overflow: "hidden",
                            zIndex: 1,
                          }}
                        >
                          <button
                            type="button"
                            data-testid="placed-tag"
                            data-type={tag.type}
                            aria-label={`${TAG_TYPE_LABELS[tag.type]} for ${participant?.displayName ?? ""}`}
                            style={{
                              all: "unset",
                              boxSizing: "border-box",
                              display: "block",
                              width: "100%",
                              height: "100%",
                              padding: 2,
                              cursor: "move",
                            }}
                            onClick={() => setSelected(tag.key)}
                          >
                            {participant?.initials} · {TAG_TYPE_LABELS[tag.type]}
                          </button>
                        </Rnd>
                      );
                    })}
                </PdfPage>
              );
            })}
        </Stack>
      </ScrollArea>

      <Stack gap="xs" w={240} style={{ flexShrink: 0 }}>
        <Text fw={600}>Tag properties</Text>
        {!selectedTag && (
          <Text size="sm" c="dimmed">
            Select a placed tag to change it.
          </Text>
        )}
        {selectedTag && (
          <TagProperties
            tag={selectedTag}
            signers={signers}
            otherTags={(draft ?? []).filter((tag) => tag.key !== selectedTag.key)}
            readOnly={readOnly}
            onChange={(change) => update(selectedTag.key, change)}
            onDelete={() => {
              markDirty((draft ?? []).filter((tag) => tag.key !== selectedTag.key));
              setSelected(null);
            }}
          />
        )}
      </Stack>
    </Group>
  );
}

function TagProperties(props: {
  tag: DraftTag;
  signers: Participant[];
  otherTags: DraftTag[];
  readOnly: boolean;
  onChange: (change: Partial<DraftTag>) => void;
  onDelete: () => void;
}) {
  const { tag } = props;
  return (
    <Stack gap="xs">
      <Badge variant="light">{TAG_TYPE_LABELS[tag.type]}</Badge>
      <Text size="xs" c="dimmed">
        Page {tag.page} · {Math.round(tag.x)}, {Math.round(tag.y)} · {Math.round(tag.width)}×{Math.round(tag.height)} pt
      </Text>
      <Select
        label="Participant"
        data={props.signers.map((participant) => ({ value: participant.id, label: participant.displayName }))}
        value={tag.participantId}
        allowDeselect={false}
        disabled={props.readOnly}
        onChange={(value) => value && props.onChange({ participantId: value })}
      />
      <Checkbox
        label="Required"
        checked={tag.required}
        disabled={props.readOnly}
        onChange={(event) => props.onChange({ required: event.currentTarget.checked })}
      />
      <TextInput
        label="Label"
        value={tag.label ?? ""}
        readOnly={props.readOnly}
        onChange={(event) => props.onChange({ label: event.currentTarget.value || null })}
      />
      {tag.type === "DROPDOWN" && (
        <TextInput
          label="Options"
          description="Separate the choices with commas"
          value={tag.options.join(", ")}
          readOnly={props.readOnly}
          onChange={(event) =>
            props.onChange({ options: event.currentTarget.value.split(",").map((option) => option.trim()) })
          }
        />
      )}
      {tag.type === "RADIO" && (
        <>
          <TextInput
            label="Group"
            value={tag.groupName ?? ""}
            readOnly={props.readOnly}
            onChange={(event) => props.onChange({ groupName: event.currentTarget.value })}
          />
          <TextInput
            label="Value"
            value={tag.optionValue ?? ""}
            readOnly={props.readOnly}
            onChange={(event) => props.onChange({ optionValue: event.currentTarget.value })}
          />
        </>
      )}
      <Button variant="light" color="red" disabled={props.readOnly} onClick={props.onDelete}>
        Delete tag
      </Button>
    </Stack>
  );
}
