import { Paper } from "@mantine/core";
import { renderWatermarkText, WATERMARK_SAMPLE_VARIABLES } from "@signet/contract";
import { PREVIEW_PAGE, previewGeometry, type WatermarkValues } from "./watermark-form.ts";

const PREVIEW_SCALE = 0.4;
const DOCUMENT_LINES = Array.from({ length: 24 }, (_, line) => 90 + line * 26);

/** The text and its style drawn on a small page, as the copy will show it (sample values). */
export function LivePreview({ values, label }: { values: WatermarkValues; label: string }) {
  const text = renderWatermarkText(values, WATERMARK_SAMPLE_VARIABLES);
  const geometry = previewGeometry(values, text);
  return (
    <Paper withBorder w={PREVIEW_PAGE.width * PREVIEW_SCALE} style={{ overflow: "hidden" }}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${PREVIEW_PAGE.width} ${PREVIEW_PAGE.height}`}
        width={PREVIEW_PAGE.width * PREVIEW_SCALE}
        height={PREVIEW_PAGE.height * PREVIEW_SCALE}
      >
        <rect width={PREVIEW_PAGE.width} height={PREVIEW_PAGE.height} fill="white" />
        {/* grey lines standing for the document's text */}
        {DOCUMENT_LINES.map((y) => (
          <rect key={y} x={72} y={y} width={(y - 90) % 156 === 130 ? 260 : 468} height={8} fill="#e9ecef" />
        ))}
        <text
          x={geometry.x}
          y={geometry.y}
          fontSize={geometry.fontSize}
          textAnchor={geometry.textAnchor}
          dominantBaseline={geometry.dominantBaseline}
          transform={geometry.transform}
          fill={values.color}
          opacity={values.opacity}
          fontFamily="sans-serif"
        >
          {text}
        </text>
      </svg>
    </Paper>
  );
}
