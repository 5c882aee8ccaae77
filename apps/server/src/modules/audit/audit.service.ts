import { desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents } from './audit.tables';

export type AuditAction =
  | 'auth.login'
  | 'auth.logout'
  | 'auth.password_changed'
  | 'auth.two_factor_enabled'
  | 'auth.two_factor_disabled'
  | 'auth.backup_codes_regenerated'
  | 'auth.backup_code_used'
  | 'lead.created'
  | 'lead.updated'
  | 'lead.deleted'
  | 'lead.resubscribed'
  | 'leads.imported'
  | 'leads.exported'
  | 'segment.created'
  | 'segment.updated'
  | 'segment.deleted'
  | 'segment.cloned'
  | 'segment.exported'
  | 'segment.synced'
  | 'segment.leads_assigned'
  | 'segment.leads_removed'
  | 'resource.created'
  | 'resource.deleted'
  | 'knowledge.document_deleted'
  | 'knowledge.chunk_deleted'
  | 'widget.settings_updated'
  | 'widget.theme_applied'
  | 'widget.settings_reset'
  | 'widget.image_uploaded'
  | 'widget.image_deleted'
  | 'analytics.cleared'
  | 'campaign.approval_link_created'
  | 'campaign.approved'
  | 'campaign.rejected'
  | 'campaign.published'
  | 'campaign.send_started'
  | 'campaign.scheduled'
  | 'campaign.schedule_cancelled'
  | 'campaign.send_paused'
  | 'campaign.send_resumed'
  | 'campaign.tracking_settings_changed';

/** Who asked for a change: the signed-in admin (null for the system) and their address. */
export type Actor = { userId: string | null; ip: string | null };

export type AuditEvent = {
  actorId: string | null;
  action: AuditAction;
  details?: Record<string, unknown>;
  ip?: string | null;
};

/** Records an audit event. Details must never hold secrets (tokens, codes, passwords). */
export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: event.actorId,
    action: event.action,
    details: event.details ?? {},
    ip: event.ip ?? null,
  });
}

export type StoredAuditEvent = {
  id: string;
  actorId: string | null;
  action: AuditAction;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: Date;
};

/** The newest events of the given actions (a module's own history, e.g. the widget settings'). */
export async function listAuditEvents(
  db: Database,
  query: { actions: readonly AuditAction[]; limit: number },
): Promise<StoredAuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(inArray(auditEvents.action, [...query.actions]))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(query.limit);
  return rows.map((r) => ({ ...r, action: r.action as AuditAction }));
}
