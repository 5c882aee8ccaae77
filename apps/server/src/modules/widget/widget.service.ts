import { ENROLL_DEFAULT_BRANDING, type WidgetConfig } from '@lantern/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { widgetSettings, type WidgetSettingsRow } from './widget.tables';

/** How long the public config is served from memory: it is read on every page view. */
const CACHE_MS = 5_000;

export function createWidgetService(deps: {
  db: Database;
  analytics: { scriptUrl: string; domain: string | null } | null;
}) {
  const { db, analytics } = deps;
  let cached: { at: number; config: WidgetConfig } | undefined;

  async function settings(): Promise<WidgetSettingsRow | undefined> {
    const [row] = await db.select().from(widgetSettings).where(eq(widgetSettings.id, 1));
    return row;
  }

  return {
    settings,

    /** The public branding (never anything private), from memory for a few seconds. */
    async publicConfig(): Promise<WidgetConfig> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
      const row = await settings();
      const config: WidgetConfig = {
        school_name: row?.schoolName ?? ENROLL_DEFAULT_BRANDING.school_name,
        primary_color: row?.primaryColor ?? ENROLL_DEFAULT_BRANDING.primary_color,
        secondary_color: row?.secondaryColor ?? ENROLL_DEFAULT_BRANDING.secondary_color,
        accent_color: row?.accentColor ?? ENROLL_DEFAULT_BRANDING.accent_color,
        logo_url: row?.logoUrl ?? null,
        analytics: analytics ? { script_url: analytics.scriptUrl, domain: analytics.domain } : null,
      };
      cached = { at: Date.now(), config };
      return config;
    },

    /** After the settings change: the next read goes to the database. */
    forgetCachedConfig() {
      cached = undefined;
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
