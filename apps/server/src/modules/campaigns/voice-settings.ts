import {
  builtinDefaultVoice,
  VOICE_MESSAGES,
  type VoiceSetting,
  type VoiceSettingCreate,
  type VoiceSettingUpdate,
} from '@lantern/contracts';
import { asc, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../http/errors';
import { voiceSettings, type VoiceSettingRow } from './campaigns.tables';

// Voice settings (spec 3.9, 4.6, 7.5): only one default (a partial unique index keeps it so), the
// default cannot be deleted, set-default moves the flag in one transaction. The migration adds the
// default voice and the three presets of section 9; with no default stored, the built-in one is
// served (8.7: a failed default load falls back to it).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toVoiceSetting(row: VoiceSettingRow): VoiceSetting {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tone: row.tone,
    perspective: row.perspective,
    style: row.style,
    avoid_terms: row.avoidTerms,
    include_elements: row.includeElements,
    preferred_length: row.preferredLength,
    cta_style: row.ctaStyle,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? '';
  return code === '23505' && (name === constraint || String((error as Error).message).includes(constraint));
};

export function createVoiceSettings(db: Database) {
  async function row(id: string): Promise<VoiceSettingRow> {
    if (!UUID.test(id)) throw new NotFoundError(VOICE_MESSAGES.notFound);
    const [found] = await db.select().from(voiceSettings).where(eq(voiceSettings.id, id));
    if (!found) throw new NotFoundError(VOICE_MESSAGES.notFound);
    return found;
  }

  /** A name clash is a 409 with the words an admin understands. */
  async function orNameTaken<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error, 'voice_settings_name_unique'))
        throw new ConflictError(VOICE_MESSAGES.nameTaken);
      throw error;
    }
  }

  return {
    /** GET /api/voice-settings: the default first, then by name. */
    async list(): Promise<VoiceSetting[]> {
      const rows = await db
        .select()
        .from(voiceSettings)
        .orderBy(desc(voiceSettings.isDefault), asc(voiceSettings.name));
      return rows.map(toVoiceSetting);
    },

    get: async (id: string) => toVoiceSetting(await row(id)),

    /** GET /api/voice-settings/default: the stored default, else the built-in one. */
    async getDefault(): Promise<VoiceSetting> {
      const [found] = await db.select().from(voiceSettings).where(eq(voiceSettings.isDefault, true));
      return found ? toVoiceSetting(found) : builtinDefaultVoice();
    },

    async create(input: VoiceSettingCreate): Promise<VoiceSetting> {
      const { is_default, ...fields } = input;
      return orNameTaken(() =>
        db.transaction(async (tx) => {
          if (is_default)
            await tx.update(voiceSettings).set({ isDefault: false }).where(eq(voiceSettings.isDefault, true));
          const [created] = await tx
            .insert(voiceSettings)
            .values({ ...columnsOf(fields), isDefault: is_default })
            .returning();
          return toVoiceSetting(created!);
        }),
      );
    },

    async update(id: string, change: VoiceSettingUpdate): Promise<VoiceSetting> {
      await row(id);
      const { is_default, ...fields } = change;
      return orNameTaken(() =>
        db.transaction(async (tx) => {
          if (is_default)
            await tx.update(voiceSettings).set({ isDefault: false }).where(ne(voiceSettings.id, id));
          const [updated] = await tx
            .update(voiceSettings)
            .set({ ...columnsOf(fields), ...(is_default ? { isDefault: true } : {}), updatedAt: new Date() })
            .where(eq(voiceSettings.id, id))
            .returning();
          return toVoiceSetting(updated!);
        }),
      );
    },

    /** 4.6: the default cannot be deleted. */
    async delete(id: string): Promise<void> {
      const found = await row(id);
      if (found.isDefault) throw new ConflictError(VOICE_MESSAGES.cannotDeleteDefault);
      await db.delete(voiceSettings).where(eq(voiceSettings.id, id));
    },

    /** POST /api/voice-settings/{id}/set-default: this one, and no other. */
    async setDefault(id: string): Promise<VoiceSetting> {
      await row(id);
      return db.transaction(async (tx) => {
        await tx.update(voiceSettings).set({ isDefault: false }).where(ne(voiceSettings.id, id));
        const [updated] = await tx
          .update(voiceSettings)
          .set({ isDefault: true, updatedAt: new Date() })
          .where(eq(voiceSettings.id, id))
          .returning();
        return toVoiceSetting(updated!);
      });
    },
  };
}

function columnsOf(fields: Partial<Omit<VoiceSettingCreate, 'is_default'>>) {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.description !== undefined ? { description: fields.description || null } : {}),
    ...(fields.tone !== undefined ? { tone: fields.tone } : {}),
    ...(fields.perspective !== undefined ? { perspective: fields.perspective } : {}),
    ...(fields.style !== undefined ? { style: fields.style } : {}),
    ...(fields.avoid_terms !== undefined ? { avoidTerms: fields.avoid_terms } : {}),
    ...(fields.include_elements !== undefined ? { includeElements: fields.include_elements } : {}),
    ...(fields.preferred_length !== undefined ? { preferredLength: fields.preferred_length } : {}),
    ...(fields.cta_style !== undefined ? { ctaStyle: fields.cta_style } : {}),
  } as {
    name: string;
    tone: string;
    perspective: string;
    style: string;
    ctaStyle: string;
  } & Partial<typeof voiceSettings.$inferInsert>;
}

export type VoiceSettings = ReturnType<typeof createVoiceSettings>;
