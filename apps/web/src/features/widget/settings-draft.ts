import {
  widgetSettingsFieldsSchema,
  type WidgetSettings,
  type WidgetSettingsField,
  type WidgetSettingsUpdate,
} from '@lantern/contracts';

/**
 * The page's draft: the settings as the admin is editing them (what the preview shows). Saved
 * settings come from the server; the unsaved-changes flag is "the draft differs from them" (4.2).
 */
export type WidgetDraft = Omit<WidgetSettings, 'updated_at'>;

export const DRAFT_FIELDS = Object.keys(widgetSettingsFieldsSchema.shape) as WidgetSettingsField[];

/** Fields the settings page edits through their own calls (upload, delete), never through Save. */
const IMAGE_FIELDS: readonly WidgetSettingsField[] = [
  'avatar_url',
  'avatar_filename',
  'logo_url',
  'logo_filename',
];

export function toDraft(settings: WidgetSettings): WidgetDraft {
  const { updated_at: _updatedAt, ...draft } = settings;
  return draft;
}

/** An empty optional text is stored as null: '' and null are the same value. */
const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');

/** The fields whose draft value differs from the saved one, with the draft's value (the PUT body). */
export function changedFields(saved: WidgetDraft, draft: WidgetDraft): WidgetSettingsUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    if (IMAGE_FIELDS.includes(field)) continue;
    if (!same(saved[field], draft[field])) changes[field] = draft[field];
  }
  return changes as WidgetSettingsUpdate;
}

export const hasChanges = (saved: WidgetDraft, draft: WidgetDraft) =>
  Object.keys(changedFields(saved, draft)).length > 0;

/**
 * The draft after a call that saved some fields on the server (a theme's colours, an image): the
 * server's settings, with the admin's other unsaved edits kept on top of them.
 */
export function rebaseDraft(
  draft: WidgetDraft,
  savedBefore: WidgetDraft,
  savedNow: WidgetSettings,
  savedFields: readonly WidgetSettingsField[],
): WidgetDraft {
  const next = toDraft(savedNow);
  const kept: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    if (savedFields.includes(field) || IMAGE_FIELDS.includes(field)) continue;
    if (!same(draft[field], savedBefore[field])) kept[field] = draft[field];
  }
  return { ...next, ...kept };
}

export type DraftErrors = Partial<Record<WidgetSettingsField, string>>;

/** The changed fields checked with the server's own rules; the first problem of each field. */
export function validateChanges(changes: WidgetSettingsUpdate): DraftErrors {
  const result = widgetSettingsFieldsSchema.partial().safeParse(changes);
  if (result.success) return {};
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as WidgetSettingsField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
