import { ScrollArea, Stack, Text } from "@mantine/core";
import { DEFAULT_TAG_SIZE, type Document, type Participant, tagRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import type { DraftTag } from "./draft-tag.ts";
import { DRAG_TYPE, type DragKind, type DragPayload, decodeDragPayload } from "./drag-payload.ts";
import { EditorToolbar } from "./EditorToolbar.tsx";
import { PdfPage } from "./PdfPage.tsx";
import { PlacedTag } from "./PlacedTag.tsx";
import { participantColor, participantName } from "./participant-look.ts";
import type { OpenedPdf } from "./pdf-pages.ts";
import { SignerSwitch } from "./SignerSwitch.tsx";
import { signingBlockTags } from "./signing-block.ts";
import { TagPalette } from "./TagPalette.tsx";
import { TagProperties } from "./TagProperties.tsx";
import { handleEditorKey } from "./tag-editor-keys.ts";
import { dropBox, pageUnderPointer, visibleCentre } from "./tag-geometry.ts";
import { duplicateBox } from "./tag-keys.ts";
import { useTagDraft } from "./use-tag-draft.ts";
import { fitWidth } from "./zoom.ts";

const PAGE_GAP = 16;

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
  const { organizationId, packageId, readOnly } = useBuilder();
  const [selected, setSelected] = useState<string | null>(null);
  const {
    history,
    draft,
    latestDraft,
    change,
    update,
    step: undoOrRedo,
  } = useTagDraft(document, () => setSelected(null));
  const rulesQuery = useQuery({
    queryKey: ["packages", organizationId, packageId, "conditional-rules"],
    queryFn: ({ signal }) =>
      api(tagRoutes.listConditionalRules, { params: { orgId: organizationId, packageId }, signal }),
  });
  const matrix = useQuery(packageQueries.documentParticipants(organizationId, packageId));
  const [clipboard, setClipboard] = useState<DraftTag | null>(null);
  const scroller = useRef<HTMLElement>(null);

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

  const step = (direction: "undo" | "redo") => {
    if (readOnly) return;
    const present = undoOrRedo(direction);
    if (present && selected && !present.some((tag) => tag.key === selected)) setSelected(null);
  };

  function place(page: number, kind: DragKind, pointer: { x: number; y: number }, forParticipant = assignee) {
    const participantId = signers.some((signer) => signer.id === forParticipant) ? forParticipant : null;
    if (readOnly || !participantId) return;
    const size = sizes[page - 1];
    if (!size) return;
    const tags = latestDraft.current ?? [];
    // issue 34 §2b: a witness signs only as a witness: their signature (or signing block) is a witness tag
    const witness = participants.find((p) => p.id === participantId)?.witnessForParticipantId != null;
    if (witness && (kind === "SIGNATURE" || kind === "SIGNING_BLOCK" || kind === "INITIALS"))
      kind = "WITNESS_SIGNATURE";
    const boxes =
      kind === "SIGNING_BLOCK"
        ? signingBlockTags(pointer, scale, size)
        : [{ type: kind, box: dropBox(pointer, DEFAULT_TAG_SIZE[kind], scale, size) }];
    const created: DraftTag[] = boxes.map(({ type, box }) => ({
      ...box,
      key: crypto.randomUUID(),
      participantId,
      type,
      page,
      required: true,
      label: null,
      options: type === "DROPDOWN" ? ["Option 1", "Option 2"] : [],
      groupName: type === "RADIO" ? "group-1" : null,
      optionValue: type === "RADIO" ? `${tags.filter((t) => t.type === "RADIO").length + 1}` : null,
      customFieldId: null,
    }));
    // one change, so that one undo takes a whole signing block away
    change([...tags, ...created]);
    setSelected(created[0]!.key);
    props.notice(null);
  }

  /** A tag added from the palette without dragging: in the middle of what is visible of the page in view. */
  function addInView(type: DragKind, forParticipant = assignee) {
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

  props.keys.current = (event) =>
    handleEditorKey(event, {
      scale,
      onScale: props.onScale,
      step,
      inPages: event.target instanceof Node && Boolean(scroller.current?.contains(event.target)),
      tag: (latestDraft.current ?? []).find((t) => t.key === selected),
      clipboard,
      setClipboard,
      duplicate,
      remove: (tag) => void remove(tag),
      deselect: () => {
        setSelected(null);
        scroller.current?.focus();
      },
      readOnly,
      sizes,
      update,
    });

  const selectedTag = draft?.find((tag) => tag.key === selected) ?? null;
  const widest = Math.max(...sizes.map((size) => size.width));

  return (
    <>
      <Stack gap={0} style={{ minWidth: 0, minHeight: 0 }}>
        <EditorToolbar
          name={document.name}
          canUndo={!readOnly && Boolean(history?.past.length)}
          canRedo={!readOnly && Boolean(history?.future.length)}
          onUndo={() => step("undo")}
          onRedo={() => step("redo")}
          scale={scale}
          onScale={props.onScale}
          onFitWidth={() => props.onScale(fitWidth((scroller.current?.clientWidth ?? 0) - 2 * PAGE_GAP - 16, widest))}
        />
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
                  .map((tag) => (
                    <PlacedTag
                      key={tag.key}
                      tag={tag}
                      size={size}
                      scale={scale}
                      color={colorOf(tag.participantId)}
                      name={nameOf(tag.participantId)}
                      isSelected={selected === tag.key}
                      readOnly={readOnly}
                      onSelect={() => setSelected(tag.key)}
                      onChange={(box) => update(tag.key, box)}
                    />
                  ))}
              </PdfPage>
            );
          })}
        </section>
      </Stack>

      <ScrollArea type="auto" style={{ borderLeft: "1px solid var(--mantine-color-gray-3)", minHeight: 0 }}>
        <Stack gap="sm" p="sm">
          <SignerSwitch
            signers={signers}
            assignee={assignee}
            readOnly={readOnly}
            colorOf={colorOf}
            onAssignee={props.onAssignee}
            onQuickAdd={(participantId, kind) => {
              props.onAssignee(participantId);
              addInView(kind, participantId);
            }}
          />

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

          {/* below the selected tag's properties, so that they stay in view in a short window */}
          <TagPalette
            assignee={assignee}
            witness={participants.find((p) => p.id === assignee)?.witnessForParticipantId != null}
            readOnly={readOnly}
            colorOf={colorOf}
            onAdd={(type) => addInView(type)}
          />
          <Text size="xs" c="dimmed">
            Tags save by themselves as you place and change them.
          </Text>
        </Stack>
      </ScrollArea>
    </>
  );
}
