import { ActionIcon, Group, Text, Tooltip } from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowsHorizontal,
  IconZoomIn,
  IconZoomOut,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { zoomIn, zoomLabel, zoomOut } from "./zoom.ts";

/** The bar above the pages: the document's name, undo and redo, and the zoom. */
export function EditorToolbar({
  name,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  scale,
  onScale,
  onFitWidth,
}: {
  name: string;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  scale: number;
  onScale: (scale: number) => void;
  onFitWidth: () => void;
}) {
  return (
    <Group
      justify="space-between"
      px="sm"
      py={6}
      wrap="nowrap"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Text fw={600} truncate>
        {name}
      </Text>
      <Group gap={4} wrap="nowrap">
        <IconAction label="Undo (Ctrl+Z)" disabled={!canUndo} onClick={onUndo}>
          <IconArrowBackUp size={18} aria-hidden />
        </IconAction>
        <IconAction label="Redo (Ctrl+Shift+Z)" disabled={!canRedo} onClick={onRedo}>
          <IconArrowForwardUp size={18} aria-hidden />
        </IconAction>
        <IconAction label="Zoom out (Ctrl+minus)" onClick={() => onScale(zoomOut(scale))}>
          <IconZoomOut size={18} aria-hidden />
        </IconAction>
        <Text size="sm" w={48} ta="center" data-testid="zoom-level" aria-live="polite">
          {zoomLabel(scale)}
        </Text>
        <IconAction label="Zoom in (Ctrl+plus)" onClick={() => onScale(zoomIn(scale))}>
          <IconZoomIn size={18} aria-hidden />
        </IconAction>
        <IconAction label="Fit width" onClick={onFitWidth}>
          <IconArrowsHorizontal size={18} aria-hidden />
        </IconAction>
      </Group>
    </Group>
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
