import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import {
  DEFAULT_TAG_SIZE,
  type Document,
  documentRoutes,
  type Participant,
  TAG_TYPE_LABELS,
  TAG_TYPES,
  type Tag,
  type TagType,
  tagRoutes,
} from "@signet/contract";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowsHorizontal,
  IconCopy,
  IconSignature,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Rnd } from "react-rnd";
import { ApiError, errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { toastError } from "../../../../components/toast.ts";
import { invalidatePackage, packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { useAutosave } from "../use-autosave.ts";
import { conflictMessage } from "../use-builder-call.ts";
import { createdIds } from "./created-tag-ids.ts";
import { type DragPayload, decodeDragPayload, encodeDragPayload } from "./drag-payload.ts";
import { participantColor, participantName } from "./participant-look.ts";
import { type OpenedPdf, type PdfDocument, renderPage } from "./pdf-pages.ts";
import {
  type Box,
  dropBox,
  type PageSize,
  pageUnderPointer,
  toPixels,
  toPoints,
  visibleCentre,
} from "./tag-geometry.ts";
import { type History, record, redo, replacePresent, startHistory, undo } from "./tag-history.ts";
import { duplicateBox, nudge } from "./tag-keys.ts";
import classes from "./tag-workspace.module.css";
import { fitWidth, zoomIn, zoomLabel, zoomOut } from "./zoom.ts";

export const DRAG_TYPE = "application/x-signet-tag";
const PAGE_GAP = 16;

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

type Draft = readonly DraftTag[];

const fromTag = (tag: Tag): DraftTag => ({ ...tag, key: tag.id });

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** What the signer sees as the field's name. */
const fieldLabel = (tag: Pick<DraftTag, "label" | "type">) => tag.label?.trim() || TAG_TYPE_LABELS[tag.type];

function PdfPage(props: { pdf: PdfDocument; number: number; size: PageSize; scale: number; children: ReactNode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    return renderPage(props.pdf, props.number, canvas.current, props.scale);
  }, [props.pdf, props.number, props.scale]);
  return (
    <div
      data-testid={`page-${props.number}`}
      data-page={props.number}
      style={{
        position: "relative",
        flexShrink: 0,
        width: props.size.width * props.scale,
        height: props.size.height * props.scale,
        boxShadow: "0 1px 4px rgba(0,0,0,.25)",
        background: "white",
      }}
    >
      <canvas ref={canvas} aria-hidden style={{ position: "absolute", inset: 0 }} />
      {props.children}
    </div>
  );
}

export interface EditorKeys {
  current: ((event: KeyboardEvent<HTMLElement>) => void) | null;
}

/**
 * The centre and right columns of the tag workspace for one E-Sign document (issue 11 §3): every
 * page stacked at the chosen zoom, the participant switch, the palette and the selected tag's
 * properties. Tags keep their geometry in PDF points; they save by themselves (issue 11 §2), all at
 * once at the document's version, and every change can be undone, saved or not.
 */
export function TagEditor(props: {
  document: Document;
  opened: OpenedPdf;
  participants: Participant[];
  assignee: string | null;
  onAssignee: (participantId: string) => void;
  scale: number;
  onScale: (scale: number) => void;
  /** a page to bring into view (a thumbnail was clicked); the nonce repeats a request */
  goto: { documentId: string; page: number; nonce: number } | null;
  notice: (message: string | null) => void;
  /** the page most in view, as the pages scroll */
  onPageInView: (page: number) => void;
  keys: EditorKeys;
}) {
  const { document, opened, participants, scale } = props;
  const { pdf, sizes } = opened;
  const { organizationId, packageId, readOnly, track } = useBuilder();
  const client = useQueryClient();
  const params = { orgId: organizationId, packageId, documentId: document.id };
  const tagsQuery = useQuery({
    queryKey: ["packages", organizationId, packageId, "document-tags", document.id],
    queryFn: ({ signal }) => api(tagRoutes.listDocumentTags, { params, signal }),
  });
  const rulesQuery = useQuery({
    queryKey: ["packages", organizationId, packageId, "conditional-rules"],
    queryFn: ({ signal }) =>
      api(tagRoutes.listConditionalRules, { params: { orgId: organizationId, packageId }, signal }),
  });
  const matrix = useQuery(packageQueries.documentParticipants(organizationId, packageId));
  const [history, setHistory] = useState<History<Draft> | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setLocalDirty] = useState(false);
  const [clipboard, setClipboard] = useState<DraftTag | null>(null);
  const scroller = useRef<HTMLElement>(null);
  const documentVersion = useRef(document.version);
  useEffect(() => {
    documentVersion.current = Math.max(documentVersion.current, document.version);
  }, [document.version]);
  const savedIds = useRef<Set<string>>(new Set());
  const draft = history?.present ?? null;
  const latestDraft = useRef(draft);
  latestDraft.current = draft;

  const signers = participants.filter((participant) => {
    const entry = matrix.data?.records.find(
      (row) => row.documentId === document.id && row.participantId === participant.id,
    );
    return (entry?.executionType ?? document.executionType) === "E_SIGN";
  });
  const assignee = signers.find((signer) => signer.id === props.assignee)?.id ?? signers[0]?.id ?? null;
  const colorOf = (participantId: string) => participantColor(participants, participantId);
  const nameOf = (participantId: string) => {
    const participant = participants.find((p) => p.id === participantId);
    return participant ? participantName(participant) : "Nobody";
  };

  // the saved tags once; afterwards the draft is the truth until a conflict reloads them
  useEffect(() => {
    if (tagsQuery.data && history === null) {
      savedIds.current = new Set(tagsQuery.data.records.map((tag) => tag.id));
      setHistory(startHistory(tagsQuery.data.records.map(fromTag)));
    }
  }, [tagsQuery.data, history]);

  // a thumbnail click brings its page into view
  useEffect(() => {
    if (props.goto?.documentId !== document.id) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-page="${props.goto.page}"]`);
    if (element && scroller.current) scroller.current.scrollTop = element.offsetTop - PAGE_GAP;
  }, [props.goto, document.id]);

  // the selected tag has the keyboard focus, so that arrows, Delete and Tab act on it
  useEffect(() => {
    if (!selected) return;
    const button = scroller.current?.querySelector<HTMLElement>(`[data-key="${selected}"]`);
    if (button && window.document.activeElement !== button) button.focus({ preventScroll: false });
  }, [selected]);

  const change = (next: Draft, merge: string | null = null) => {
    setHistory((current) => (current ? record(current, next, merge) : current));
    setLocalDirty(true);
  };
  const update = (key: string, patch: Partial<DraftTag>, merge: string | null = null) => {
    const tags = latestDraft.current ?? [];
    const tag = tags.find((t) => t.key === key);
    if (!tag || Object.entries(patch).every(([field, value]) => tag[field as keyof DraftTag] === value)) return;
    change(
      tags.map((t) => (t.key === key ? { ...t, ...patch } : t)),
      merge,
    );
  };
  const step = (direction: "undo" | "redo") => {
    if (readOnly || !history) return;
    const next = direction === "undo" ? undo(history) : redo(history);
    if (next === history) return;
    setHistory(next);
    setLocalDirty(true);
    if (selected && !next.present.some((tag) => tag.key === selected)) setSelected(null);
  };

  function place(page: number, type: TagType, pointer: { x: number; y: number }, forParticipant = assignee) {
    const participantId = signers.some((signer) => signer.id === forParticipant) ? forParticipant : null;
    if (readOnly || !participantId) return;
    const size = sizes[page - 1];
    if (!size) return;
    const tags = latestDraft.current ?? [];
    const key = crypto.randomUUID();
    const tag: DraftTag = {
      ...dropBox(pointer, DEFAULT_TAG_SIZE[type], scale, size),
      key,
      participantId,
      type,
      page,
      required: true,
      label: null,
      options: type === "DROPDOWN" ? ["Option 1", "Option 2"] : [],
      groupName: type === "RADIO" ? "group-1" : null,
      optionValue: type === "RADIO" ? `${tags.filter((t) => t.type === "RADIO").length + 1}` : null,
      customFieldId: null,
    };
    change([...tags, tag]);
    setSelected(key);
    props.notice(null);
  }

  /** A tag added from the palette without dragging: in the middle of what is visible of the page in view. */
  function addInView(type: TagType, forParticipant = assignee) {
    const view = scroller.current;
    if (!view) return;
    const viewRect = view.getBoundingClientRect();
    for (const element of view.querySelectorAll<HTMLElement>("[data-page]")) {
      const spot = visibleCentre(element.getBoundingClientRect(), viewRect);
      if (spot) return place(Number(element.dataset.page), type, spot, forParticipant);
    }
  }

  function dropAt(payload: DragPayload, clientX: number, clientY: number) {
    const pages = [...(scroller.current?.querySelectorAll<HTMLElement>("[data-page]") ?? [])].map((element) => ({
      number: Number(element.dataset.page),
      rect: element.getBoundingClientRect(),
    }));
    const target = pageUnderPointer({ x: clientX, y: clientY }, pages);
    if (!target) {
      props.notice("The tag was not placed: drop it onto a page.");
      return;
    }
    place(target.page, payload.type, target.at, payload.participantId ?? assignee);
    if (payload.participantId) props.onAssignee(payload.participantId);
  }

  function duplicate(source: DraftTag) {
    const size = sizes[source.page - 1];
    if (readOnly || !size) return;
    const key = crypto.randomUUID();
    const { id: _id, ...rest } = source;
    change([...(latestDraft.current ?? []), { ...rest, ...duplicateBox(source, size), key }]);
    setSelected(key);
  }

  async function remove(tag: DraftTag) {
    if (readOnly) return;
    const rules = (rulesQuery.data?.records ?? []).filter(
      (rule) => tag.id !== undefined && (rule.sourceTagId === tag.id || rule.targetTagId === tag.id),
    );
    if (rules.length > 0) {
      const ok = await openConfirmDialog({
        type: "Warning",
        title: "Delete tag and its rules",
        message: `${rules.length === 1 ? "A conditional rule uses" : `${rules.length} conditional rules use`} this tag; deleting the tag deletes ${rules.length === 1 ? "it" : "them"} too. Undo brings the tag back, not the rules.`,
        confirmLabel: "Delete tag and rules",
        confirmColor: "red",
      });
      if (!ok) return;
    }
    change((latestDraft.current ?? []).filter((t) => t.key !== tag.key));
    setSelected(null);
    scroller.current?.focus();
  }

  props.keys.current = (event) => {
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (mod && (key === "+" || key === "=")) {
      event.preventDefault();
      props.onScale(zoomIn(scale));
      return;
    }
    if (mod && key === "-") {
      event.preventDefault();
      props.onScale(zoomOut(scale));
      return;
    }
    if (isTyping(event.target)) return;
    if (mod && key === "z") {
      event.preventDefault();
      step(event.shiftKey ? "redo" : "undo");
      return;
    }
    if (mod && key === "y") {
      event.preventDefault();
      step("redo");
      return;
    }
    const inPages = event.target instanceof Node && scroller.current?.contains(event.target);
    const tag = (latestDraft.current ?? []).find((t) => t.key === selected);
    if (mod && key === "v" && clipboard && inPages) {
      event.preventDefault();
      duplicate(clipboard);
      return;
    }
    if (!tag || !inPages) return;
    if (mod && key === "d") {
      event.preventDefault();
      duplicate(tag);
    } else if (mod && key === "c") {
      setClipboard(tag);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      void remove(tag);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setSelected(null);
      scroller.current?.focus();
    } else if (!mod && !readOnly) {
      const size = sizes[tag.page - 1];
      const box = size ? nudge(tag, event, size) : null;
      if (!box) return;
      event.preventDefault();
      // held arrows make one undo step per tag and kind of change
      update(tag.key, box, `${event.altKey ? "resize" : "move"}:${tag.key}`);
    }
  };

  async function save(): Promise<boolean> {
    const sent = latestDraft.current;
    if (!sent) return true;
    // a tag brought back by Undo after its deletion was saved is a new tag again
    const body = sent.map(({ key: _key, id, ...tag }) =>
      id !== undefined && savedIds.current.has(id) ? { ...tag, id } : tag,
    );
    try {
      const saved = await track(
        api(tagRoutes.replaceDocumentTags, {
          params,
          body: { version: documentVersion.current, tags: body },
          passThrough: true,
        }),
      );
      documentVersion.current = saved.documentVersion;
      savedIds.current = new Set(saved.records.map((tag) => tag.id));
      const ids = createdIds(
        sent.map((tag) => ({ ...tag, id: tag.id && savedIds.current.has(tag.id) ? tag.id : undefined })),
        saved.records,
      );
      const withIds = (tags: Draft) =>
        tags.map((tag) => {
          const id = ids.get(tag.key) ?? (tag.id && savedIds.current.has(tag.id) ? tag.id : undefined);
          return id === tag.id ? tag : { ...tag, id };
        });
      setHistory((current) => (current ? replacePresent(current, withIds(current.present)) : current));
      // edits made while this save was on its way save next
      if (latestDraft.current === sent) setLocalDirty(false);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toastError(conflictMessage(error));
        const fresh = await tagsQuery.refetch();
        const current = await api(documentRoutes.getDocument, { params });
        documentVersion.current = current.version;
        const records = fresh.data?.records ?? [];
        savedIds.current = new Set(records.map((tag) => tag.id));
        setHistory(startHistory(records.map(fromTag)));
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
  const widest = Math.max(...sizes.map((size) => size.width));

  return (
    <>
      <Stack gap={0} style={{ minWidth: 0, minHeight: 0 }}>
        <Group
          justify="space-between"
          px="sm"
          py={6}
          wrap="nowrap"
          style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
        >
          <Text fw={600} truncate>
            {document.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconAction label="Undo (Ctrl+Z)" disabled={readOnly || !history?.past.length} onClick={() => step("undo")}>
              <IconArrowBackUp size={18} aria-hidden />
            </IconAction>
            <IconAction
              label="Redo (Ctrl+Shift+Z)"
              disabled={readOnly || !history?.future.length}
              onClick={() => step("redo")}
            >
              <IconArrowForwardUp size={18} aria-hidden />
            </IconAction>
            <IconAction label="Zoom out (Ctrl+minus)" onClick={() => props.onScale(zoomOut(scale))}>
              <IconZoomOut size={18} aria-hidden />
            </IconAction>
            <Text size="sm" w={48} ta="center" data-testid="zoom-level" aria-live="polite">
              {zoomLabel(scale)}
            </Text>
            <IconAction label="Zoom in (Ctrl+plus)" onClick={() => props.onScale(zoomIn(scale))}>
              <IconZoomIn size={18} aria-hidden />
            </IconAction>
            <IconAction
              label="Fit width"
              onClick={() => props.onScale(fitWidth((scroller.current?.clientWidth ?? 0) - 2 * PAGE_GAP - 16, widest))}
            >
              <IconArrowsHorizontal size={18} aria-hidden />
            </IconAction>
          </Group>
        </Group>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click beside the tags deselects; Escape does it by keyboard (keys handler) */}
        <section
          ref={scroller}
          data-testid="page-area"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll by keyboard, and a click on a page takes the focus from a tag
          tabIndex={0}
          aria-label={`Pages of ${document.name}`}
          style={{
            flex: 1,
            minHeight: 0,
            overflow: "auto",
            position: "relative",
            background: "var(--mantine-color-gray-1)",
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            gap: PAGE_GAP,
            padding: PAGE_GAP,
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget || (event.target as HTMLElement).tagName === "CANVAS")
              setSelected(null);
          }}
          onScroll={(event) => {
            const view = event.currentTarget.getBoundingClientRect();
            const reading = view.top + view.height / 3;
            for (const element of event.currentTarget.querySelectorAll<HTMLElement>("[data-page]")) {
              const rect = element.getBoundingClientRect();
              if (rect.bottom + PAGE_GAP >= reading) return props.onPageInView(Number(element.dataset.page));
            }
          }}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
          }}
          onDrop={(event) => {
            const payload = decodeDragPayload(event.dataTransfer.getData(DRAG_TYPE));
            if (!payload) return;
            event.preventDefault();
            event.stopPropagation();
            dropAt(payload, event.clientX, event.clientY);
          }}
        >
          {sizes.map((size, index) => {
            const number = index + 1;
            return (
              <PdfPage key={number} pdf={pdf} number={number} size={size} scale={scale}>
                {(draft ?? [])
                  .filter((tag) => tag.page === number)
                  .map((tag) => {
                    const box = toPixels(tag, scale);
                    const color = colorOf(tag.participantId);
                    const name = nameOf(tag.participantId);
                    const label = fieldLabel(tag);
                    const isSelected = selected === tag.key;
                    // a field too low for two lines shows label and name side by side
                    const oneLine = box.height < 26;
                    return (
                      <Rnd
                        key={tag.key}
                        bounds="parent"
                        size={{ width: box.width, height: box.height }}
                        position={{ x: box.x, y: box.y }}
                        minWidth={9 * scale}
                        minHeight={9 * scale}
                        disableDragging={readOnly}
                        // one corner handle, on the selected tag only, so that handles never cover a small tag
                        enableResizing={!readOnly && isSelected ? { bottomRight: true } : false}
                        resizeHandleStyles={{
                          bottomRight: {
                            width: 14,
                            height: 14,
                            right: -7,
                            bottom: -7,
                            background: "white",
                            border: `2px solid ${color}`,
                            borderRadius: 3,
                          },
                        }}
                        onDragStart={() => setSelected(tag.key)}
                        onDragStop={(_event, data) =>
                          update(tag.key, toPoints({ ...box, x: data.x, y: data.y }, scale, size))
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
                              scale,
                              size,
                            ),
                          )
                        }
                        style={{
                          boxShadow: isSelected ? `0 0 0 2px white, 0 0 0 4px ${color}` : undefined,
                          zIndex: isSelected ? 2 : 1,
                        }}
                      >
                        <button
                          type="button"
                          data-testid="placed-tag"
                          data-type={tag.type}
                          data-key={tag.key}
                          data-participant={name}
                          // a field narrower than its words shows them all on hover
                          title={`${label}${tag.required ? " (required)" : ""}: ${name}`}
                          aria-pressed={isSelected}
                          className={classes.placedTag}
                          style={{
                            appearance: "none",
                            margin: 0,
                            textAlign: "left",
                            fontFamily: "inherit",
                            whiteSpace: "nowrap",
                            boxSizing: "border-box",
                            display: "block",
                            width: "100%",
                            height: "100%",
                            padding: "1px 3px",
                            cursor: readOnly ? "pointer" : "move",
                            color: "#1a1b1e",
                            fontSize: Math.max(9, Math.min(12, 10 * scale)),
                            lineHeight: 1.15,
                            // the whole printed box is the button: it is as large as the field it stands for
                            border: `2px solid ${color}`,
                            borderLeftWidth: Math.min(6, Math.max(2, box.width / 6)),
                            background: "rgba(255,255,255,.88)",
                            overflow: "hidden",
                          }}
                          onClick={() => setSelected(tag.key)}
                          onFocus={() => setSelected(tag.key)}
                        >
                          {/* the name read out holds the visible text first (WCAG 2.5.3), then what the mark means */}
                          <span
                            style={{ display: oneLine ? "inline" : "block", fontWeight: 600, whiteSpace: "nowrap" }}
                          >
                            {label}
                            {tag.required && <span aria-hidden> *</span>}
                          </span>{" "}
                          <span style={{ display: oneLine ? "inline" : "block", whiteSpace: "nowrap" }}>{name}</span>
                          <VisuallyHidden>
                            {tag.required ? ", required" : ""}, page {tag.page}
                          </VisuallyHidden>
                        </button>
                      </Rnd>
                    );
                  })}
              </PdfPage>
            );
          })}
        </section>
      </Stack>

      <ScrollArea type="auto" style={{ borderLeft: "1px solid var(--mantine-color-gray-3)", minHeight: 0 }}>
        <Stack gap="sm" p="sm">
          <Radio.Group
            label="Tags for"
            description={signers.length === 0 ? "No participant signs this document electronically." : undefined}
            value={assignee}
            onChange={props.onAssignee}
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
                    onClick={() => {
                      props.onAssignee(participant.id);
                      addInView("SIGNATURE", participant.id);
                    }}
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

          <Stack gap={4}>
            <Text size="sm" fw={500} id="tag-palette-label">
              Add a tag
            </Text>
            <Text size="xs" c="dimmed">
              Drag onto a page, or press to add it to the page in view.
            </Text>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4} role="group" aria-labelledby="tag-palette-label">
              {TAG_TYPES.map((type) => (
                <UnstyledButton
                  key={type}
                  data-testid={`palette-${type}`}
                  draggable={!readOnly && assignee !== null}
                  disabled={readOnly || assignee === null}
                  aria-label={`Add ${TAG_TYPE_LABELS[type]} tag`}
                  className={classes.paletteItem}
                  onClick={() => addInView(type)}
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

          <Stack gap="xs" aria-label="Tag properties" role="group">
            <Text size="sm" fw={500}>
              Selected tag
            </Text>
            {!selectedTag && (
              <Text size="xs" c="dimmed">
                Select a placed tag to change it. Arrows move it (Shift: further), Alt+arrows resize it, Ctrl+D
                duplicates, Delete removes, Esc deselects, Ctrl+Z undoes.
              </Text>
            )}
            {selectedTag && (
              <TagProperties
                tag={selectedTag}
                signers={signers}
                colorOf={colorOf}
                readOnly={readOnly}
                onChange={(patch, merge) => update(selectedTag.key, patch, merge)}
                onDuplicate={() => duplicate(selectedTag)}
                onDelete={() => void remove(selectedTag)}
              />
            )}
          </Stack>
          <Text size="xs" c="dimmed">
            Tags save by themselves as you place and change them.
          </Text>
        </Stack>
      </ScrollArea>
    </>
  );
}

function IconAction(props: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

function TagProperties(props: {
  tag: DraftTag;
  signers: Participant[];
  colorOf: (participantId: string) => string;
  readOnly: boolean;
  onChange: (change: Partial<DraftTag>, merge?: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const { tag } = props;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {TAG_TYPE_LABELS[tag.type]}, page {tag.page}
      </Text>
      <Select
        label="Participant"
        data={props.signers.map((participant) => ({ value: participant.id, label: participantName(participant) }))}
        value={tag.participantId}
        allowDeselect={false}
        disabled={props.readOnly}
        leftSection={
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: props.colorOf(tag.participantId) }}
          />
        }
        onChange={(value) => value && props.onChange({ participantId: value })}
      />
      <TextInput
        label="Label"
        description="What the signer sees on the field"
        placeholder={TAG_TYPE_LABELS[tag.type]}
        value={tag.label ?? ""}
        readOnly={props.readOnly}
        onChange={(event) => props.onChange({ label: event.currentTarget.value || null }, `label:${tag.key}`)}
      />
      <Checkbox
        label="Required"
        checked={tag.required}
        disabled={props.readOnly}
        onChange={(event) => props.onChange({ required: event.currentTarget.checked })}
      />
      {tag.type === "DROPDOWN" && (
        <TextInput
          label="Options"
          description="Separate the choices with commas"
          value={tag.options.join(", ")}
          readOnly={props.readOnly}
          onChange={(event) =>
            props.onChange(
              { options: event.currentTarget.value.split(",").map((option) => option.trim()) },
              `options:${tag.key}`,
            )
          }
        />
      )}
      {tag.type === "RADIO" && (
        <>
          <TextInput
            label="Group"
            description="Choices in one group exclude each other"
            value={tag.groupName ?? ""}
            readOnly={props.readOnly}
            onChange={(event) => props.onChange({ groupName: event.currentTarget.value }, `group:${tag.key}`)}
          />
          <TextInput
            label="Value"
            value={tag.optionValue ?? ""}
            readOnly={props.readOnly}
            onChange={(event) => props.onChange({ optionValue: event.currentTarget.value }, `value:${tag.key}`)}
          />
        </>
      )}
      <Group gap="xs" grow>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          disabled={props.readOnly}
          onClick={props.onDuplicate}
        >
          Duplicate
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={props.readOnly}
          onClick={props.onDelete}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
