/** WCAG contrast, so text stays readable (AA) whatever colours the school chose. */

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE = '#FFFFFF';
export const INK = '#111827';
const AA = 4.5;

/** White or dark text, whichever reads better on every one of the given backgrounds. */
export function textOn(...backgrounds: string[]): string {
  const worst = (fg: string) => Math.min(...backgrounds.map((bg) => contrastRatio(fg, bg)));
  return worst(WHITE) >= worst(INK) ? WHITE : INK;
}

/** The preferred colour if it reaches AA on the background, else white or dark text. */
export function readable(preferred: string, background: string): string {
  return contrastRatio(preferred, background) >= AA ? preferred : textOn(background);
}

/** A colour mixed toward white (amount 0..1), for soft tints of the school's colours. */
export function tint(hex: string, amount: number): string {
  const mixed = parseHex(hex).map((v) => Math.round(v + (255 - v) * amount));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A colour mixed toward black, for borders and hover states. */
export function shade(hex: string, amount: number): string {
  const mixed = parseHex(hex).map((v) => Math.round(v * (1 - amount)));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
