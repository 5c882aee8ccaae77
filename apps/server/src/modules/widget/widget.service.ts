import type { Readable } from 'node:stream';
import {
  fillWidgetPlaceholders,
  isAllowedWidgetImage,
  WIDGET_IMAGE_MESSAGES,
  WIDGET_IMAGE_TYPE_LABELS,
  WIDGET_SETTINGS_DEFAULTS,
  WIDGET_SETTINGS_MESSAGES,
  WIDGET_THEMES,
  WIDGET_TOASTS,
  type ClearAnalyticsRequest,
  type WidgetHistoryAction,
  type WidgetImageType,
  type WidgetImageUploadResponse,
  type WidgetPublicConfig,
  type WidgetSettings,
  type WidgetSettingsField,
  type WidgetSettingsHistoryEntry,
  type WidgetSettingsUpdate,
  type WidgetTheme,
} from '@lantern/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import { cleanFilename } from '../../security/upload-filename';
import { clearAnalytics, previewClearAnalytics, type ClearAnalyticsDeps } from './clear-analytics';
import {
  findImage,
  imagePath,
  imagesNamed,
  insertImageRow,
  processImage,
  pruneImages,
  putImageFile,
  uploadedImageName,
} from './widget-images';
import {
  diffSettings,
  recordSettingsEvent,
  settingsHistory,
  toColumns,
  toWidgetSettings,
  type Queryable,
  type Row,
  type WidgetActor,
} from './widget-records';
import { widgetSettings, type WidgetSettingsRow } from './widget.tables';

export type { WidgetActor } from './widget-records';
export { toWidgetSettings } from './widget-records';

/** How long the settings are served from memory: the public config is read on every page view. */
const CACHE_MS = 5_000;

export type WidgetServiceDeps = {
  db: Database;
  storage: FileStorage;
  analytics: { scriptUrl: string; domain: string | null } | null;
  /** Where widget images may come from besides our own uploads (PUBLIC_URL, WIDGET_IMAGE_HOSTS). */
  images: { ownOrigin: string | null; hosts: readonly string[] };
  /** The school's time zone until one is saved (SCHOOL_TIME_ZONE, else UTC). */
  defaultTimeZone: string;
  /** Clearing analytics: the other modules' data and the account step-up (the app wires them). */
  clear: Omit<ClearAnalyticsDeps, 'db'>;
  log?: { warn: (o: object, m: string) => void };
};

/** The fields Reset to Defaults sets: every one of 3.6 (the school's time zone is not a look: kept). */
const RESET_FIELDS = { ...WIDGET_SETTINGS_DEFAULTS } satisfies Partial<Record<WidgetSettingsField, unknown>>;

export function createWidgetService(deps: WidgetServiceDeps) {
  const { db, analytics, storage } = deps;
  const ownOrigin = deps.images.ownOrigin;
  let cached: { at: number; settings: WidgetSettings } | undefined;

  const toSettings = (row: WidgetSettingsRow | undefined) => toWidgetSettings(row, deps.defaultTimeZone);

  /** An image the widget may show: one of our uploads, or https on an operator-allowed host. */
  function isShowableImage(url: string | null): boolean {
    if (url === null) return true;
    if (uploadedImageName(url, ownOrigin)) return true;
    return !url.startsWith('/') && isAllowedWidgetImage(url, { ownOrigin: null, hosts: deps.images.hosts });
  }

  async function settingsRow(q: Queryable = db, lock = false): Promise<WidgetSettingsRow | undefined> {
    const query = q.select().from(widgetSettings).where(eq(widgetSettings.id, 1));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** Every setting, from memory for a few seconds (the chat reads them on every message). */
  async function current(): Promise<WidgetSettings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.settings;
    const value = toSettings(await settingsRow());
    cached = { at: Date.now(), settings: value };
    return value;
  }

  /**
   * Changes the given fields in one transaction (the row created with the defaults if missing) and
   * audits what changed (nothing is audited when nothing changed).
   */
  async function change(
    actor: WidgetActor,
    action: WidgetHistoryAction,
    values: Partial<Row>,
    detail: string | null = null,
    inside?: (tx: Queryable) => Promise<void>,
  ): Promise<WidgetSettings> {
    const saved = await db.transaction(async (tx) => {
      await inside?.(tx);
      const before = toSettings(await settingsRow(tx, true));
      const set = { ...values, updatedAt: new Date() };
      const [row] = await tx
        .insert(widgetSettings)
        .values({ id: 1, ...set })
        .onConflictDoUpdate({ target: widgetSettings.id, set })
        .returning();
      const after = toSettings(row);
      const changes = diffSettings(before, after);
      if (changes.length > 0 || action !== 'widget.settings_updated')
        await recordSettingsEvent(tx, actor, action, changes, detail);
      return after;
    });
    cached = undefined;
    return saved;
  }

  /** After a change: stored images no setting points at are removed. */
  async function pruneUnusedImages(settings: WidgetSettings) {
    const keep = [settings.avatar_url, settings.logo_url]
      .map((url) => (url ? uploadedImageName(url, ownOrigin) : null))
      .filter((name): name is string => name !== null);
    await pruneImages({ db, storage, log: deps.log }, keep).catch((error: unknown) =>
      deps.log?.warn({ err: error }, 'could not prune unused widget images'),
    );
  }

  /**
   * The image fields of an update, checked: our own uploads (stored as paths, with their file names
   * unless the update gives them) or https on an allowed host; a cleared image clears its name.
   */
  async function checkImages(update: WidgetSettingsUpdate): Promise<Partial<WidgetSettingsUpdate>> {
    const out: Partial<WidgetSettingsUpdate> = {};
    const ours = new Map<'avatar_url' | 'logo_url', string>();
    for (const key of ['avatar_url', 'logo_url'] as const) {
      const url = update[key];
      const nameKey = key === 'avatar_url' ? 'avatar_filename' : 'logo_filename';
      if (url === undefined) continue;
      if (url === null) {
        if (update[nameKey] === undefined) out[nameKey] = null;
        continue;
      }
      const name = uploadedImageName(url, ownOrigin);
      if (name) ours.set(key, name);
      else if (!isShowableImage(url)) throw new BadInputError(WIDGET_SETTINGS_MESSAGES.imageHost);
    }
    const rows = await imagesNamed(db, [...ours.values()]);
    for (const [key, name] of ours) {
      const row = rows.find((r) => r.name === name);
      if (!row) throw new BadInputError(WIDGET_SETTINGS_MESSAGES.imageHost);
      out[key] = imagePath(name);
      const nameKey = key === 'avatar_url' ? 'avatar_filename' : 'logo_filename';
      if (update[nameKey] === undefined) out[nameKey] = row.originalFilename;
    }
    return out;
  }

  return {
    settingsRow: () => settingsRow(),
    current,

    /** The school's IANA time zone (saved, else SCHOOL_TIME_ZONE, else UTC), cached like the settings. */
    async schoolTimeZone(): Promise<string> {
      return (await current()).school_time_zone;
    },

    /** The admin's change (PUT): only the fields given; images only ours or an allowed host. */
    async update(update: WidgetSettingsUpdate, actor: WidgetActor): Promise<WidgetSettings> {
      // An image left as it was is not checked again (one saved before the image rule must not
      // block saving the other fields; the public config does not show it anyway).
      const stored = toSettings(await settingsRow());
      const images = { ...update };
      if (images.avatar_url !== undefined && images.avatar_url === stored.avatar_url)
        delete images.avatar_url;
      if (images.logo_url !== undefined && images.logo_url === stored.logo_url) delete images.logo_url;
      const fields: Record<string, unknown> = { ...update, ...(await checkImages(images)) };
      delete fields.updated_at;
      const saved = await change(actor, 'widget.settings_updated', toColumns(fields));
      await pruneUnusedImages(saved);
      return saved;
    },

    /** Reset to Defaults: every field of 3.6 to its default (images removed); the time zone is kept. */
    async reset(actor: WidgetActor): Promise<WidgetSettings> {
      const saved = await change(actor, 'widget.settings_reset', toColumns(RESET_FIELDS));
      await pruneUnusedImages(saved);
      return saved;
    },

    themes(): WidgetTheme[] {
      return [...WIDGET_THEMES];
    },

    /** Applies a built-in theme: only its three colours change. */
    async applyTheme(id: string, actor: WidgetActor): Promise<WidgetSettings> {
      const theme = WIDGET_THEMES.find((t) => t.id === id);
      if (!theme) throw new NotFoundError(WIDGET_SETTINGS_MESSAGES.themeNotFound);
      const { primary, secondary, accent } = theme.color_scheme;
      return change(
        actor,
        'widget.theme_applied',
        toColumns({ primary_color: primary, secondary_color: secondary, accent_color: accent }),
        theme.name,
      );
    },

    /** Checks, re-encodes and stores an avatar or logo, and points the setting at it. */
    async uploadImage(
      upload: { content: Buffer; filename: string; type: WidgetImageType },
      actor: WidgetActor,
    ): Promise<WidgetImageUploadResponse> {
      const { type } = upload;
      const filename = cleanFilename(upload.filename || 'image');
      const image = await processImage(upload.content, filename, type);
      const file = await putImageFile(storage, image, type);
      let saved: WidgetSettings;
      try {
        const url = imagePath(file.name);
        const fields =
          type === 'avatar'
            ? { avatar_url: url, avatar_filename: filename }
            : { logo_url: url, logo_filename: filename };
        saved = await change(actor, 'widget.image_uploaded', toColumns(fields), type, async (tx) => {
          await insertImageRow(tx, file, image, type, filename);
        });
      } catch (error) {
        await storage.delete(file.storageKey).catch(() => undefined);
        throw error;
      }
      await pruneUnusedImages(saved);
      return {
        imageUrl: imagePath(file.name),
        filename,
        imageType: type,
        width: image.width,
        height: image.height,
        notes: image.notes,
        message: WIDGET_TOASTS.uploaded(WIDGET_IMAGE_TYPE_LABELS[type]),
        settings: saved,
      };
    },

    /** Removes the avatar or logo: the setting is cleared (the widget shows initials) and the file deleted. */
    async deleteImage(type: WidgetImageType, actor: WidgetActor) {
      const before = toSettings(await settingsRow());
      if ((type === 'avatar' ? before.avatar_url : before.logo_url) === null)
        throw new NotFoundError(WIDGET_IMAGE_MESSAGES.noImage);
      const fields =
        type === 'avatar'
          ? { avatar_url: null, avatar_filename: null }
          : { logo_url: null, logo_filename: null };
      const saved = await change(actor, 'widget.image_deleted', toColumns(fields), type);
      await pruneUnusedImages(saved);
      return { message: WIDGET_TOASTS.deleted(WIDGET_IMAGE_TYPE_LABELS[type]), settings: saved };
    },

    /** An uploaded image to serve: its type, size and bytes; null when there is none by that name. */
    async image(name: string): Promise<{ contentType: string; size: number; body: Readable } | null> {
      const row = await findImage(db, name);
      if (!row) return null;
      try {
        const { body } = await storage.get(row.storageKey);
        return { contentType: row.contentType, size: row.size, body };
      } catch {
        return null;
      }
    },

    /** The newest settings changes (who, when, which fields, before and after). */
    history(limit: number): Promise<WidgetSettingsHistoryEntry[]> {
      return settingsHistory(db, limit);
    },

    /** The dry run of clearing analytics. */
    previewClearAnalytics(userId: string) {
      return previewClearAnalytics({ db, ...deps.clear }, userId);
    },

    /** Clears analytics after the step-up, in one transaction, audited. */
    clearAnalytics(
      actor: { userId: string; ip: string; sessionId: string; email: string | null },
      input: ClearAnalyticsRequest,
    ) {
      return clearAnalytics({ db, ...deps.clear }, actor, input);
    },

    /** The welcome message with {{school_name}} and {{chatbot_name}} filled. */
    async welcomeMessage(): Promise<string> {
      const s = await current();
      return fillWidgetPlaceholders(s.welcome_message, s);
    },

    /** The public branding for the enrolment form and the widget (never anything private). */
    async publicConfig(): Promise<WidgetPublicConfig & { updated_at: string | null }> {
      const s = await current();
      return {
        school_name: s.school_name,
        primary_color: s.primary_color,
        secondary_color: s.secondary_color,
        accent_color: s.accent_color,
        // One saved before the image rule (or before the allow-list changed) is not shown.
        logo_url: isShowableImage(s.logo_url) ? s.logo_url : null,
        analytics: analytics ? { script_url: analytics.scriptUrl, domain: analytics.domain } : null,
        chatbot_name: s.chatbot_name,
        welcome_message: fillWidgetPlaceholders(s.welcome_message, s),
        text_color: s.text_color,
        background_color: s.background_color,
        border_radius: s.border_radius,
        position: s.position,
        avatar_url: isShowableImage(s.avatar_url) ? s.avatar_url : null,
        auto_open_enabled: s.auto_open_enabled,
        auto_open_delay: s.auto_open_delay,
        auto_open_only_new_visitors: s.auto_open_only_new_visitors,
        show_branding: s.show_branding,
        enable_typing_indicator: s.enable_typing_indicator,
        call_to_action_text: s.call_to_action_text,
        updated_at: s.updated_at,
      };
    },

    /** After the settings change: the next read goes to the database. */
    forgetCachedConfig() {
      cached = undefined;
    },
  };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
