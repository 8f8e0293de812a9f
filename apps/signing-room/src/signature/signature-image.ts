import { SIGNING_LIMITS } from "@signet/contract";

// Turns a typed name or a drawing into the PNG the server stores (data:image/png;base64,…).

export const SCRIPT_FONT = '"Dancing Script", "Brush Script MT", cursive';
export const INK = "#14213d";
const MAX_DATA_URL = Math.floor((SIGNING_LIMITS.signatureImageBytes * 4) / 3);

/** The typed text drawn in the script font, tightly cropped. */
export async function typedImage(text: string, kind: "SIGNATURE" | "INITIALS"): Promise<string> {
  const size = kind === "SIGNATURE" ? 96 : 80;
  const font = `${size}px ${SCRIPT_FONT}`;
  try {
    await document.fonts.load(font, text);
  } catch {
    // the fallback cursive font still makes a usable image
  }
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  context.font = font;
  const metrics = context.measureText(text);
  const pad = Math.round(size * 0.2);
  const left = Math.ceil(metrics.actualBoundingBoxLeft || 0);
  const ascent = Math.ceil(metrics.actualBoundingBoxAscent || size * 0.8);
  const descent = Math.ceil(metrics.actualBoundingBoxDescent || size * 0.3);
  const width = Math.ceil(Math.max(metrics.width, left + (metrics.actualBoundingBoxRight || metrics.width))) + pad * 2;
  canvas.width = Math.max(1, width);
  canvas.height = ascent + descent + pad * 2;
  context.font = font;
  context.fillStyle = INK;
  context.textBaseline = "alphabetic";
  context.fillText(text, pad + left, pad + ascent);
  return fitted(canvas);
}

/** The drawing cropped to its ink (plus a small margin). */
export function drawnImage(source: HTMLCanvasElement): string {
  return fitted(trim(source));
}

function trim(source: HTMLCanvasElement): HTMLCanvasElement {
  const context = source.getContext("2d");
  if (!context || source.width === 0 || source.height === 0) return source;
  const { data, width, height } = context.getImageData(0, 0, source.width, source.height);
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) > 8) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
  }
  if (bottom < 0) return source;
  const margin = Math.round(Math.min(width, height) * 0.04) + 4;
  top = Math.max(0, top - margin);
  left = Math.max(0, left - margin);
  bottom = Math.min(height - 1, bottom + margin);
  right = Math.min(width - 1, right + margin);
  const out = document.createElement("canvas");
  out.width = right - left + 1;
  out.height = bottom - top + 1;
  out.getContext("2d")?.drawImage(source, left, top, out.width, out.height, 0, 0, out.width, out.height);
  return out;
}

/** The PNG, scaled down until it fits the server's size limit. */
function fitted(canvas: HTMLCanvasElement): string {
  let current = canvas;
  let url = current.toDataURL("image/png");
  for (let tries = 0; url.length > MAX_DATA_URL && tries < 6; tries++) {
    const smaller = document.createElement("canvas");
    smaller.width = Math.max(1, Math.floor(current.width * 0.7));
    smaller.height = Math.max(1, Math.floor(current.height * 0.7));
    smaller.getContext("2d")?.drawImage(current, 0, 0, smaller.width, smaller.height);
    current = smaller;
    url = current.toDataURL("image/png");
  }
  return url;
}
