import { ActionIcon, Alert, Group, Loader, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { type Document, documentRoutes, fillPath, type Participant, routeUrl } from "@signet/contract";
import { IconMaximize, IconMinimize } from "@tabler/icons-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useBuilder } from "../builder-context.tsx";
import { DRAG_TYPE } from "./drag-payload.ts";
import { ENoteEntry, ENoteOpen } from "./ENoteDocument.tsx";
import { type PdfDocument, renderPage, useNearView, usePdf } from "./pdf-pages.ts";
import { type EditorKeys, TagEditor } from "./TagEditor.tsx";
import classes from "./tag-workspace.module.css";

const THUMB_WIDTH = 120;

function useDocumentUrl(documentId: string) {
  const { organizationId, packageId } = useBuilder();
  return fillPath(routeUrl(documentRoutes.downloadDocument), { orgId: organizationId, packageId, documentId });
}

/** The app's sticky header (layout.module.css) and the breathing room left under it. */
const HEADER_HEIGHT = 60;
const GAP_UNDER_HEADER = 8;

/**
 * Issue 33: the page being tagged gets the window. The workspace is as tall as the window under the
 * sticky header, and when it opens the window scrolls to it, so that the page area takes most of
 * the screen even at 1280×800 (the title, steps and tabs above would otherwise leave a band of a
 * third of a page); they are one scroll up, the Back and Next buttons one scroll down. `reveal`
 * changing (the Place tags tab pressed again) brings it back into view.
 */
function useFillHeight(active: boolean, reveal: number) {
  const element = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(560);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => setHeight(Math.max(420, window.innerHeight - HEADER_HEIGHT - 2 * GAP_UNDER_HEADER));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [active]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reveal is a request count, each change asks for the scroll again
  useEffect(() => {
    if (!active) return;
    // after the frame's layout, so that the position measured is where the workspace is drawn
    const frame = requestAnimationFrame(() => {
      const node = element.current;
      if (!node) return;
      const top = node.getBoundingClientRect().top + window.scrollY - HEADER_HEIGHT - GAP_UNDER_HEADER;
      window.scrollTo({ top });
    });
    return () => cancelAnimationFrame(frame);
  }, [active, reveal]);
  return { element, height };
}

function Thumbnail(props: { pdf: PdfDocument; number: number; width: number; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearView(canvas, "100% 0px");
  useEffect(() => {
    if (!canvas.current || !near) return;
    return renderPage(props.pdf, props.number, canvas.current, THUMB_WIDTH / props.width, { priority: "thumbnail" });
  }, [props.pdf, props.number, props.width, near]);
  return (
    <canvas
      ref={canvas}
      aria-hidden
      style={{
        display: "block",
        width: THUMB_WIDTH,
        height: (props.height * THUMB_WIDTH) / props.width,
        background: "white",
        boxShadow: "0 1px 3px rgba(0,0,0,.25)",
      }}
    />
  );
}

type ThumbnailsProps = {
  document: Document;
  open: boolean;
  /** the open document's page in view */
  currentPage: number | null;
  onOpen: () => void;
  onPage: (page: number) => void;
};

/** An eNote (issue 15 §5) has no pages to show: its entry names it with its MIN. */
function DocumentThumbnails(props: ThumbnailsProps) {
  if (props.document.format === "SMART_DOC") {
    return (
      <ENoteEntry
        document={props.document}
        open={props.open}
        onOpen={props.onOpen}
        className={classes.workspaceButton}
      />
    );
  }
  return <PdfThumbnails {...props} />;
}

function PdfThumbnails(props: ThumbnailsProps) {
  const { opened, failed } = usePdf(useDocumentUrl(props.document.id));
  return (
    <Stack gap={6}>
      <UnstyledButton
        data-testid="workspace-document"
        aria-current={props.open ? "true" : undefined}
        onClick={props.onOpen}
        className={classes.workspaceButton}
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
          {props.document.numPages} {props.document.numPages === 1 ? "page" : "pages"}
          {props.open ? ", open" : ""}
        </Text>
      </UnstyledButton>
      {failed && (
        <Text size="xs" c="red.8">
          The pages could not be shown.
        </Text>
      )}
      {opened && (
        <Stack gap={8} align="center" pb="sm">
          {opened.sizes.map((size, index) => (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are identified by their number
              key={index}
              aria-label={`Page ${index + 1} of ${props.document.name}`}
              data-testid="page-thumbnail"
              aria-current={props.currentPage === index + 1 ? "page" : undefined}
              onClick={() => props.onPage(index + 1)}
              className={classes.workspaceButton}
              style={{
                borderRadius: 2,
                padding: 3,
                boxShadow: props.currentPage === index + 1 ? "0 0 0 2px var(--mantine-color-blue-6)" : undefined,
              }}
            >
              <Thumbnail pdf={opened.pdf} number={index + 1} width={size.width} height={size.height} />
              <Text size="xs" ta="center" c="dimmed" aria-hidden>
                {index + 1}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type OpenDocumentProps = Omit<Parameters<typeof TagEditor>[0], "opened"> & {
  document: Document;
  participants: Participant[];
};

function OpenDocument(props: OpenDocumentProps) {
  if (props.document.format === "SMART_DOC") return <ENoteOpen document={props.document} />;
  return <OpenPdfDocument {...props} />;
}

function OpenPdfDocument(props: OpenDocumentProps) {
  const { opened, failed } = usePdf(useDocumentUrl(props.document.id));
  if (failed)
    return (
      <Alert color="red" m="md" style={{ gridColumn: "2 / 4" }}>
        The document could not be displayed.
      </Alert>
    );
  if (!opened)
    return (
      <Stack align="center" justify="center" gap="xs" style={{ gridColumn: "2 / 4" }}>
        <Loader size="sm" />
        <Text c="dimmed">Loading pages…</Text>
      </Stack>
    );
  return <TagEditor {...props} opened={opened} />;
}

/**
 * Step 2's tag workspace (issue 11 §3, after Documenso's editor): thumbnails of every E-Sign
 * document's pages on the left (a document's name opens it, a page scrolls to it), the open
 * document's pages in the centre, the participant switch, palette and properties on the right.
 * It fills the window so that placing tags never scrolls the page, only the pages.
 */
export function TagWorkspace(props: {
  documents: Document[];
  participants: Participant[];
  openId: string | null;
  onOpen: (documentId: string) => void;
  active: boolean;
  /** changes when the workspace is asked for again, to scroll it back into view */
  reveal: number;
}) {
  const open = props.documents.find((document) => document.id === props.openId) ?? props.documents[0] ?? null;
  const [assignee, setAssignee] = useState<string | null>(null);
  const [scale, setScale] = useState(1);
  const [goto, setGoto] = useState<{ documentId: string; page: number; nonce: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pageInView, setPageInView] = useState(1);
  const keys: EditorKeys = useRef(null);
  const { element, height } = useFillHeight(props.active && props.documents.length > 0, props.reveal);
  // the whole window, over the header and the steps, for long documents and small screens
  const [fullWindow, setFullWindow] = useState(false);

  if (!open) {
    return (
      <Text size="sm" c="dimmed">
        Tags go on E-Sign documents. Upload one, or make one E-Sign, to place tags.
      </Text>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts of the editor, and drops that miss every page are refused here with a message
    <div
      ref={element}
      data-testid="tag-workspace"
      onKeyDown={(event) => keys.current?.(event)}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setNotice("The tag was not placed: drop it onto a page.");
      }}
      style={{
        ...(fullWindow
          ? { position: "fixed", inset: 0, zIndex: 300, height: "100vh", background: "var(--mantine-color-body)" }
          : { height }),
        display: "grid",
        gridTemplateColumns: `${THUMB_WIDTH + 48}px minmax(0, 1fr) 280px`,
        gridTemplateRows: notice ? "auto minmax(0, 1fr)" : "minmax(0, 1fr)",
        border: "1px solid var(--mantine-color-gray-3)",
        borderRadius: fullWindow ? 0 : 4,
        overflow: "hidden",
      }}
      data-full-window={fullWindow || undefined}
    >
      {notice && (
        <Alert
          color="orange"
          role="alert"
          py={6}
          style={{ gridColumn: "1 / -1" }}
          data-testid="drop-notice"
          withCloseButton
          closeButtonLabel="Dismiss the message"
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      <ScrollArea type="auto" style={{ borderRight: "1px solid var(--mantine-color-gray-3)", minHeight: 0 }}>
        <nav aria-label="Documents to place tags on">
          <Stack gap="md" p="xs">
            <Group justify="flex-end" gap={0}>
              <Tooltip label={fullWindow ? "Back to the builder" : "Use the whole window"}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={fullWindow ? "Back to the builder" : "Use the whole window"}
                  aria-pressed={fullWindow}
                  onClick={() => setFullWindow((current) => !current)}
                >
                  {fullWindow ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            </Group>
            {props.documents.map((document) => (
              <DocumentThumbnails
                key={document.id}
                document={document}
                open={document.id === open.id}
                currentPage={document.id === open.id ? pageInView : null}
                onOpen={() => {
                  setGoto(null);
                  setPageInView(1);
                  props.onOpen(document.id);
                }}
                onPage={(page) => {
                  props.onOpen(document.id);
                  setPageInView(page);
                  setGoto((current) => ({ documentId: document.id, page, nonce: (current?.nonce ?? 0) + 1 }));
                }}
              />
            ))}
          </Stack>
        </nav>
      </ScrollArea>
      <OpenDocument
        key={open.id}
        document={open}
        participants={props.participants}
        assignee={assignee}
        onAssignee={setAssignee}
        scale={scale}
        onScale={setScale}
        goto={goto}
        notice={setNotice}
        onPageInView={setPageInView}
        keys={keys}
      />
    </div>
  );
}
