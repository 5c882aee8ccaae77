import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { GenerationMetadata } from '@lantern/contracts';
import type { Database } from '../../db/client';
import {
  campaigns,
  campaignVersions,
  type CampaignInsert,
  type CampaignRow,
  type CampaignVersionRow,
} from './campaigns.tables';

// The campaigns module's tables: campaigns and their versions. Voice settings are in
// voice-settings.repository.ts.

export type NewVersion = {
  subject: string;
  contentHtml: string;
  contentText: string;
  instruction: string | null;
  changeSummary: string | null;
  personalizationLevel: string;
  source: 'created' | 'manual' | 'ai';
  createdBy: string | null;
};

/** A campaign row without its content (the table's list). */
export type CampaignSummaryRow = Omit<CampaignRow, 'contentHtml' | 'contentText'>;
const { contentHtml: _html, contentText: _text, ...summaryColumns } = getTableColumns(campaigns);
const {
  contentHtml: _vHtml,
  contentText: _vText,
  ...versionSummaryColumns
} = getTableColumns(campaignVersions);
export type CampaignVersionSummaryRow = Omit<CampaignVersionRow, 'contentHtml' | 'contentText'>;

/** Of generation_metadata, what the table shows: the rest stays in the database for the list. */
const listedMetadata = sql<Partial<GenerationMetadata>>`jsonb_build_object(
  'personalization_level', ${campaigns.generationMetadata}->'personalization_level',
  'generated_by', ${campaigns.generationMetadata}->'generated_by',
  'data_validation', case when jsonb_typeof(${campaigns.generationMetadata}->'data_validation') = 'object' then
    jsonb_build_object(
      'quality_score', ${campaigns.generationMetadata}#>'{data_validation,quality_score}',
      'quality_color', ${campaigns.generationMetadata}#>'{data_validation,quality_color}',
      'segment_leads', ${campaigns.generationMetadata}#>'{data_validation,segment_leads}',
      'sendable_leads', ${campaigns.generationMetadata}#>'{data_validation,sendable_leads}',
      'excluded_leads', ${campaigns.generationMetadata}#>'{data_validation,excluded_leads}')
  end)`.mapWith(
  (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Partial<GenerationMetadata>,
);

export function createCampaignsRepository(db: Database) {
  return {
    db,

    /** Newest first, filtered by publish and approval status. */
    async findCampaigns(filter: {
      publishStatus?: string;
      approvalStatus?: string;
    }): Promise<CampaignSummaryRow[]> {
      const conditions = [
        filter.publishStatus ? eq(campaigns.publishStatus, filter.publishStatus) : undefined,
        filter.approvalStatus ? eq(campaigns.approvalStatus, filter.approvalStatus) : undefined,
      ].filter((c) => c !== undefined);
      return db
        .select({ ...summaryColumns, generationMetadata: listedMetadata })
        .from(campaigns)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
    },

    async findCampaign(id: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      return row;
    },

    /** The campaign and its version 1, together. */
    async insertCampaign(values: CampaignInsert, version: NewVersion): Promise<CampaignRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(campaigns)
          .values({ ...values, currentVersionNumber: 1 })
          .returning();
        await tx.insert(campaignVersions).values({ ...version, campaignId: row!.id, versionNumber: 1 });
        return row!;
      });
    },

    /**
     * Changes the campaign, and with `version` records its content as the next version, in one
     * transaction. `expectApproval` guards against a concurrent change of state (optimistic).
     */
    async updateCampaign(
      id: string,
      patch: Partial<CampaignInsert>,
      version: NewVersion | null,
      expectApproval: string,
    ): Promise<CampaignRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(campaigns)
          .set({
            ...patch,
            updatedAt: new Date(),
            ...(version ? { currentVersionNumber: sql`${campaigns.currentVersionNumber} + 1` } : {}),
          })
          .where(and(eq(campaigns.id, id), eq(campaigns.approvalStatus, expectApproval)))
          .returning();
        if (!row) return undefined;
        if (version)
          await tx
            .insert(campaignVersions)
            .values({ ...version, campaignId: id, versionNumber: row.currentVersionNumber });
        return row;
      });
    },

    async deleteCampaign(id: string): Promise<boolean> {
      const rows = await db.delete(campaigns).where(eq(campaigns.id, id)).returning({ id: campaigns.id });
      return rows.length > 0;
    },

    /** Newest first, without their content. */
    async findVersions(campaignId: string): Promise<CampaignVersionSummaryRow[]> {
      return db
        .select(versionSummaryColumns)
        .from(campaignVersions)
        .where(eq(campaignVersions.campaignId, campaignId))
        .orderBy(desc(campaignVersions.versionNumber));
    },

    async findVersion(campaignId: string, versionNumber: number): Promise<CampaignVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignVersions)
        .where(
          and(eq(campaignVersions.campaignId, campaignId), eq(campaignVersions.versionNumber, versionNumber)),
        );
      return row;
    },

    async setFinalVersion(id: string, versionNumber: number | null): Promise<void> {
      await db
        .update(campaigns)
        .set({ finalVersionNumber: versionNumber, updatedAt: new Date() })
        .where(eq(campaigns.id, id));
    },

    /** The computed audience fields of a campaign (on reading it). */
    async saveAudience(
      id: string,
      values: Pick<
        CampaignInsert,
        'segmentName' | 'segmentLeads' | 'estimatedRecipients' | 'generationMetadata'
      >,
    ) {
      await db.update(campaigns).set(values).where(eq(campaigns.id, id));
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
