import { describe, expect, it } from 'vitest';
import { contrastRatio, formatContrastRatio, WCAG_AA_TEXT } from './contrast';
import {
  isAllowedWidgetImage,
  isValidTimeZone,
  isWidgetHexColor,
  listTimeZones,
  WIDGET_AUTO_OPEN_DELAYS,
  WIDGET_COLOR_PALETTE,
  WIDGET_IMAGE_MAX_BYTES,
  WIDGET_SETTINGS_DEFAULTS,
  WIDGET_THEMES,
  widgetContrastWarnings,
  widgetHexColorSchema,
} from './widget';

const allowed = { ownOrigin: 'https://admissions.school.example', hosts: ['cdn.school.example'] };

describe('isAllowedWidgetImage', () => {
  it.each([
    '/uploads/logo.png',
    '/api/widget/images/abc',
    'https://admissions.school.example/x.png',
    'https://cdn.school.example/x.png',
  ])('allows %s', (url) => expect(isAllowedWidgetImage(url, allowed)).toBe(true));

  it.each([
    '//tracker.example/x.png',
    '/\\tracker.example/x.png',
    '\\\\tracker.example/x.png',
    'https://tracker.example/x.png',
    'http://cdn.school.example/x.png',
    'https://cdn.school.example.tracker.example/x.png',
    'https://cdn.school.example@tracker.example/x.png',
    'https://admissions.school.example.tracker.example/x.png',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => expect(isAllowedWidgetImage(url, allowed)).toBe(false));

  it('allows only paths when no origin or host is configured', () => {
    const none = { ownOrigin: null, hosts: [] };
    expect(isAllowedWidgetImage('/logo.png', none)).toBe(true);
    expect(isAllowedWidgetImage('https://cdn.school.example/x.png', none)).toBe(false);
  });
});

describe('colours, contrast and themes', () => {
  it('accepts #RRGGBB in any case and stores it upper-case; refuses #abc and names with the spec’s words', () => {
    expect(widgetHexColorSchema.parse('#4f46e5')).toBe('#4F46E5');
    for (const bad of ['#abc', 'red', '#12345', '#1234567', 'rgb(0,0,0)', '4F46E5', '#GGGGGG']) {
      const r = widgetHexColorSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Please enter a valid hex color (e.g., #4F46E5)');
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastRatio('#4F46E5', '#FFFFFF')).toBeCloseTo(6.29, 1);
    expect(formatContrastRatio(4.49)).toBe('4.4:1');
  });

  it('warns about a text colour too pale for the background, with the ratio', () => {
    const warnings = widgetContrastWarnings({ text_color: '#CCCCCC', background_color: '#FFFFFF' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      foreground: 'text_color',
      background: 'background_color',
      minimum: 4.5,
    });
    expect(warnings[0]!.message).toContain('1.6:1');
    expect(widgetContrastWarnings({ text_color: '#1F2937', background_color: '#FFFFFF' })).toEqual([]);
    expect(widgetContrastWarnings({ text_color: '#abc', background_color: '#FFFFFF' })).toEqual([]);
  });

  it('has six or more built-in themes, one default, every one AA for the widget’s text', () => {
    expect(WIDGET_THEMES.length).toBeGreaterThanOrEqual(6);
    expect(WIDGET_THEMES.filter((t) => t.is_default)).toHaveLength(1);
    expect(new Set(WIDGET_THEMES.map((t) => t.id)).size).toBe(WIDGET_THEMES.length);
    for (const theme of WIDGET_THEMES) {
      const { primary, secondary, accent } = theme.color_scheme;
      for (const c of [primary, secondary, accent])
        expect(isWidgetHexColor(c), `${theme.id} ${c}`).toBe(true);
      expect(contrastRatio('#FFFFFF', primary), `${theme.id} primary`).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
      expect(contrastRatio('#FFFFFF', secondary), `${theme.id} secondary`).toBeGreaterThanOrEqual(
        WCAG_AA_TEXT,
      );
      const onAccent = Math.max(contrastRatio('#FFFFFF', accent), contrastRatio('#111827', accent));
      expect(onAccent, `${theme.id} accent`).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    }
    const def = WIDGET_THEMES.find((t) => t.is_default)!;
    expect(def.color_scheme).toEqual({
      primary: WIDGET_SETTINGS_DEFAULTS.primary_color,
      secondary: WIDGET_SETTINGS_DEFAULTS.secondary_color,
      accent: WIDGET_SETTINGS_DEFAULTS.accent_color,
    });
  });

  it('has the spec’s constants', () => {
    expect(WIDGET_COLOR_PALETTE).toHaveLength(12);
    for (const c of WIDGET_COLOR_PALETTE) expect(isWidgetHexColor(c)).toBe(true);
    expect([...WIDGET_AUTO_OPEN_DELAYS]).toEqual([3, 5, 10, 15, 30]);
    expect(WIDGET_IMAGE_MAX_BYTES).toBe(5242880);
  });

  it('checks time zones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(listTimeZones()[0]).toBe('UTC');
  });
});
