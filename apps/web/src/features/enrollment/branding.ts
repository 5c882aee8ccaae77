import { ENROLL_DEFAULT_BRANDING, type WidgetConfig } from '@lantern/contracts';
import type { CSSProperties } from 'react';

/** A colour as red, green and blue from 0 to 255. */
type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Tailwind's slate-900: the dark text of the product. */
const DARK_TEXT: Rgb = [15, 23, 42];

/** WCAG AA: normal text needs 4.5:1, focus rings and icons 3:1. */
const TEXT_CONTRAST = 4.5;
const NON_TEXT_CONTRAST = 3;

/** '#4f46e5' or '#fff' to RGB; anything else (names, rgb(), typos) is null. */
export function parseHexColor(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  if (!/^([\da-f]{3}|[\da-f]{6})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
}

function toHex(color: Rgb): string {
  return `#${color.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance as WCAG 2 defines it: 0 for black, 1 for white. */
export function relativeLuminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function mix([r, g, b]: Rgb, [tr, tg, tb]: Rgb, amount: number): Rgb {
  return [r + (tr - r) * amount, g + (tg - g) * amount, b + (tb - b) * amount];
}

/** The colour itself when it already reaches the ratio, else the least tint or shade of it that does. */
function withContrast(color: Rgb, against: Rgb, ratio: number, toward: Rgb): Rgb {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step / 20);
    if (contrastRatio(candidate, against) >= ratio) return candidate;
  }
  return toward;
}

/** White text only on colours dark enough for it; otherwise the product's dark text (or black). */
export function textColorOn(background: Rgb): Rgb {
  if (contrastRatio(WHITE, background) >= TEXT_CONTRAST) return WHITE;
  if (contrastRatio(DARK_TEXT, background) >= TEXT_CONTRAST) return DARK_TEXT;
  return BLACK;
}

type BrandColors = Pick<WidgetConfig, 'primary_color' | 'secondary_color' | 'accent_color'>;

/**
 * The school's colours as CSS variables for the public pages, each adjusted only as far as WCAG AA needs:
 * primary for buttons and focus, secondary to accent for the header band, accent for small marks.
 * `--color-indigo-600` is the theme colour the shared inputs and checkboxes draw their focus in.
 */
export function brandStyle(colors: BrandColors): CSSProperties {
  const color = (value: string, fallback: string) => parseHexColor(value) ?? (parseHexColor(fallback) as Rgb);
  const primary = color(colors.primary_color, ENROLL_DEFAULT_BRANDING.primary_color);
  const secondary = color(colors.secondary_color, ENROLL_DEFAULT_BRANDING.secondary_color);
  const accent = color(colors.accent_color, ENROLL_DEFAULT_BRANDING.accent_color);

  const primaryText = textColorOn(primary);
  const ring = withContrast(primary, WHITE, NON_TEXT_CONTRAST, BLACK);

  // The header's text sits on both ends of the gradient, so both ends must carry it.
  const isHeaderLight = contrastRatio(WHITE, secondary) < TEXT_CONTRAST;
  const headerText = isHeaderLight ? DARK_TEXT : WHITE;
  const headerShift = isHeaderLight ? WHITE : BLACK;

  return {
    '--enroll-primary': toHex(primary),
    '--enroll-primary-text': toHex(primaryText),
    '--enroll-primary-hover': toHex(mix(primary, primaryText === WHITE ? BLACK : WHITE, 0.12)),
    '--enroll-primary-soft': toHex(mix(primary, WHITE, 0.92)),
    '--enroll-ring': toHex(ring),
    '--enroll-header-from': toHex(withContrast(secondary, headerText, TEXT_CONTRAST, headerShift)),
    '--enroll-header-to': toHex(withContrast(accent, headerText, TEXT_CONTRAST, headerShift)),
    '--enroll-header-text': toHex(headerText),
    '--enroll-accent': toHex(accent),
    '--enroll-accent-text': toHex(textColorOn(accent)),
    '--enroll-accent-mark': toHex(withContrast(accent, WHITE, NON_TEXT_CONTRAST, BLACK)),
    '--color-indigo-600': toHex(ring),
  } as CSSProperties;
}
