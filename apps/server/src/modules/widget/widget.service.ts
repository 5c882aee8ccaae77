import {
  fillWidgetPlaceholders,
  isAllowedWidgetImage,
  WIDGET_SETTINGS_MESSAGES,
  WIDGET_SETTINGS_DEFAULTS,
  type WidgetPublicConfig,
  type WidgetSettings,
  type WidgetSettingsUpdate,
} from '@lantern/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { BadInputError } from '../../http/errors';
import { widgetSettings, type WidgetSettingsRow } from './widget.tables';

/** How long the settings are served from memory: the public config is read on every page view. */
const CACHE_MS = 5_000;

type Row = typeof widgetSettings.$inferInsert;

/** The stored row (or the defaults when none was saved yet), in the API's snake_case. */
export function toWidgetSettings(row: WidgetSettingsRow | undefined): WidgetSettings {
  const d = WIDGET_SETTINGS_DEFAULTS;
  if (!row) return { ...d, updated_at: null };
  return {
    school_name: row.schoolName,
    position: row.position as WidgetSettings['position'],
    unique_selling_proposition: row.uniqueSellingProposition,
    call_to_action_text: row.callToActionText,
    chatbot_name: row.chatbotName,
    chatbot_personality: row.chatbotPersonality,
    welcome_message: row.welcomeMessage,
    avatar_url: row.avatarUrl,
    avatar_filename: row.avatarFilename,
    logo_url: row.logoUrl,
    logo_filename: row.logoFilename,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    accent_color: row.accentColor,
    text_color: row.textColor,
    background_color: row.backgroundColor,
    border_radius: row.borderRadius as WidgetSettings['border_radius'],
    auto_open_enabled: row.autoOpenEnabled,
    auto_open_delay: row.autoOpenDelay,
    auto_open_only_new_visitors: row.autoOpenOnlyNewVisitors,
    show_branding: row.showBranding,
    enable_typing_indicator: row.enableTypingIndicator,
    enable_analytics: row.enableAnalytics,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The API's field names -> the table's columns (only the fields given). */
const COLUMN: Record<keyof WidgetSettingsUpdate, keyof Row> = {
  school_name: 'schoolName',
  position: 'position',
  unique_selling_proposition: 'uniqueSellingProposition',
  call_to_action_text: 'callToActionText',
  chatbot_name: 'chatbotName',
  chatbot_personality: 'chatbotPersonality',
  welcome_message: 'welcomeMessage',
  avatar_url: 'avatarUrl',
  avatar_filename: 'avatarFilename',
  logo_url: 'logoUrl',
  logo_filename: 'logoFilename',
  primary_color: 'primaryColor',
  secondary_color: 'secondaryColor',
  accent_color: 'accentColor',
  text_color: 'textColor',
  background_color: 'backgroundColor',
  border_radius: 'borderRadius',
  auto_open_enabled: 'autoOpenEnabled',
  auto_open_delay: 'autoOpenDelay',
  auto_open_only_new_visitors: 'autoOpenOnlyNewVisitors',
  show_branding: 'showBranding',
  enable_typing_indicator: 'enableTypingIndicator',
  enable_analytics: 'enableAnalytics',
};

export function createWidgetService(deps: {
  db: Database;
  analytics: { scriptUrl: string; domain: string | null } | null;
  /** Where widget images may come from besides our own origin (PUBLIC_URL, paths). */
  images: { ownOrigin: string | null; hosts: readonly string[] };
}) {
  const isAllowedImage = (url: string | null) => url === null || isAllowedWidgetImage(url, deps.images);
  const { db, analytics } = deps;
  let cached: { at: number; settings: WidgetSettings } | undefined;

  async function settings(): Promise<WidgetSettingsRow | undefined> {
    const [row] = await db.select().from(widgetSettings).where(eq(widgetSettings.id, 1));
    return row;
  }

  /** Every setting, from memory for a few seconds (the chat reads them on every message). */
  async function current(): Promise<WidgetSettings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.settings;
    const value = toWidgetSettings(await settings());
    cached = { at: Date.now(), settings: value };
    return value;
  }

  return {
    settings,
    current,

    /** The admin's change: only the fields given; the row is created with the defaults if missing. */
    async update(update: WidgetSettingsUpdate): Promise<WidgetSettings> {
      for (const key of ['avatar_url', 'logo_url'] as const) {
        const url = update[key];
        if (url !== undefined && !isAllowedImage(url))
          throw new BadInputError(WIDGET_SETTINGS_MESSAGES.imageHost);
      }
      const values: Partial<Row> = { updatedAt: new Date() };
      for (const [key, value] of Object.entries(update)) {
        const column = COLUMN[key as keyof WidgetSettingsUpdate];
        if (column && value !== undefined) (values as Record<string, unknown>)[column] = value;
      }
      const [row] = await db
        .insert(widgetSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: widgetSettings.id, set: values })
        .returning();
      cached = undefined;
      return toWidgetSettings(row);
    },

    /** The welcome message with {{school_name}} and {{chatbot_name}} filled. */
    async welcomeMessage(): Promise<string> {
      const s = await current();
      return fillWidgetPlaceholders(s.welcome_message, s);
    },

    /** The public branding for the enrolment form and the widget (never anything private). */
    async publicConfig(): Promise<WidgetPublicConfig> {
      const s = await current();
      return {
        school_name: s.school_name,
        primary_color: s.primary_color,
        secondary_color: s.secondary_color,
        accent_color: s.accent_color,
        // One saved before the host rule (or before the allow-list changed) is not shown.
        logo_url: isAllowedImage(s.logo_url) ? s.logo_url : null,
        analytics: analytics ? { script_url: analytics.scriptUrl, domain: analytics.domain } : null,
        chatbot_name: s.chatbot_name,
        welcome_message: fillWidgetPlaceholders(s.welcome_message, s),
        text_color: s.text_color,
        background_color: s.background_color,
        border_radius: s.border_radius,
        position: s.position,
        avatar_url: isAllowedImage(s.avatar_url) ? s.avatar_url : null,
        auto_open_enabled: s.auto_open_enabled,
        auto_open_delay: s.auto_open_delay,
        auto_open_only_new_visitors: s.auto_open_only_new_visitors,
        show_branding: s.show_branding,
        enable_typing_indicator: s.enable_typing_indicator,
        call_to_action_text: s.call_to_action_text,
      };
    },

    /** After the settings change: the next read goes to the database. */
    forgetCachedConfig() {
      cached = undefined;
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
