import {
  type PackageStatus,
  unknownWatermarkVariables,
  unknownWatermarkVariablesMessage,
  type WatermarkDocumentType,
  type WatermarkPosition,
  type WatermarkRequesterType,
  type WatermarkRule,
  type WatermarkTemplate,
} from "@signet/contract";

/** What the template editor holds. */
export interface WatermarkValues {
  name: string;
  text: string;
  position: WatermarkPosition;
  angle: number;
  opacity: number;
  fontSize: number;
  color: string;
  isDefault: boolean;
}

export const NEW_WATERMARK: WatermarkValues = {
  name: "",
  text: "COPY — {documentName} — {requester} — {time}",
  position: "CENTER",
  angle: 45,
  opacity: 0.25,
  fontSize: 36,
  color: "#808080",
  isDefault: false,
};

export const valuesOf = (template: WatermarkTemplate): WatermarkValues => ({
  name: template.name,
  text: template.text,
  position: template.position,
  angle: template.angle,
  opacity: template.opacity,
  fontSize: template.fontSize,
  color: template.color,
  isDefault: template.isDefault,
});

export const sameValues = (a: WatermarkValues, b: WatermarkValues) => JSON.stringify(a) === JSON.stringify(b);

/** The editor's problems, by field (checked again by the server). */
export function watermarkProblems(
  values: WatermarkValues,
  needsName = true,
): Partial<Record<keyof WatermarkValues, string>> {
  const problems: Partial<Record<keyof WatermarkValues, string>> = {};
  if (needsName && values.name.trim() === "") problems.name = "Enter a name";
  if (values.text.trim() === "") problems.text = "Enter the watermark text";
  const unknown = unknownWatermarkVariables(values.text);
  if (unknown.length > 0) problems.text = unknownWatermarkVariablesMessage(unknown);
  if (!Number.isInteger(values.angle) || values.angle < -90 || values.angle > 90) problems.angle = "Angle: -90 to 90";
  if (!(values.opacity >= 0.05 && values.opacity <= 1)) problems.opacity = "Opacity: 0.05 to 1";
  if (!Number.isInteger(values.fontSize) || values.fontSize < 6 || values.fontSize > 144)
    problems.fontSize = "Size: 6 to 144";
  if (!/^#[0-9a-fA-F]{6}$/.test(values.color)) problems.color = "Enter a colour like #808080";
  return problems;
}

/** A US Letter page in points, as the preview draws it, and the PDF's margin. */
export const PREVIEW_PAGE = { width: 612, height: 792, margin: 18 } as const;

export interface PreviewGeometry {
  x: number;
  y: number;
  fontSize: number;
  textAnchor: "start" | "middle" | "end";
  dominantBaseline: "hanging" | "central" | "text-after-edge";
  /** SVG rotates clockwise; the PDF's angle is counter-clockwise */
  transform: string;
}

/**
 * The live preview (an SVG page in points): where the text sits and how it turns, shrunk like the
 * PDF when it would not fit (its width estimated at half an em a character). The preview PDF is the
 * exact rendering.
 */
export function previewGeometry(values: WatermarkValues, text: string): PreviewGeometry {
  const { width, height, margin } = PREVIEW_PAGE;
  const theta = (values.angle * Math.PI) / 180;
  const estimated = Math.max(text.length, 1) * 0.5 * values.fontSize;
  const boxWidth = estimated * Math.abs(Math.cos(theta)) + values.fontSize * Math.abs(Math.sin(theta));
  const boxHeight = estimated * Math.abs(Math.sin(theta)) + values.fontSize * Math.abs(Math.cos(theta));
  const fit = Math.min(1, (width - 2 * margin) / boxWidth, (height - 2 * margin) / boxHeight);
  const position = values.position;
  const horizontal = position.endsWith("LEFT") ? "left" : position.endsWith("RIGHT") ? "right" : "center";
  const vertical = position.startsWith("TOP") ? "top" : position.startsWith("BOTTOM") ? "bottom" : "middle";
  const x = horizontal === "left" ? margin : horizontal === "right" ? width - margin : width / 2;
  const y = vertical === "top" ? margin : vertical === "bottom" ? height - margin : height / 2;
  return {
    x,
    y,
    fontSize: values.fontSize * fit,
    textAnchor: horizontal === "left" ? "start" : horizontal === "right" ? "end" : "middle",
    dominantBaseline: vertical === "top" ? "hanging" : vertical === "bottom" ? "text-after-edge" : "central",
    transform: `rotate(${-values.angle} ${x} ${y})`,
  };
}

/** A rule as the rules table edits it (priority is its place in the list). */
export interface RuleRow {
  key: string;
  templateId: string;
  packageStatus: PackageStatus | null;
  documentType: WatermarkDocumentType | null;
  requesterType: WatermarkRequesterType | null;
}

export const rowsOf = (rules: WatermarkRule[]): RuleRow[] =>
  rules.map((rule) => ({
    key: rule.id,
    templateId: rule.templateId,
    packageStatus: rule.packageStatus,
    documentType: rule.documentType,
    requesterType: rule.requesterType,
  }));

export const sameRules = (a: RuleRow[], b: RuleRow[]) =>
  JSON.stringify(a.map(({ key: _, ...rule }) => rule)) === JSON.stringify(b.map(({ key: _, ...rule }) => rule));

/** Moves one rule up (-1) or down (+1); the ends stay put. */
export function moveRule(rows: RuleRow[], index: number, step: -1 | 1): RuleRow[] {
  const target = index + step;
  if (target < 0 || target >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The text with a {variable} put where the cursor was. */
export function insertVariable(text: string, name: string, selectionStart: number | null, selectionEnd: number | null) {
  const start = selectionStart ?? text.length;
  const end = selectionEnd ?? start;
  const token = `{${name}}`;
  return { text: text.slice(0, start) + token + text.slice(end), cursor: start + token.length };
}
