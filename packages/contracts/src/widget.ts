import { z } from 'zod';
import { widgetConfigSchema } from './enrollment';

/**
 * The chat widget's settings (spec document 3, section 3.6) and their defaults. The admin reads and
 * changes them (GET/PUT /api/widget/settings); the widget reads the public part (GET /widget/config).
 */

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];
export const WIDGET_BORDER_RADII = ['4px', '8px', '12px', '16px'] as const;
export type WidgetBorderRadius = (typeof WIDGET_BORDER_RADII)[number];

export const WIDGET_AUTO_OPEN_DELAY_MIN = 0;
export const WIDGET_AUTO_OPEN_DELAY_MAX = 120;
/** Length limits: names and short texts, long texts (personality, welcome, USP), URLs. */
export const WIDGET_NAME_MAX = 100;
export const WIDGET_SHORT_TEXT_MAX = 200;
export const WIDGET_LONG_TEXT_MAX = 2000;
export const WIDGET_URL_MAX = 2048;

export const WIDGET_SETTINGS_DEFAULTS = {
  school_name: 'My Academy',
  position: 'bottom-right',
  unique_selling_proposition: null,
  call_to_action_text: null,
  chatbot_name: 'School Assistant',
  chatbot_personality: null,
  welcome_message: 'Hi! Welcome to {{school_name}}. How can I help you today?',
  avatar_url: null,
  avatar_filename: null,
  logo_url: null,
  logo_filename: null,
  primary_color: '#4F46E5',
  secondary_color: '#7C3AED',
  accent_color: '#10B981',
  text_color: '#1F2937',
  background_color: '#FFFFFF',
  border_radius: '12px',
  auto_open_enabled: false,
  auto_open_delay: 5,
  auto_open_only_new_visitors: true,
  show_branding: true,
  enable_typing_indicator: true,
  enable_analytics: true,
} as const;

export const WIDGET_SETTINGS_MESSAGES = {
  color: 'Colours must be hex values such as #4F46E5',
  position: `Position must be one of ${WIDGET_POSITIONS.join(', ')}`,
  borderRadius: `Border radius must be one of ${WIDGET_BORDER_RADII.join(', ')}`,
  autoOpenDelay: `Auto-open delay must be a whole number of seconds from ${WIDGET_AUTO_OPEN_DELAY_MIN} to ${WIDGET_AUTO_OPEN_DELAY_MAX}`,
  schoolName: 'School name is required',
  chatbotName: 'Chatbot name is required',
  welcomeMessage: 'Welcome message is required',
  url: 'Please enter a valid http(s) URL or a path starting with /',
  imageHost:
    'Images must be files uploaded to this site, or https addresses on a host the school has allowed (WIDGET_IMAGE_HOSTS)',
  empty: 'Nothing to update',
  saved: 'Widget settings saved',
} as const;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const hexColor = z.string().trim().regex(HEX_COLOR, WIDGET_SETTINGS_MESSAGES.color);
const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));
/** Images are uploaded files served by us (a path) or an https address: never javascript: or data:. */
const imageUrl = z
  .string()
  .trim()
  .max(WIDGET_URL_MAX)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), {
    message: WIDGET_SETTINGS_MESSAGES.url,
  })
  .nullable()
  .transform((v) => (v ? v : null));

/** Every field of 3.6 with its stored value (the GET answer). */
export const widgetSettingsSchema = z.object({
  school_name: z.string(),
  position: z.enum(WIDGET_POSITIONS),
  unique_selling_proposition: z.string().nullable(),
  call_to_action_text: z.string().nullable(),
  chatbot_name: z.string(),
  chatbot_personality: z.string().nullable(),
  welcome_message: z.string(),
  avatar_url: z.string().nullable(),
  avatar_filename: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_filename: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  text_color: z.string(),
  background_color: z.string(),
  border_radius: z.enum(WIDGET_BORDER_RADII),
  auto_open_enabled: z.boolean(),
  auto_open_delay: z.number().int(),
  auto_open_only_new_visitors: z.boolean(),
  show_branding: z.boolean(),
  enable_typing_indicator: z.boolean(),
  enable_analytics: z.boolean(),
  updated_at: z.string().nullable(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

/** PUT /api/widget/settings: any subset of the fields, each validated; unknown fields refused. */
export const widgetSettingsUpdateSchema = z
  .object({
    school_name: requiredText(WIDGET_NAME_MAX, WIDGET_SETTINGS_MESSAGES.schoolName),
    position: z.enum(WIDGET_POSITIONS, { message: WIDGET_SETTINGS_MESSAGES.position }),
    unique_selling_proposition: optionalText(WIDGET_LONG_TEXT_MAX),
    call_to_action_text: optionalText(WIDGET_SHORT_TEXT_MAX),
    chatbot_name: requiredText(WIDGET_NAME_MAX, WIDGET_SETTINGS_MESSAGES.chatbotName),
    chatbot_personality: optionalText(WIDGET_LONG_TEXT_MAX),
    welcome_message: requiredText(WIDGET_LONG_TEXT_MAX, WIDGET_SETTINGS_MESSAGES.welcomeMessage),
    avatar_url: imageUrl,
    avatar_filename: optionalText(WIDGET_SHORT_TEXT_MAX),
    logo_url: imageUrl,
    logo_filename: optionalText(WIDGET_SHORT_TEXT_MAX),
    primary_color: hexColor,
    secondary_color: hexColor,
    accent_color: hexColor,
    text_color: hexColor,
    background_color: hexColor,
    border_radius: z.enum(WIDGET_BORDER_RADII, { message: WIDGET_SETTINGS_MESSAGES.borderRadius }),
    auto_open_enabled: z.boolean(),
    auto_open_delay: z
      .number({ message: WIDGET_SETTINGS_MESSAGES.autoOpenDelay })
      .int(WIDGET_SETTINGS_MESSAGES.autoOpenDelay)
      .min(WIDGET_AUTO_OPEN_DELAY_MIN, WIDGET_SETTINGS_MESSAGES.autoOpenDelay)
      .max(WIDGET_AUTO_OPEN_DELAY_MAX, WIDGET_SETTINGS_MESSAGES.autoOpenDelay),
    auto_open_only_new_visitors: z.boolean(),
    show_branding: z.boolean(),
    enable_typing_indicator: z.boolean(),
    enable_analytics: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: WIDGET_SETTINGS_MESSAGES.empty });
export type WidgetSettingsUpdate = z.infer<typeof widgetSettingsUpdateSchema>;

export const widgetSettingsResponseSchema = z.object({ settings: widgetSettingsSchema });

/**
 * GET /widget/config: the enrolment form's branding plus what the widget needs. Only public fields:
 * never the personality or USP (they are prompt material), never anything about visitors.
 */
export const widgetPublicConfigSchema = widgetConfigSchema.extend({
  chatbot_name: z.string(),
  welcome_message: z.string().describe('{{school_name}} and {{chatbot_name}} already filled'),
  text_color: z.string(),
  background_color: z.string(),
  border_radius: z.enum(WIDGET_BORDER_RADII),
  position: z.enum(WIDGET_POSITIONS),
  avatar_url: z.string().nullable(),
  auto_open_enabled: z.boolean(),
  auto_open_delay: z.number().int(),
  auto_open_only_new_visitors: z.boolean(),
  show_branding: z.boolean(),
  enable_typing_indicator: z.boolean(),
  call_to_action_text: z.string().nullable(),
});
export type WidgetPublicConfig = z.infer<typeof widgetPublicConfigSchema>;

/** Fills {{school_name}} and {{chatbot_name}} (spaces inside the braces allowed). */
export function fillWidgetPlaceholders(
  text: string,
  values: { school_name: string; chatbot_name: string },
): string {
  return text
    .replace(/\{\{\s*school_name\s*\}\}/g, values.school_name)
    .replace(/\{\{\s*chatbot_name\s*\}\}/g, values.chatbot_name);
}

/**
 * Whether the widget may show an image from this address on the school's website: a path on our own
 * origin, our own origin, or https on an allowed host. Anything else could be a tracking image that
 * reports every visitor of the school's site to a stranger.
 */
export function isAllowedWidgetImage(
  value: string,
  allowed: { ownOrigin: string | null; hosts: readonly string[] },
): boolean {
  // A backslash is a slash to browsers: "/\evil.example/x.png" leaves the origin.
  if (value.includes('\\')) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (allowed.ownOrigin && url.origin === new URL(allowed.ownOrigin).origin) return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && allowed.hosts.some((h) => h.toLowerCase() === host);
}
