import {
  EMAIL_STATUS_MESSAGES,
  emailHealthSchema,
  ratePercent,
  SOFT_BOUNCES_TO_BOUNCED,
  type EmailEventKind,
  type EmailHealth,
  type EmailStatus,
  type LeadEmailStatus,
  type ResubscribeInput,
} from '@lantern/contracts';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { Actor } from '../audit/audit.service';
import type { EmailStatusRepository } from './email-status.repository';
import { getLeadRow, recordLeadEvent, type LeadsDeps } from './lead-records';

// A lead's email status as providers report it (unsubscribes, bounces, complaints, through the
// webhooks module) and as an admin restores it (resubscribe), with its history; and the email
// health counts. Sending honours the status through segments' sendable rule (subscribed only).

export type EmailStatusDeps = LeadsDeps & { emailStatus: EmailStatusRepository };

/** An email event a provider reported about an address. */
export type ReportedEmailEvent = {
  email: string;
  kind: EmailEventKind;
  reason: string | null;
  source: string;
  occurredAt: Date;
};

/** What an event did: changed the status, was counted (a first soft bounce), or found no lead. */
export type EmailEventOutcome = 'changed' | 'counted' | 'unchanged' | 'unknown_lead';

/** The status an event leads to from the current one; a complaint is never overwritten by a bounce. */
function nextStatus(current: string, kind: EmailEventKind, softBounces: number): EmailStatus {
  if (current === 'complained' || kind === 'complaint') return 'complained';
  if (kind === 'unsubscribe') return current === 'bounced' ? 'bounced' : 'unsubscribed';
  if (kind === 'hard_bounce') return 'bounced';
  if (current !== 'subscribed') return current as EmailStatus;
  return softBounces >= SOFT_BOUNCES_TO_BOUNCED ? 'bounced' : 'subscribed';
}

export async function applyEmailEvent(
  deps: EmailStatusDeps,
  event: ReportedEmailEvent,
): Promise<EmailEventOutcome> {
  const { emailStatus: repo, onLeadsChanged } = deps;
  return deps.repo.transaction(async (tx) => {
    const lead = await repo.lockLeadByEmail(tx, event.email.trim().toLowerCase());
    if (!lead) return 'unknown_lead';
    const softBounces =
      event.kind === 'soft_bounce' ? (await repo.softBouncesSinceSubscribed(lead.id, tx)) + 1 : 0;
    const status = nextStatus(lead.emailStatus, event.kind, softBounces);
    await repo.addEvent(tx, {
      leadId: lead.id,
      kind: event.kind,
      status,
      reason: event.reason,
      source: event.source,
      occurredAt: event.occurredAt,
    });
    if (status === lead.emailStatus) return event.kind === 'soft_bounce' ? 'counted' : 'unchanged';
    await repo.setStatus(tx, lead.id, {
      emailStatus: status,
      ...(status === 'unsubscribed'
        ? { unsubscribedAt: event.occurredAt, unsubscribeReason: event.reason }
        : {}),
    });
    await onLeadsChanged([lead.id], tx);
    return 'changed';
  });
}

export async function getEmailStatus(deps: EmailStatusDeps, id: string): Promise<LeadEmailStatus> {
  const lead = await getLeadRow(deps.repo, id);
  const last = await deps.emailStatus.lastChange(id);
  return {
    lead_id: lead.id,
    email: lead.email,
    status: lead.emailStatus as EmailStatus,
    changed_at: (last?.occurredAt ?? lead.unsubscribedAt)?.toISOString() ?? null,
    reason: last ? last.reason : lead.unsubscribeReason,
    source: last?.source ?? null,
    soft_bounces: await deps.emailStatus.softBouncesSinceSubscribed(id),
  };
}

/** An admin restores a lead's email: refused for a complaint unless they override it. */
export async function resubscribe(
  deps: EmailStatusDeps,
  id: string,
  input: ResubscribeInput,
  actor: Actor,
): Promise<LeadEmailStatus> {
  const { emailStatus: repo, onLeadsChanged } = deps;
  const from = await deps.repo.transaction(async (tx) => {
    const lead = await repo.lockLeadById(tx, id);
    if (!lead) throw new NotFoundError('Lead not found');
    if (lead.emailStatus === 'subscribed') return null;
    if (lead.emailStatus === 'complained' && !input.override_complaint)
      throw new ConflictError(EMAIL_STATUS_MESSAGES.complained);
    await repo.addEvent(tx, {
      leadId: id,
      kind: 'resubscribe',
      status: 'subscribed',
      reason: input.reason ?? null,
      source: 'admin',
    });
    await repo.setStatus(tx, id, {
      emailStatus: 'subscribed',
      unsubscribedAt: null,
      unsubscribeReason: null,
    });
    await onLeadsChanged([id], tx);
    return lead.emailStatus;
  });
  if (from)
    await recordLeadEvent(deps.db, actor, 'lead.resubscribed', {
      leadId: id,
      from,
      overrideComplaint: from === 'complained',
    });
  return getEmailStatus(deps, id);
}

/** The email health card's counts; a complaint counts as unsubscribed. */
export async function emailHealthCounts(deps: EmailStatusDeps): Promise<Omit<EmailHealth, 'webhook_config'>> {
  const counts = await deps.emailStatus.countsByStatus();
  const n = (status: EmailStatus) => counts.get(status) ?? 0;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const unsubscribed = n('unsubscribed') + n('complained');
  return emailHealthSchema.omit({ webhook_config: true }).parse({
    total,
    subscribed: n('subscribed'),
    unsubscribed,
    bounced: n('bounced'),
    unsubscribe_rate: ratePercent(unsubscribed, total),
  });
}
