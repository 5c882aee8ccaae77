import type { WidgetPublicConfig } from '@lantern/contracts';

/** What the widget reads from GET /widget/config (types only: the widget bundles no zod). */
export type WidgetConfig = Omit<WidgetPublicConfig, 'analytics'>;

/**
 * Spec document 3, section 3.6 defaults, used when the config call fails. They mirror
 * WIDGET_SETTINGS_DEFAULTS in packages/contracts (not imported: that module would bundle zod).
 */
export const DEFAULT_CONFIG: WidgetConfig = {
  school_name: 'My Academy',
  chatbot_name: 'School Assistant',
  welcome_message: 'Hi! Welcome to My Academy. How can I help you today?',
  primary_color: '#4F46E5',
  secondary_color: '#7C3AED',
  accent_color: '#10B981',
  text_color: '#1F2937',
  background_color: '#FFFFFF',
  border_radius: '12px',
  position: 'bottom-right',
  avatar_url: null,
  logo_url: null,
  auto_open_enabled: false,
  auto_open_delay: 5,
  auto_open_only_new_visitors: true,
  show_branding: true,
  enable_typing_indicator: true,
  call_to_action_text: null,
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];
const RADII = ['4px', '8px', '12px', '16px'];

/** Takes the server's answer field by field, keeping a default wherever a value is missing or odd. */
export function mergeConfig(raw: unknown): WidgetConfig {
  const given = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_CONFIG };
  for (const [key, fallback] of Object.entries(DEFAULT_CONFIG)) {
    const value = given[key];
    if (value === undefined) continue;
    if (key.endsWith('_color') && !(typeof value === 'string' && HEX.test(value))) continue;
    if (key === 'position' && !POSITIONS.includes(value as string)) continue;
    if (key === 'border_radius' && !RADII.includes(value as string)) continue;
    const fits =
      fallback === null ? value === null || typeof value === 'string' : typeof value === typeof fallback;
    if (fits) out[key] = value;
  }
  return out as WidgetConfig;
}

/** An image address from the settings: a server path gets the widget's origin; only http(s) is used. */
export function imageSource(url: string | null, origin: string): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return origin + url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/** Up to two initials of a name, for avatars whose image is missing or broken. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}
