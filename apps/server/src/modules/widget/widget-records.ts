import {
  type ClearAnalyticsSummary,
  WIDGET_HISTORY_ACTIONS,
  WIDGET_SETTINGS_DEFAULTS,
  type WidgetHistoryAction,
  type WidgetSettings,
  type WidgetSettingsChange,
  type WidgetSettingsField,
  type WidgetSettingsHistoryEntry,
} from '@lantern/contracts';
import type { Database } from '../../db/client';
import { listAuditEvents, recordAuditEvent, type StoredAuditEvent } from '../audit/audit.service';
import type { widgetSettings, WidgetSettingsRow } from './widget.tables';

// What the widget's use cases share: the row <-> API mapping, the change diff and its audit events.

export type Row = typeof widgetSettings.$inferInsert;
/** Who changed the settings: the signed-in admin and their address (the email is kept for the history). */
export type WidgetActor = { userId: string | null; ip: string | null; email: string | null };
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The stored row (or the defaults when none was saved yet), in the API's snake_case. */
export function toWidgetSettings(
  row: WidgetSettingsRow | undefined,
  defaultTimeZone: string,
): WidgetSettings {
  const d = WIDGET_SETTINGS_DEFAULTS;
  if (!row) return { ...d, school_time_zone: defaultTimeZone, updated_at: null };
  return {
    school_name: row.schoolName,
    school_time_zone: row.schoolTimeZone ?? defaultTimeZone,
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

/** The API's field names -> the table's columns. */
export const COLUMN: Record<WidgetSettingsField, keyof Row> = {
  school_name: 'schoolName',
  school_time_zone: 'schoolTimeZone',
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

export const SETTINGS_FIELDS = Object.keys(COLUMN) as WidgetSettingsField[];

/** The row's columns for the given API fields (undefined values left out). */
export function toColumns(fields: Partial<Record<WidgetSettingsField, unknown>>): Partial<Row> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const column = COLUMN[key as WidgetSettingsField];
    if (column && value !== undefined) values[column] = value;
  }
  return values as Partial<Row>;
}

type Scalar = string | number | boolean | null;

/** The fields whose value differs between two settings, with before and after. */
export function diffSettings(before: WidgetSettings, after: WidgetSettings): WidgetSettingsChange[] {
  const changes: WidgetSettingsChange[] = [];
  for (const field of SETTINGS_FIELDS) {
    const a = before[field] as Scalar;
    const b = after[field] as Scalar;
    if (a !== b) changes.push({ field, before: a, after: b });
  }
  return changes;
}

/** Long texts (the personality, the welcome) are kept in the audit cut to this many characters. */
const AUDIT_TEXT_MAX = 500;
const cut = (v: Scalar): Scalar =>
  typeof v === 'string' && v.length > AUDIT_TEXT_MAX ? `${v.slice(0, AUDIT_TEXT_MAX)}…` : v;

/** Records one settings change (who, when, which fields, before and after) in the audit log. */
export async function recordSettingsEvent(
  db: Queryable,
  actor: WidgetActor,
  action: WidgetHistoryAction,
  changes: WidgetSettingsChange[],
  detail: string | null = null,
): Promise<void> {
  await recordAuditEvent(db as Database, {
    actorId: actor.userId,
    action,
    ip: actor.ip,
    details: {
      actorEmail: actor.email,
      detail,
      fields: changes.map((c) => c.field),
      changes: changes.map((c) => ({ field: c.field, before: cut(c.before), after: cut(c.after) })),
    },
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '12 records: 3 visitors, 3 conversations, 0 leads, 2 download records, 4 download tokens'. */
export function describeClearing(c: ClearAnalyticsSummary): string {
  return `${plural(c.totalCleared, 'record')}: ${[
    plural(c.visitors, 'visitor'),
    plural(c.conversations, 'conversation'),
    plural(c.leads, 'lead'),
    plural(c.resourceDownloads, 'download record'),
    plural(c.downloadTokens, 'download token'),
  ].join(', ')}`;
}

function toHistoryEntry(event: StoredAuditEvent): WidgetSettingsHistoryEntry {
  const d = event.details as {
    actorEmail?: string | null;
    detail?: string | null;
    fields?: string[];
    changes?: WidgetSettingsChange[];
  } & Partial<ClearAnalyticsSummary>;
  const base = {
    id: event.id,
    action: event.action as WidgetHistoryAction,
    at: event.createdAt.toISOString(),
    actor: { id: event.actorId, email: d.actorEmail ?? null },
  };
  if (event.action === 'analytics.cleared') {
    const counts: ClearAnalyticsSummary = {
      visitors: d.visitors ?? 0,
      conversations: d.conversations ?? 0,
      leads: d.leads ?? 0,
      resourceDownloads: d.resourceDownloads ?? 0,
      downloadTokens: d.downloadTokens ?? 0,
      totalCleared: d.totalCleared ?? 0,
    };
    return { ...base, detail: describeClearing(counts), fields: [], changes: [], counts };
  }
  return {
    ...base,
    detail: d.detail ?? null,
    fields: d.fields ?? [],
    changes: d.changes ?? [],
    counts: null,
  };
}

/** The newest settings changes, for the page's short history. */
export async function settingsHistory(db: Database, limit: number): Promise<WidgetSettingsHistoryEntry[]> {
  const events = await listAuditEvents(db, { actions: WIDGET_HISTORY_ACTIONS, limit });
  return events.map(toHistoryEntry);
}
