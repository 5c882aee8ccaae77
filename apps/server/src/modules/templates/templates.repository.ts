import type { TemplateCategory } from '@lantern/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailTemplates, type EmailTemplateInsert, type EmailTemplateRow } from './templates.tables';

export type TemplateFilter = {
  search?: string;
  category?: TemplateCategory;
  isActive?: boolean;
  limit: number;
  offset: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: Omit<TemplateFilter, 'limit' | 'offset'>): SQL | undefined {
  const search = filter.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return and(
    pattern
      ? or(
          ilike(emailTemplates.name, pattern),
          ilike(emailTemplates.description, pattern),
          ilike(emailTemplates.subjectTemplate, pattern),
        )
      : undefined,
    filter.category ? eq(emailTemplates.category, filter.category) : undefined,
    filter.isActive === undefined ? undefined : eq(emailTemplates.isActive, filter.isActive),
  );
}

export function createTemplatesRepository(db: Database) {
  return {
    db,

    async findPage(filter: TemplateFilter): Promise<{ rows: EmailTemplateRow[]; total: number }> {
      const where = whereOf(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(emailTemplates)
          .where(where)
          .orderBy(desc(emailTemplates.createdAt), desc(emailTemplates.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(emailTemplates).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findById(id: string): Promise<EmailTemplateRow | undefined> {
      const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
      return row;
    },

    async insert(values: EmailTemplateInsert): Promise<EmailTemplateRow> {
      const [row] = await db.insert(emailTemplates).values(values).returning();
      return row!;
    },

    /** Inserts the starter templates not present yet (by default_key); returns the new rows. */
    async insertMissingDefaults(values: EmailTemplateInsert[]): Promise<EmailTemplateRow[]> {
      if (values.length === 0) return [];
      return db
        .insert(emailTemplates)
        .values(values)
        .onConflictDoNothing({ target: emailTemplates.defaultKey })
        .returning();
    },

    async findByDefaultKeys(keys: string[]): Promise<EmailTemplateRow[]> {
      if (keys.length === 0) return [];
      return db.select().from(emailTemplates).where(inArray(emailTemplates.defaultKey, keys));
    },

    async update(id: string, values: Partial<EmailTemplateInsert>): Promise<EmailTemplateRow | undefined> {
      const [row] = await db
        .update(emailTemplates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(emailTemplates.id, id))
        .returning();
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const deleted = await db
        .delete(emailTemplates)
        .where(eq(emailTemplates.id, id))
        .returning({ id: emailTemplates.id });
      return deleted.length > 0;
    },

    async categoryCounts(): Promise<{ category: string; count: number }[]> {
      return db
        .select({ category: emailTemplates.category, count: count() })
        .from(emailTemplates)
        .groupBy(emailTemplates.category);
    },

    async totals() {
      const [row] = await db
        .select({
          total: count(),
          active: count(sql`case when ${emailTemplates.isActive} then 1 end`),
          usage: sum(emailTemplates.usageCount).mapWith(Number),
          neverUsed: count(sql`case when ${emailTemplates.usageCount} = 0 then 1 end`),
        })
        .from(emailTemplates);
      return {
        total: row?.total ?? 0,
        active: row?.active ?? 0,
        usage: row?.usage ?? 0,
        neverUsed: row?.neverUsed ?? 0,
      };
    },

    async mostUsed(limit: number): Promise<EmailTemplateRow[]> {
      return db
        .select()
        .from(emailTemplates)
        .where(and(isNotNull(emailTemplates.lastUsedAt), sql`${emailTemplates.usageCount} > 0`))
        .orderBy(desc(emailTemplates.usageCount), desc(emailTemplates.lastUsedAt))
        .limit(limit);
    },

    /** One more use by a campaign, at `at`; false when the template is gone. */
    async recordUse(id: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(emailTemplates)
        .set({ usageCount: sql`${emailTemplates.usageCount} + 1`, lastUsedAt: at })
        .where(eq(emailTemplates.id, id))
        .returning({ id: emailTemplates.id });
      return updated.length > 0;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
