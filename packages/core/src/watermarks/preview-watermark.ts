import {
  type PreviewWatermarkTemplate,
  renderWatermarkText,
  WATERMARK_MESSAGES,
  WATERMARK_SAMPLE_VARIABLES,
  type WatermarkPosition,
} from "@signet/contract";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { requirePermission } from "../access/organization-access.ts";
import type { Actor } from "../actor.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { applyWatermark } from "./apply-watermark.ts";
import { SYSTEM_DEFAULT_WATERMARK_ID } from "./system-default-watermark.ts";
import { assertKnownVariables, WATERMARK_READERS } from "./watermark-templates.ts";

/** A US Letter page of grey lines that looks like a document, to draw the preview on. */
async function samplePage(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText("Sample document", { x: 72, y: 720, size: 18, font, color: rgb(0.2, 0.2, 0.2) });
  for (let line = 0; line < 30; line++) {
    const width = line % 6 === 5 ? 260 : 468;
    page.drawRectangle({ x: 72, y: 680 - line * 20, width, height: 6, color: rgb(0.85, 0.85, 0.85) });
  }
  return document.save();
}

/**
 * A sample page with the template's watermark (and the body's unsaved changes), filled with sample
 * values. The template is one of the organization's, or the system default (any settings reader
 * may preview what their organization falls back to).
 */
export async function previewWatermarkTemplate(
  actor: Actor,
  input: PreviewWatermarkTemplate & { organizationId: string; templateId: string },
  deps: CoreDeps,
): Promise<Uint8Array> {
  await requirePermission(actor, input.organizationId, WATERMARK_READERS, deps);
  assertKnownVariables(input.text);
  const row = await deps.db.watermarkTemplate.findFirst({
    where: {
      id: input.templateId,
      OR: [{ organizationId: input.organizationId }, { id: SYSTEM_DEFAULT_WATERMARK_ID }],
    },
  });
  if (!row) throw new AppError("NOT_FOUND", WATERMARK_MESSAGES.notFound);
  const style = {
    position: (input.position ?? row.position) as WatermarkPosition,
    angle: input.angle ?? row.angle,
    opacity: input.opacity ?? row.opacity,
    fontSize: input.fontSize ?? row.fontSize,
    color: input.color ?? row.color,
  };
  const text = renderWatermarkText({ text: input.text ?? row.text }, WATERMARK_SAMPLE_VARIABLES);
  return applyWatermark(await samplePage(), style, text);
}
