import type { FastifyBaseLogger } from 'fastify';
import { NotFoundError } from '../../../http/errors';
import type { LeadsService } from '../../leads/leads.service';
import type { UnsubscribeLinks } from './unsubscribe-links';

// A parent follows the unsubscribe link of a campaign email (or their mail app posts to it, RFC
// 8058): the lead becomes unsubscribed through the leads module, with the time, the campaign as the
// reason and 'unsubscribe-link' as the source, exactly as a provider's report would; segments'
// sendable rule then leaves them out of every later send, and a send under way skips them.

export type UnsubscribeDeps = {
  links: UnsubscribeLinks;
  leads: Pick<LeadsService, 'getEmailStatus' | 'applyEmailEvent'>;
  /** The campaign's name for the reason, or null when it has been deleted since. */
  campaignName: (campaignId: string) => Promise<string | null>;
  log: FastifyBaseLogger;
  /** Told when a subscribed lead unsubscribed through a campaign's link (its results count it). */
  onUnsubscribed?: (campaignId: string, leadId: string) => Promise<unknown>;
  /** The email provider holding audiences of its own (MailerLite), told of the unsubscribe. */
  tellProvider?: (email: string) => Promise<unknown>;
};

/** What a link's token is worth: 'invalid' for anything not signed by us. */
export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

/** Whether the token is one of ours (the GET page asks before showing its button). */
export function isGenuineToken(deps: Pick<UnsubscribeDeps, 'links'>, token: string): boolean {
  return deps.links.verify(token) !== null;
}

/**
 * Unsubscribes the lead the token names, at once. A genuine token whose lead is gone (deleted)
 * answers 'unsubscribed' too: there is nothing left to email, and the answer reveals nothing.
 * A lead already unsubscribed (or bounced, or complained) is left as it is: no second history row.
 */
export async function unsubscribeByToken(deps: UnsubscribeDeps, token: string): Promise<UnsubscribeOutcome> {
  const ids = deps.links.verify(token);
  if (!ids) return 'invalid';
  let email: string;
  try {
    const status = await deps.leads.getEmailStatus(ids.leadId);
    if (status.status !== 'subscribed') return 'unsubscribed';
    email = status.email;
  } catch (error) {
    if (error instanceof NotFoundError) return 'unsubscribed';
    throw error;
  }
  const name = await deps.campaignName(ids.campaignId);
  const outcome = await deps.leads.applyEmailEvent({
    email,
    kind: 'unsubscribe',
    reason: name ? `Unsubscribed from "${name}"` : 'Unsubscribed through a campaign email',
    source: 'unsubscribe-link',
    occurredAt: new Date(),
  });
  deps.log.info({ leadId: ids.leadId, campaignId: ids.campaignId, outcome }, 'unsubscribe link used');
  // The leads service finds a lead by its normalised address; a lead stored with another spelling
  // (only data written around the API) is not found: never silent, an admin must unsubscribe it.
  if (outcome === 'unknown_lead')
    deps.log.error(
      { leadId: ids.leadId, campaignId: ids.campaignId },
      'unsubscribe link: lead not found by its email',
    );
  // The parent is unsubscribed whatever happens next; a count or a provider that fails is logged.
  if (outcome === 'changed' && deps.tellProvider)
    await deps
      .tellProvider(email)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, leadId: ids.leadId }, 'unsubscribe not passed on to the email provider'),
      );
  if (outcome === 'changed' && deps.onUnsubscribed)
    await deps
      .onUnsubscribed(ids.campaignId, ids.leadId)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, campaignId: ids.campaignId }, 'unsubscribe not counted for the campaign'),
      );
  return 'unsubscribed';
}
