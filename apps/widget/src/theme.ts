import type { WidgetConfig } from './config';
import { contrastRatio, readable, shade, textOn, tint } from './contrast';

/**
 * The school's colours as CSS variables, with every text colour checked for AA contrast against
 * what it sits on (white or dark text on the primary colour, the school's text colour only where it reads).
 */
export function themeVariables(c: WidgetConfig): Record<string, string> {
  const bg = c.background_color;
  const isLightBackground = contrastRatio(bg, '#000000') > contrastRatio(bg, '#FFFFFF');
  const botBubble = isLightBackground ? shade(bg, 0.045) : tint(bg, 0.12);
  const border = isLightBackground ? shade(bg, 0.1) : tint(bg, 0.2);
  const radius = parseInt(c.border_radius, 10) || 12;
  return {
    '--lw-primary': c.primary_color,
    '--lw-secondary': c.secondary_color,
    '--lw-accent': c.accent_color,
    '--lw-on-primary': textOn(c.primary_color),
    '--lw-on-header': textOn(c.primary_color, c.secondary_color),
    '--lw-bg': bg,
    '--lw-text': readable(c.text_color, bg),
    '--lw-muted': readable(isLightBackground ? '#4B5563' : '#D1D5DB', bg),
    '--lw-bot-bg': botBubble,
    '--lw-bot-text': readable(c.text_color, botBubble),
    '--lw-link': readable(c.primary_color, bg),
    '--lw-border': border,
    '--lw-accent-soft': tint(c.accent_color, 0.85),
    '--lw-accent-ink': readable(shade(c.accent_color, 0.35), tint(c.accent_color, 0.85)),
    '--lw-radius': `${radius}px`,
    '--lw-window-radius': `${radius + 4}px`,
    '--lw-bubble-radius': `${radius + 4}px`,
  };
}
