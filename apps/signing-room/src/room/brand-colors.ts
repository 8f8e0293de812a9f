// The organization chooses its bar's colours; the room keeps their text readable (WCAG 2.1 AA,
// 4.5:1) by shading the background towards black or white until the text stands out enough.

const HEX = /^#([0-9a-f]{6})$/i;
const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

const parse = (hex: string): Rgb | null => {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const format = (rgb: Rgb) => `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, "0")).join("")}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number | null {
  const first = parse(a);
  const second = parse(b);
  if (!first || !second) return null;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The background to use behind `text`: `background` itself when they contrast enough (or either is
 * not a #rrggbb colour), otherwise `background` shaded just far enough (away from the text if it can).
 */
export function readableBackground(background: string, text: string): string {
  const base = parse(background);
  const ink = parse(text);
  if (!base || !ink) return background;
  if ((contrastRatio(background, text) ?? 0) >= MIN_CONTRAST) return background;
  // away from the text first; a mid-grey text may need the other way
  const black: Rgb = [0, 0, 0];
  const white: Rgb = [255, 255, 255];
  const targets = luminance(ink) > luminance(base) ? [black, white] : [white, black];
  for (const target of targets) {
    for (let step = 1; step <= 20; step++) {
      const share = step / 20;
      const shaded = format(base.map((part, index) => part + (target[index]! - part) * share) as Rgb);
      if ((contrastRatio(shaded, text) ?? 0) >= MIN_CONTRAST) return shaded;
    }
  }
  return background;
}
