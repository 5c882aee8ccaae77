import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { leadColumns as lead, leadsTable } from '../leads';
import { leadSegments, segments } from './segments.tables';
import { rowsOf } from '../../db/rows';

// Who may be emailed: the one rule of every email audience (segment syncs, campaign recipients).
// createSegmentsRepository includes these queries.

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

/**
 * The members of these segments, once each, as a relation: `columns` (over leadColumns) and
 * `sendable`, the rule of sendableLeadSql written as joins, so a whole audience costs one pass
 * (campaign recipients and data quality over 100,000 members) instead of a lookup per member.
 */
export function segmentAudienceSql(segmentIds: readonly string[], columns: SQL): SQL {
  const ids = sql.join(
    segmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // One segment lists each lead once (its primary key); several need the duplicates removed.
  const memberIds =
    segmentIds.length === 1
      ? sql`select lead_id from ${leadSegments} where segment_id = ${segmentIds[0]}::uuid`
      : sql`select distinct lead_id from ${leadSegments} where segment_id in (${ids})`;
  return sql`select ${columns}, (${lead.emailStatus} = 'subscribed' and nc.lead_id is null) as sendable
    from (${memberIds}) m
    join ${leadsTable} on ${lead.id} = m.lead_id
    left join (
      select distinct x.lead_id from ${leadSegments} x join ${segments} s on s.id = x.segment_id
      where s.never_contact
    ) nc on nc.lead_id = m.lead_id`;
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
