import { z } from 'zod';
import { contrastRatio, formatContrastRatio, WCAG_AA_LARGE, WCAG_AA_TEXT } from './contrast';
import { widgetConfigSchema } from './enrollment';

/**
 * The chat widget's settings (spec document 3, section 3.6) and their defaults, the settings page's
 * calls (7.2: settings, images, themes, reset; the settings' history), the clear-analytics calls
 * (7.3) and the page's words (5.2, 8.4, 8.5) and constants (9).
 *
 * Calls (every one needs a session unless marked public):
 * - GET    /api/widget/settings                 -> widgetSettingsResponseSchema
 * - PUT    /api/widget/settings                 widgetSettingsUpdateSchema -> widgetSettingsResponseSchema
 * - POST   /api/widget/upload-image             multipart: image (file), imageType ('avatar'|'logo')
 *                                               -> widgetImageUploadResponseSchema
 * - DELETE /api/widget/image/{type}             -> widgetImageDeleteResponseSchema
 * - GET    /widget/images/{name}                public: the uploaded image (our origin, long cache)
 * - GET    /api/widget/themes                   -> widgetThemesResponseSchema
 * - POST   /api/widget/themes/{id}/apply        -> widgetSettingsResponseSchema
 * - POST   /api/widget/reset-defaults           -> widgetSettingsResponseSchema
 * - GET    /api/widget/settings/history?limit=  -> widgetSettingsHistoryResponseSchema
 * - GET    /widget/config                       public -> widgetPublicConfigSchema
 * - GET    /admin/clear-analytics/preview       -> clearAnalyticsPreviewSchema (the dry run)
 * - POST   /admin/clear-analytics               clearAnalyticsRequestSchema -> clearAnalyticsResponseSchema
 */

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export type WidgetPosition = (typeof WIDGET_POSITIONS)[number];
export const WIDGET_POSITION_LABELS: Record<WidgetPosition, string> = {
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
  'top-right': 'Top right',
  'top-left': 'Top left',
};
export const WIDGET_BORDER_RADII = ['4px', '8px', '12px', '16px'] as const;
export type WidgetBorderRadius = (typeof WIDGET_BORDER_RADII)[number];

/** Section 9: the auto-open ("auto-show bubble") delay options in seconds, default 5. */
export const WIDGET_AUTO_OPEN_DELAYS = [3, 5, 10, 15, 30] as const;
export type WidgetAutoOpenDelay = (typeof WIDGET_AUTO_OPEN_DELAYS)[number];
export const WIDGET_AUTO_OPEN_DELAY_DEFAULT = 5;

/** Section 5.2: the 12 quick colours of the colour fields (each #RRGGBB). */
export const WIDGET_COLOR_PALETTE = [
  '#4F46E5',
  '#7C3AED',
  '#2563EB',
  '#0E7490',
  '#0F766E',
  '#15803D',
  '#10B981',
  '#CA8A04',
  '#C2410C',
  '#B91C1C',
  '#DB2777',
  '#1F2937',
] as const;

/** Length limits: names and short texts, long texts (personality, welcome, USP), URLs. */
export const WIDGET_NAME_MAX = 100;
export const WIDGET_SHORT_TEXT_MAX = 200;
export const WIDGET_LONG_TEXT_MAX = 2000;
export const WIDGET_URL_MAX = 2048;

/** Section 9 fallbacks; the school time zone's default is the server's SCHOOL_TIME_ZONE (else UTC). */
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

/** The colour fields, in the order the Visual Design tab shows them. */
export const WIDGET_COLOR_FIELDS = [
  'primary_color',
  'secondary_color',
  'accent_color',
  'text_color',
  'background_color',
] as const;
export type WidgetColorField = (typeof WIDGET_COLOR_FIELDS)[number];

/** The welcome message's placeholders, written exactly so in the help text (5.2). */
export const WIDGET_WELCOME_PLACEHOLDERS = ['{{school_name}}', '{{chatbot_name}}'] as const;
export const WIDGET_WELCOME_HELP =
  'You can use {{school_name}} and {{chatbot_name}}; they are replaced with the names above.';

export const WIDGET_SETTINGS_MESSAGES = {
  /** 5.2, exactly: the value is not applied. */
  color: 'Please enter a valid hex color (e.g., #4F46E5)',
  position: `Position must be one of ${WIDGET_POSITIONS.join(', ')}`,
  borderRadius: `Border radius must be one of ${WIDGET_BORDER_RADII.join(', ')}`,
  autoOpenDelay: `Auto-open delay must be one of ${WIDGET_AUTO_OPEN_DELAYS.join(', ')} seconds`,
  schoolName: 'School name is required',
  chatbotName: 'Chatbot name is required',
  welcomeMessage: 'Welcome message is required',
  timeZone: 'Please choose a valid time zone (e.g., Europe/London)',
  url: 'Please enter a valid http(s) URL or a path starting with /',
  imageHost: 'Images must be uploaded here (or be on a host the school has allowed in WIDGET_IMAGE_HOSTS)',
  empty: 'Nothing to update',
  themeNotFound: 'Theme not found',
} as const;

/** Section 8.4: the page's toasts, exactly. `type` is the image type's label ('Avatar', 'Logo'). */
export const WIDGET_TOASTS = {
  loadFailed: 'Failed to load widget settings',
  saved: 'Widget settings saved successfully!',
  saveFailed: 'Failed to save settings',
  reset: 'Settings reset to defaults!',
  resetFailed: 'Failed to reset settings',
  themeApplied: 'Theme applied successfully!',
  themeFailed: 'Failed to apply theme',
  uploaded: (type: string) => `${type} uploaded successfully!`,
  uploadFailed: (type: string) => `Failed to upload ${type}`,
  deleted: (type: string) => `${type} deleted successfully!`,
  deleteFailed: (type: string) => `Failed to delete ${type}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Colours and time zones

/** #RRGGBB only, case-insensitive (5.2); #abc, names and rgb() are refused. */
export const WIDGET_HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export function isWidgetHexColor(value: string): boolean {
  return WIDGET_HEX_COLOR.test(value.trim());
}
/** Stored and shown upper-case: '#4f46e5' -> '#4F46E5'. */
export const widgetHexColorSchema = z
  .string({ message: WIDGET_SETTINGS_MESSAGES.color })
  .trim()
  .regex(WIDGET_HEX_COLOR, WIDGET_SETTINGS_MESSAGES.color)
  .transform((v) => v.toUpperCase());

/** Whether this runtime knows the IANA time zone ('Europe/London', 'America/New_York', 'UTC'). */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
/** The IANA time zones to offer (the runtime's list, with UTC first). */
export function listTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
export const widgetTimeZoneSchema = z
  .string({ message: WIDGET_SETTINGS_MESSAGES.timeZone })
  .trim()
  .refine(isValidTimeZone, { message: WIDGET_SETTINGS_MESSAGES.timeZone });

/** A pair of colours whose contrast the page checks, and the least it should have (WCAG AA). */
export const WIDGET_CONTRAST_PAIRS = [
  { foreground: 'text_color', background: 'background_color', minimum: WCAG_AA_TEXT, what: 'Message text' },
  {
    foreground: 'primary_color',
    background: 'background_color',
    minimum: WCAG_AA_LARGE,
    what: 'Buttons and links',
  },
] as const satisfies readonly {
  foreground: WidgetColorField;
  background: WidgetColorField;
  minimum: number;
  what: string;
}[];

export type WidgetContrastWarning = {
  foreground: WidgetColorField;
  background: WidgetColorField;
  ratio: number;
  minimum: number;
  /** e.g. 'Message text on the background has a contrast of 2.1:1; WCAG AA needs 4.5:1.' */
  message: string;
};

/**
 * The colour pairs below WCAG AA, for the warning beside the field (a warning, not a refusal: the
 * widget keeps its own text readable). Pairs with an invalid colour are skipped.
 */
export function widgetContrastWarnings(
  colors: Partial<Record<WidgetColorField, string>>,
): WidgetContrastWarning[] {
  const warnings: WidgetContrastWarning[] = [];
  for (const pair of WIDGET_CONTRAST_PAIRS) {
    const fg = colors[pair.foreground];
    const bg = colors[pair.background];
    if (!fg || !bg || !isWidgetHexColor(fg) || !isWidgetHexColor(bg)) continue;
    const ratio = contrastRatio(fg, bg);
    if (ratio >= pair.minimum) continue;
    warnings.push({
      foreground: pair.foreground,
      background: pair.background,
      ratio,
      minimum: pair.minimum,
      message: `${pair.what} on the background has a contrast of ${formatContrastRatio(ratio)}; WCAG AA needs ${pair.minimum}:1.`,
    });
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// Settings

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

/** Every field of 3.6 with its stored value, plus the school's time zone (the GET answer). */
export const widgetSettingsSchema = z.object({
  school_name: z.string(),
  /** IANA name; analytics' dates and campaign scheduling use it. */
  school_time_zone: z.string(),
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

/** The fields the admin edits (the settings without updated_at). */
export const widgetSettingsFieldsSchema = z.object({
  school_name: requiredText(WIDGET_NAME_MAX, WIDGET_SETTINGS_MESSAGES.schoolName),
  school_time_zone: widgetTimeZoneSchema,
  position: z.enum(WIDGET_POSITIONS, { message: WIDGET_SETTINGS_MESSAGES.position }),
  unique_selling_proposition: optionalText(WIDGET_LONG_TEXT_MAX),
  call_to_action_text: optionalText(WIDGET_SHORT_TEXT_MAX),
  chatbot_name: requiredText(WIDGET_NAME_MAX, WIDGET_SETTINGS_MESSAGES.chatbotName),
  chatbot_personality: optionalText(WIDGET_LONG_TEXT_MAX),
  welcome_message: requiredText(WIDGET_LONG_TEXT_MAX, WIDGET_SETTINGS_MESSAGES.welcomeMessage),
  /** Only our own uploaded images (/widget/images/...) or an operator-allowed https host. */
  avatar_url: imageUrl,
  avatar_filename: optionalText(WIDGET_SHORT_TEXT_MAX),
  logo_url: imageUrl,
  logo_filename: optionalText(WIDGET_SHORT_TEXT_MAX),
  primary_color: widgetHexColorSchema,
  secondary_color: widgetHexColorSchema,
  accent_color: widgetHexColorSchema,
  text_color: widgetHexColorSchema,
  background_color: widgetHexColorSchema,
  border_radius: z.enum(WIDGET_BORDER_RADII, { message: WIDGET_SETTINGS_MESSAGES.borderRadius }),
  auto_open_enabled: z.boolean(),
  auto_open_delay: z
    .number({ message: WIDGET_SETTINGS_MESSAGES.autoOpenDelay })
    .refine((v) => (WIDGET_AUTO_OPEN_DELAYS as readonly number[]).includes(v), {
      message: WIDGET_SETTINGS_MESSAGES.autoOpenDelay,
    }),
  auto_open_only_new_visitors: z.boolean(),
  show_branding: z.boolean(),
  enable_typing_indicator: z.boolean(),
  enable_analytics: z.boolean(),
});
export type WidgetSettingsFields = z.infer<typeof widgetSettingsFieldsSchema>;
export type WidgetSettingsField = keyof WidgetSettingsFields;

/**
 * PUT /api/widget/settings: the full settings object (7.2) or any subset of its fields, each
 * validated; unknown fields refused. updated_at (as read by GET) may be sent back and is ignored.
 */
export const widgetSettingsUpdateSchema = widgetSettingsFieldsSchema
  .extend({ updated_at: z.string().nullable() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== 'updated_at'), {
    message: WIDGET_SETTINGS_MESSAGES.empty,
  });
export type WidgetSettingsUpdate = z.infer<typeof widgetSettingsUpdateSchema>;

/** GET and PUT /api/widget/settings, POST /api/widget/themes/{id}/apply, POST /api/widget/reset-defaults. */
export const widgetSettingsResponseSchema = z.object({ settings: widgetSettingsSchema });
export type WidgetSettingsResponse = z.infer<typeof widgetSettingsResponseSchema>;

/**
 * GET /widget/config (public): the enrolment form's branding plus what the widget needs. Only public
 * fields: never the personality or USP (they are prompt material), never anything about visitors.
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
 * reports every visitor of the school's site to a stranger. (The server also requires a path to be
 * one of our uploaded images: see isUploadedWidgetImagePath.)
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

// ---------------------------------------------------------------------------------------------
// Images (avatar and logo)

export const WIDGET_IMAGE_TYPES = ['avatar', 'logo'] as const;
export type WidgetImageType = (typeof WIDGET_IMAGE_TYPES)[number];
/** The type's label in toasts ('Avatar uploaded successfully!'). */
export const WIDGET_IMAGE_TYPE_LABELS: Record<WidgetImageType, string> = { avatar: 'Avatar', logo: 'Logo' };

/** Section 5.2 and 9: 5 MB (5242880 bytes); JPEG, PNG, GIF, WebP, checked by content. */
export const WIDGET_IMAGE_MAX_BYTES = 5_242_880;
export const WIDGET_IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
export const WIDGET_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Guidance: square, at least 100x100, 200x200 recommended. The avatar is stored at 200x200. */
export const WIDGET_IMAGE_MIN_SIDE = 100;
export const WIDGET_AVATAR_SIDE = 200;
/** The logo is kept whole, scaled down to fit inside this box. */
export const WIDGET_LOGO_MAX_SIDE = 400;
/** Where uploaded images are served from (our origin): `${prefix}${name}`. */
export const WIDGET_IMAGE_PATH_PREFIX = '/widget/images/';

export const WIDGET_IMAGE_MESSAGES = {
  invalidType: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  tooLarge: 'File size must be less than 5MB',
  missingFile: 'Please choose an image to upload',
  invalidImageType: "imageType must be 'avatar' or 'logo'",
  unreadable: 'The image could not be read; please try another file',
  guidance: 'Square images work best: at least 100×100 pixels, 200×200 recommended.',
  small: 'This image is smaller than 100×100 pixels, so it may look blurry.',
  notSquareAvatar: 'This image is not square, so it was cropped to its centre.',
  notSquareLogo: 'This image is not square; it is shown whole, scaled to fit.',
  noImage: 'There is no image to delete',
} as const;

export const widgetImageTypeSchema = z.enum(WIDGET_IMAGE_TYPES, {
  message: WIDGET_IMAGE_MESSAGES.invalidImageType,
});

/** A note about an accepted image that is smaller than advised or not square. */
export const widgetImageNoteSchema = z.object({
  code: z.enum(['small', 'not_square']),
  message: z.string(),
});
export type WidgetImageNote = z.infer<typeof widgetImageNoteSchema>;

/** POST /api/widget/upload-image (multipart `image`, `imageType`): the stored image and settings. */
export const widgetImageUploadResponseSchema = z.object({
  imageUrl: z.string().describe('A path on our origin, e.g. /widget/images/avatar-<id>.png'),
  filename: z.string().describe('The uploaded file name, cleaned, for display only'),
  imageType: z.enum(WIDGET_IMAGE_TYPES),
  width: z.number().int().describe('Of the stored image'),
  height: z.number().int(),
  notes: z.array(widgetImageNoteSchema),
  message: z.string().describe("'{type} uploaded successfully!'"),
  settings: widgetSettingsSchema,
});
export type WidgetImageUploadResponse = z.infer<typeof widgetImageUploadResponseSchema>;

/** DELETE /api/widget/image/{type}: the field is cleared (the widget shows initials). */
export const widgetImageDeleteResponseSchema = z.object({
  message: z.string().describe("'{type} deleted successfully!'"),
  settings: widgetSettingsSchema,
});
export type WidgetImageDeleteResponse = z.infer<typeof widgetImageDeleteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Themes

/** Section 3.6's theme. Applying one changes only the three colours of its scheme. */
export const widgetThemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  color_scheme: z.object({ primary: z.string(), secondary: z.string(), accent: z.string() }),
});
export type WidgetTheme = z.infer<typeof widgetThemeSchema>;

/** GET /api/widget/themes */
export const widgetThemesResponseSchema = z.object({ themes: z.array(widgetThemeSchema) });
export type WidgetThemesResponse = z.infer<typeof widgetThemesResponseSchema>;

/**
 * The built-in themes, designed for schools. Each passes AA for the widget's text: white text on the
 * primary and on the secondary colour (header, launcher, the parent's bubbles) at 4.5:1 or more,
 * and white or dark text on the accent at 4.5:1 (widget.test.ts checks it).
 */
export const WIDGET_THEMES: readonly WidgetTheme[] = [
  {
    id: 'lantern-classic',
    name: 'Lantern Classic',
    description: 'Indigo and violet with a fresh green: the default look.',
    is_default: true,
    color_scheme: { primary: '#4F46E5', secondary: '#7C3AED', accent: '#10B981' },
  },
  {
    id: 'calm-ocean',
    name: 'Calm Ocean',
    description: 'Deep blues and teal: quiet and reassuring for anxious families.',
    is_default: false,
    color_scheme: { primary: '#1D4ED8', secondary: '#0E7490', accent: '#06B6D4' },
  },
  {
    id: 'forest-campus',
    name: 'Forest Campus',
    description: 'Greens with a golden accent: outdoor learning and growth.',
    is_default: false,
    color_scheme: { primary: '#15803D', secondary: '#166534', accent: '#CA8A04' },
  },
  {
    id: 'warm-welcome',
    name: 'Warm Welcome',
    description: 'Terracotta and amber: friendly and approachable.',
    is_default: false,
    color_scheme: { primary: '#C2410C', secondary: '#9A3412', accent: '#F59E0B' },
  },
  {
    id: 'heritage-crimson',
    name: 'Heritage Crimson',
    description: 'Traditional school crimson with a gold accent.',
    is_default: false,
    color_scheme: { primary: '#B91C1C', secondary: '#7F1D1D', accent: '#D97706' },
  },
  {
    id: 'gentle-lavender',
    name: 'Gentle Lavender',
    description: 'Soft purples with a rose accent: gentle and caring.',
    is_default: false,
    color_scheme: { primary: '#6D28D9', secondary: '#7E22CE', accent: '#EC4899' },
  },
  {
    id: 'slate-professional',
    name: 'Slate Professional',
    description: 'Slate greys with a sky-blue accent: calm and businesslike.',
    is_default: false,
    color_scheme: { primary: '#334155', secondary: '#1E293B', accent: '#0EA5E9' },
  },
  {
    id: 'sunrise-teal',
    name: 'Sunrise Teal',
    description: 'Teal with an orange accent: bright and optimistic.',
    is_default: false,
    color_scheme: { primary: '#0F766E', secondary: '#115E59', accent: '#F97316' },
  },
];

// ---------------------------------------------------------------------------------------------
// Production Data Management: clear analytics (2.5, 3.7, 4.4, 7.3, 8.5)

export const CLEAR_ANALYTICS_STATES = ['idle', 'confirm', 'running', 'result'] as const;
export type ClearAnalyticsState = (typeof CLEAR_ANALYTICS_STATES)[number];

export const CLEAR_ANALYTICS_MESSAGES = {
  failed: 'Failed to clear analytics data',
  success: (n: number) => `Successfully cleared ${n} records!`,
  passwordRequired: 'Please enter your password',
  wrongPassword: 'The password is not correct',
  codeRequired: 'Please enter your current 2FA code',
  invalidCode: 'Invalid verification code',
  includeLeads: 'Also delete leads',
  kept: 'Settings, knowledge, segments, resources, templates and campaigns are kept. Leads are kept unless you tick "Also delete leads".',
} as const;

/** What clearing removes, by kind (3.7's summary without the total). */
export const clearAnalyticsCountsSchema = z.object({
  visitors: z.number().int(),
  conversations: z.number().int(),
  leads: z.number().int(),
  resourceDownloads: z.number().int(),
  downloadTokens: z.number().int(),
});
export type ClearAnalyticsCounts = z.infer<typeof clearAnalyticsCountsSchema>;

/**
 * GET /admin/clear-analytics/preview: the dry run, counted now. `counts.leads` is what "Also delete
 * leads" would remove; `totalWithoutLeads` and `totalWithLeads` are the two possible totals.
 */
export const clearAnalyticsPreviewSchema = z.object({
  counts: clearAnalyticsCountsSchema,
  totalWithoutLeads: z.number().int(),
  totalWithLeads: z.number().int(),
  twoFactorRequired: z.boolean().describe('Whether the request needs `code` (two-factor is on)'),
});
export type ClearAnalyticsPreview = z.infer<typeof clearAnalyticsPreviewSchema>;

/** POST /admin/clear-analytics: step-up with the password, and the 2FA code when two-factor is on. */
export const clearAnalyticsRequestSchema = z.object({
  password: z
    .string({ message: CLEAR_ANALYTICS_MESSAGES.passwordRequired })
    .min(1, CLEAR_ANALYTICS_MESSAGES.passwordRequired)
    .max(1024),
  code: z
    .string()
    .trim()
    .max(16)
    .optional()
    .transform((v) => (v ? v : undefined)),
  include_leads: z.boolean().default(false),
});
export type ClearAnalyticsRequest = z.input<typeof clearAnalyticsRequestSchema>;

export const clearAnalyticsSummarySchema = clearAnalyticsCountsSchema.extend({
  totalCleared: z.number().int(),
});
export type ClearAnalyticsSummary = z.infer<typeof clearAnalyticsSummarySchema>;

/** The answer: message 'Successfully cleared N records!' and the summary (leads 0 unless included). */
export const clearAnalyticsResponseSchema = z.object({
  message: z.string(),
  summary: clearAnalyticsSummarySchema,
});
export type ClearAnalyticsResponse = z.infer<typeof clearAnalyticsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The settings' history (audit)

export const WIDGET_HISTORY_ACTIONS = [
  'widget.settings_updated',
  'widget.theme_applied',
  'widget.settings_reset',
  'widget.image_uploaded',
  'widget.image_deleted',
  'analytics.cleared',
] as const;
export type WidgetHistoryAction = (typeof WIDGET_HISTORY_ACTIONS)[number];
export const WIDGET_HISTORY_ACTION_LABELS: Record<WidgetHistoryAction, string> = {
  'widget.settings_updated': 'Settings saved',
  'widget.theme_applied': 'Theme applied',
  'widget.settings_reset': 'Reset to defaults',
  'widget.image_uploaded': 'Image uploaded',
  'widget.image_deleted': 'Image deleted',
  'analytics.cleared': 'Analytics cleared',
};
export const WIDGET_HISTORY_DEFAULT_LIMIT = 10;
export const WIDGET_HISTORY_MAX_LIMIT = 50;

/** One changed field: its value before and after (strings, numbers, booleans or null). */
export const widgetSettingsChangeSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type WidgetSettingsChange = z.infer<typeof widgetSettingsChangeSchema>;

export const widgetSettingsHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.enum(WIDGET_HISTORY_ACTIONS),
  at: z.string().describe('ISO time'),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  /**
   * The theme's name when a theme was applied, the image type for image actions, and for a clearing
   * of analytics what went, e.g. '12 records: 3 visitors, 3 conversations, 0 leads, ...'.
   */
  detail: z.string().nullable(),
  /** Only for 'analytics.cleared': the summary it answered (who and when are the entry's). */
  counts: clearAnalyticsSummarySchema.nullable(),
  fields: z.array(z.string()),
  changes: z.array(widgetSettingsChangeSchema),
});
export type WidgetSettingsHistoryEntry = z.infer<typeof widgetSettingsHistoryEntrySchema>;

/**
 * GET /api/widget/settings/history?limit= (default 10, at most 50): newest first; the settings'
 * changes and the clearings of analytics (Production Data Management), as the audit log keeps them.
 */
export const widgetSettingsHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(WIDGET_HISTORY_MAX_LIMIT).default(WIDGET_HISTORY_DEFAULT_LIMIT),
});
export const widgetSettingsHistoryResponseSchema = z.object({
  entries: z.array(widgetSettingsHistoryEntrySchema),
});
export type WidgetSettingsHistoryResponse = z.infer<typeof widgetSettingsHistoryResponseSchema>;
