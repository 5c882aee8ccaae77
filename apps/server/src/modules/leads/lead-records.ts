import type { Conversation, Lead } from '@lantern/contracts';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { recordAuditEvent, type Actor, type AuditAction } from '../audit/audit.service';
import type { LeadsChangedListener, LeadsCreatedListener } from './lead-changes';
import { childFactsOf, scoreOf, searchTextOf, toLead, type Membership } from './lead-mapping';
import type { DbOrTx, LeadsRepository, SegmentTagsSql } from './leads.repository';
import type { LeadRow } from './leads.tables';

// What the lead use cases share: the module's dependencies, a lead's row or a 404, a lead as the
// API shows it (with its segments), its derived columns, and its audit events. The use cases are
// the files beside this one; leads.service.ts wires them behind one service.

/**
 * What leads reads of its leads' segments: the segments service gives it (app.ts wires it). The
 * leads module imports nothing of segments, which is built on leads (its rules read lead-columns.ts).
 */
export type LeadSegmentsReader = {
  /** Each lead's segments, highest priority first. */
  membershipsByLead(leadIds: string[]): Promise<Map<string, Membership[]>>;
  /** SQL conditions on the leads table, for the leads list's segment filters. */
  leadIsInSegment(segmentId: string): SQL;
  leadIsNotInSegment(segmentId: string): SQL;
  /** Subscribed and in no never-contact segment. */
  isSendable(leadId: string): Promise<boolean>;
  /** The segment tags cell of the CSV export. */
  segmentTagsSql: SegmentTagsSql;
};

/** A lead's conversation history, for its detail page: the chat service gives it. */
export type LeadConversationsReader = {
  conversationsForLead(leadId: string): Promise<Conversation[]>;
};

export type LeadsDeps = {
  db: Database;
  repo: LeadsRepository;
  segments: LeadSegmentsReader;
  chat: LeadConversationsReader;
  /** Told in the transaction that created or changed leads (see lead-changes.ts): segments re-tags them. */
  onLeadsChanged: LeadsChangedListener;
  /** Told in the transaction that inserted brand-new leads: segments tags them. */
  onLeadsCreated: LeadsCreatedListener;
};

export const DUPLICATE_EMAIL = 'A lead with this email already exists';

export async function getLeadRow(repo: LeadsRepository, id: string): Promise<LeadRow> {
  const lead = await repo.findLeadById(id);
  if (!lead) throw new NotFoundError('Lead not found');
  return lead;
}

/** The leads as the API shows them, each with its segments. */
export async function withMemberships(segments: LeadSegmentsReader, rows: LeadRow[]): Promise<Lead[]> {
  const memberships = await segments.membershipsByLead(rows.map((r) => r.id));
  return rows.map((r) => toLead(r, memberships.get(r.id)));
}

/** Writes the lead's derived columns (score, breakdown, search text) from its current state. */
export async function refreshDerived(repo: LeadsRepository, q: DbOrTx, leadId: string): Promise<void> {
  const lead = await repo.findLeadById(leadId, q);
  if (!lead) return;
  const children = lead.children.map((c) => ({ ...c }));
  const { score, breakdown } = scoreOf(lead, children);
  await repo.updateLead(q, leadId, {
    leadScore: score,
    scoreBreakdown: breakdown,
    searchText: searchTextOf(lead, children),
    ...childFactsOf(children),
  });
}

/** Records who created, changed, deleted or imported leads. */
export function recordLeadEvent(
  db: Database,
  actor: Actor,
  action: Extract<AuditAction, `lead.${string}` | `leads.${string}`>,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent(db, { actorId: actor.userId, action, details, ip: actor.ip });
}
