/**
 * WCAG 2.x contrast for #RRGGBB colours, shared by the console (the settings page's warnings), the
 * widget and the server (the built-in themes' check). No zod here: the widget may import it.
 */

/** Normal text needs 4.5:1 (WCAG AA); large text and UI parts need 3:1. */
export const WCAG_AA_TEXT = 4.5;
export const WCAG_AA_LARGE = 3;

/** #RRGGBB (case-insensitive) -> [r, g, b]; null for anything else (#abc, names, rgb()). */
export function parseHexRgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Relative luminance (0 black .. 1 white) of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const rgb = parseHexRgb(hex);
  if (!rgb) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #RRGGBB colours, 1 to 21 (order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio rounded down to one decimal, as shown to people ("4.4:1" is never shown for 4.49). */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
