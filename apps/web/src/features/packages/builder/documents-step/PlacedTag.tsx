import { VisuallyHidden } from "@mantine/core";
import { Rnd } from "react-rnd";
import { type DraftTag, fieldLabel } from "./draft-tag.ts";
import { type Box, type PageSize, toPixels, toPoints } from "./tag-geometry.ts";
import classes from "./tag-workspace.module.css";

/**
 * A tag placed on its page: dragged and resized with the mouse (the new box goes back in PDF
 * points), and a button that selects it, named by what it reads.
 */
export function PlacedTag({
  tag,
  size,
  scale,
  color,
  name,
  isSelected,
  readOnly,
  onSelect,
  onChange,
}: {
  tag: DraftTag;
  size: PageSize;
  scale: number;
  color: string;
  name: string;
  isSelected: boolean;
  readOnly: boolean;
  onSelect: () => void;
  onChange: (box: Box) => void;
}) {
  const box = toPixels(tag, scale);
  const label = fieldLabel(tag);
  // a field too low for two lines shows label and name side by side
  const oneLine = box.height < 26;
  return (
    <Rnd
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
      onDragStart={onSelect}
      onDragStop={(_event, data) => onChange(toPoints({ ...box, x: data.x, y: data.y }, scale, size))}
      onResizeStop={(_event, _direction, element, _delta, position) =>
        onChange(
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
        onClick={onSelect}
        onFocus={onSelect}
      >
        {/* the name read out holds the visible text first (WCAG 2.5.3), then what the mark means */}
        <span style={{ display: oneLine ? "inline" : "block", fontWeight: 600, whiteSpace: "nowrap" }}>
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
}
