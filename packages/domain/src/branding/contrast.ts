/**
 * Colour contrast for a clinic's brand colour (WCAG 2.2, 1.4.3 Contrast (Minimum)): text needs 4.5:1 against
 * what is behind it. A clinic picks its brand colour; the portal derives from it, never per clinic by hand,
 * the shades that keep text readable: a fill for white text (buttons, badges, the current page) and a text
 * colour for links and brand-coloured words on the light page.
 */

type Rgb = readonly [number, number, number];

/** WCAG's AA ratio for normal text. */
export const AA_TEXT = 4.5;

const WHITE: Rgb = [255, 255, 255];
/** The near-black the portal uses for text (--ui-gray-900). */
const INK: Rgb = [20, 24, 30];
/** The light page backgrounds brand-coloured text sits on: white cards and the grey page (--ui-gray-50). */
const LIGHT_BACKGROUNDS: readonly Rgb[] = [WHITE, [247, 248, 250]];

/** The brand's soft tint (--ui-brand-soft: 10% of the colour on white), behind selected items and badges. */
export function softTint(rgb: Rgb): Rgb {
  return rgb.map((c) => Math.round(c * 0.1 + 255 * 0.9)) as unknown as Rgb;
}

/** "#0f8a5f", "0f8a5f" or "#0f8" as channels 0..255; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `rgb` mixed with black, `amount` 0 (unchanged) to 1 (black), as CSS color-mix(in srgb) does, in whole
 * channels so that the colour tested is the colour written.
 */
function darken(rgb: Rgb, amount: number): Rgb {
  return rgb.map((c) => Math.round(c * (1 - amount))) as unknown as Rgb;
}

/** The lightest shade of `rgb` (mixed with black in 1% steps) that passes `test`; black passes every test here. */
function lightestShade(rgb: Rgb, test: (shade: Rgb) => boolean): Rgb {
  for (let step = 0; step <= 100; step++) {
    const shade = darken(rgb, step / 100);
    if (test(shade)) return shade;
  }
  return [0, 0, 0];
}

export interface BrandShades {
  /** Background for text in `onSolid` (primary buttons, the current page, a selected day). */
  solid: string;
  /** Text on `solid`: white, or the portal's ink on a light brand colour. */
  onSolid: string;
  /** Brand-coloured text (links, highlighted words) on white, the light grey page or the brand's soft tint. */
  text: string;
}

/**
 * The shades of a brand colour that meet `ratio` (4.5:1 by default). White text on the brand colour is the
 * expected look: the fill is the brand colour itself when white on it passes, else the lightest darker shade
 * of it that passes. A light brand colour (yellow, pale green) that would need darkening past recognition
 * keeps its colour with dark text instead. An unreadable colour string falls back to the portal's teal.
 */
export function brandShades(hex: string, ratio = AA_TEXT): BrandShades {
  const rgb = parseHex(hex) ?? (parseHex('#0f766e') as Rgb);
  const whiteOn = (shade: Rgb) => contrastRatio(shade, WHITE) >= ratio;
  const darkened = lightestShade(rgb, whiteOn);
  // darkening by more than a third turns a light colour muddy: dark ink on the colour itself reads better
  const keepWithInk = !whiteOn(rgb) && contrastRatio(rgb, INK) >= ratio && darkenedBy(rgb, darkened) > 1 / 3;
  const backgrounds = [...LIGHT_BACKGROUNDS, softTint(rgb)];
  const text = lightestShade(rgb, (shade) => backgrounds.every((bg) => contrastRatio(shade, bg) >= ratio));
  return {
    solid: toHex(keepWithInk ? rgb : darkened),
    onSolid: keepWithInk ? toHex(INK) : '#ffffff',
    text: toHex(text),
  };
}

/** How far `shade` was darkened from `rgb` (0 to 1), read from the brightest channel. */
function darkenedBy(rgb: Rgb, shade: Rgb): number {
  const max = Math.max(...rgb);
  return max === 0 ? 0 : 1 - Math.max(...shade) / max;
}
