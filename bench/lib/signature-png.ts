import { encodePng } from "../../packages/core/src/testing/encode-png.ts";

/**
 * A small RGB PNG with a dark stroke across a light background: something the size of an adopted
 * signature (a few hundred bytes), so the bench needs no image files.
 */
export function signaturePng(width = 240, height = 60): Uint8Array {
  return encodePng(width, height, (x, y) => {
    const stroke = Math.abs(y - height / 2 - Math.round((height / 4) * Math.sin(x / 12))) < 2;
    return stroke ? [0x18, 0x18, 0x18] : [0xf4, 0xf4, 0xf4];
  });
}

export const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
