import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadColumns as lead, leadsTable } from '../leads';
import { leadSegments, segments } from './segments.tables';

// Who may be emailed: the one rule of every email audience (segment syncs, campaign recipients).
// createSegmentsRepository includes these queries.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A lead as a mailing list needs it. */
export type SendableLeadRow = {
  id: string;
  email: string;
  parent_name: string;
  phone: string | null;
  timeline: string | null;
  lead_score: number;
  child_name: string | null;
  special_needs: string[];
};

/**
 * "This lead may receive email": subscribed, and in no never-contact segment. Every email
 * audience (segment syncs, campaign recipients) goes through this one condition.
 */
export function sendableLeadSql(leadId: SQL, emailStatus: SQL): SQL {
  return sql`${emailStatus} = 'subscribed' and not exists (
    select 1 from ${leadSegments} nc join ${segments} ns on ns.id = nc.segment_id
    where nc.lead_id = ${leadId} and ns.never_contact)`;
}

export function createEmailAudienceRepository(db: Database) {
  return {
    /**
     * The segment's members who may be emailed: subscribed (not unsubscribed, bounced or
     * complained) and in no never-contact segment, whatever else they are in.
     */
    async sendableMembers(segmentId: string): Promise<SendableLeadRow[]> {
      return rowsOf<SendableLeadRow>(
        await db.execute(sql`
          select ${lead.id} as id, ${lead.email} as email, ${lead.parentName} as parent_name,
            ${lead.phone} as phone, ${lead.timeline} as timeline, ${lead.leadScore} as lead_score,
            ${lead.firstChildName} as child_name,
            array(select distinct unnest(${lead.allSpecialNeeds}) order by 1) as special_needs
          from ${leadSegments} ls
          join ${leadsTable} on ${lead.id} = ls.lead_id
          where ls.segment_id = ${segmentId}::uuid
            and ${sendableLeadSql(lead.id, lead.emailStatus)}
          order by ${lead.id}`),
      );
    },

    /** Whether the lead may be emailed (see sendableLeadSql). */
    async isSendable(leadId: string): Promise<boolean> {
      const [row] = rowsOf<{ ok: boolean }>(
        await db.execute(sql`
          select ${sendableLeadSql(lead.id, lead.emailStatus)} as ok
          from ${leadsTable} where ${lead.id} = ${leadId}::uuid`),
      );
      return Boolean(row?.ok);
    },
  };
}
