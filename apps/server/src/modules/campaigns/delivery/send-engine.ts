import crypto from 'node:crypto';
import { DELIVERY_MESSAGES } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { rows } from '../../../db/rows';
import { EmailSendError, type EmailProvider } from '../../../providers/email/email-provider';
import { leadColumns as lead, leadsTable } from '../../leads';
import { campaignRecipients, campaigns } from '../campaigns.tables';
import { withUnsubscribeLink, type UnsubscribeLinks } from '../unsubscribe/unsubscribe-links';

// The built-in sender's engine (issue 23). A send starts by fixing its recipients in one SQL
// statement (the segment's sendable leads, one per address); then a loop on every server
// instance claims pending recipients in batches (FOR UPDATE SKIP LOCKED, with a short lease that
// lapses if the instance dies), renders each message, sends it with a deterministic Message-ID,
// and marks it sent at once, only while it still holds the lease. Counters live on the campaign
// row, changed in the same statement as the recipients, so progress is one row to read.

/** A campaign's content rendered for many recipients (the templates module's renderer). */
export type PreparedContent = {
  render: (variables: Record<string, unknown>) => { subject: string; html: string; text: string };
};
export type ContentSource = {
  subject_template: string;
  content_html_template: string;
  content_text_template: string | null;
  variables_schema: readonly never[];
};

export type SendEngineDeps = {
  db: Database;
  provider: EmailProvider;
  log: FastifyBaseLogger;
  /** The segments module's one rule of who may be emailed. */
  segments: {
    segmentAudienceSql: (segmentIds: readonly string[], columns: SQL) => SQL;
    sendableLeadSql: (leadId: SQL, emailStatus: SQL) => SQL;
  };
  /** A hard bounce suppresses the lead (the leads module's applyEmailEvent). */
  reportHardBounce: (email: string, reason: string) => Promise<unknown>;
  /** The templates module: prepare the content once, render per recipient; count a template's use. */
  prepareContent: (source: ContentSource) => PreparedContent;
  recordTemplateUse: (templateId: string) => Promise<unknown>;
  /**
   * Each recipient's own download links for the content's {{resource_link_N}} (in order of the
   * resource ids); absent: the placeholders get the resource's public page.
   */
  resourceLinks?: (
    resourceIds: string[],
    recipients: { leadId: string; email: string }[],
  ) => Promise<Map<string, string[]>>;
  unsubscribe: UnsubscribeLinks;
  /**
   * Campaign results (tracking/): prepared once per campaign and instance with the content's
   * HTML; rewrites each recipient's final HTML (tracked links, open pixel).
   */
  tracking?: {
    prepare: (campaignId: string, html: string) => Promise<(html: string, leadId: string) => string>;
  };
  /** A recipient's hard bounce, counted in the campaign's results. */
  onBounce?: (campaignId: string, leadId: string) => Promise<unknown>;
  schoolName: () => Promise<string>;
  /** The host in Message-IDs: PUBLIC_URL's, else localhost. */
  messageHost: string;
  /** EMAIL_SEND_RATE (messages a second per instance; 0 = no limit). */
  rate: number;
  /** EMAIL_SEND_CONCURRENCY. */
  concurrency: number;
  /** CAMPAIGN_PAUSE_AFTER_FAILURES. */
  pauseAfterFailures: number;
  /** How the provider is named in the delivery ('outbox' | 'smtp'). */
  providerName: 'outbox' | 'smtp';
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Delay before attempt n+1 after a temporary failure (default 2^n s, at most 5 min). */
  backoffMs?: (attempt: number) => number;
  maxAttempts?: number;
  /** This instance's id in lease_owner (random by default). */
  instanceId?: string;
};

type Claimed = {
  id: number;
  lead_id: string;
  email: string;
  attempts: number;
  sendable: boolean;
  parent_name: string | null;
  child_name: string | null;
  child_age: number | null;
  timeline: string | null;
  special_needs: string[] | null;
};

type CampaignForSend = {
  id: string;
  subject: string;
  content_html: string;
  content_text: string;
  segment_name: string | null;
  updated_at: string;
  resource_ids: string[];
};

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 5;
const defaultBackoff = (attempt: number) => Math.min(300_000, 1000 * 2 ** attempt);
const RECHECK_MS = 200;
/** Group commit of outcomes: at most this long after a message was accepted, or this many. */
const FLUSH_MS = 15;
const FLUSH_MAX = 100;
const RESOURCE_LINK = /\{\{\s*resource_link_(\d+)\s*\}\}/;

/** A deterministic Message-ID: a retry of the same message carries the same one. */
export const campaignMessageId = (campaignId: string, leadId: string, host: string) =>
  `<${campaignId}.${leadId}@${host}>`;

/** A token bucket: `rate` a second with a burst of one second's worth; 0 = no limit. */
export function createRateLimiter(rate: number) {
  let tokens = rate;
  let last = Date.now();
  return async function take(): Promise<void> {
    if (rate <= 0) return;
    for (;;) {
      const now = Date.now();
      tokens = Math.min(rate, tokens + ((now - last) / 1000) * rate);
      last = now;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - tokens) / rate) * 1000));
    }
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSendEngine(deps: SendEngineDeps) {
  const { db, log } = deps;
  const me = deps.instanceId ?? crypto.randomBytes(8).toString('hex');
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = deps.pollMs ?? 500;
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = deps.backoffMs ?? defaultBackoff;
  // A batch is about a second of sending (or 200 messages without a limit): the check that each
  // recipient may still be emailed happens at the claim, so an unsubscribe is honoured within it.
  const batchSize =
    deps.batchSize ?? (deps.rate > 0 ? Math.max(5, Math.min(200, Math.ceil(deps.rate))) : 200);
  const take = createRateLimiter(deps.rate);
  const prepared = new Map<
    string,
    { key: string; content: PreparedContent; track: ((html: string, leadId: string) => string) | null }
  >();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeAgain = false;

  // ---- starting a send ----

  /**
   * Starts a send: the campaign moves from published (or scheduled for exactly `scheduledFor`) to
   * sent with its delivery 'preparing', in one conditional update, so Send Now answers at once
   * however large the audience. The sender loop then fixes the recipients (fixRecipients).
   * Answers false when the campaign was not in that state (a cancelled or moved schedule, a
   * second call).
   */
  async function start(
    campaignId: string,
    opts: { scheduledFor?: Date; provider?: 'outbox' | 'smtp' } = {},
  ): Promise<boolean> {
    const started = await rows<{ id: string }>(
      db,
      sql`update ${campaigns} set publish_status = 'sent', delivery_status = 'preparing',
          delivery_provider = ${opts.provider ?? deps.providerName}, send_started_at = now(),
          send_finished_at = null, paused_reason = null, consecutive_failures = 0,
          recipients_total = 0, recipients_sent = 0, recipients_failed = 0, recipients_skipped = 0,
          updated_at = now()
        where id = ${campaignId}::uuid and delivery_status is null and ${
          opts.scheduledFor
            ? sql`publish_status = 'scheduled' and scheduled_for = ${opts.scheduledFor.toISOString()}::timestamptz`
            : sql`publish_status = 'published'`
        }
        returning id`,
    );
    if (started.length) wake();
    return started.length > 0;
  }

  /**
   * Fixes a preparing campaign's recipients and sets it sending, in one transaction: one
   * INSERT ... SELECT copies the segment's sendable leads at this moment, one per lowercased
   * address, without a row passing through Node. The campaign row is locked first (SKIP LOCKED),
   * so of several instances one does it; a crash rolls it all back and the next pass does it again.
   */
  async function fixRecipients(campaignId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [locked] = await rows<{ segment_id: string | null }>(
        tx,
        sql`select segment_id from ${campaigns}
          where id = ${campaignId}::uuid and delivery_status = 'preparing'
          for update skip locked`,
      );
      if (!locked) return;
      if (locked.segment_id)
        await tx.execute(sql`
          insert into ${campaignRecipients} (campaign_id, lead_id, email)
          select ${campaignId}::uuid, m.lead_id, m.email from (${deps.segments.segmentAudienceSql(
            [locked.segment_id],
            sql`${lead.id} as lead_id, lower(trim(coalesce(${lead.email}, ''))) as email,
              ${lead.email} <> lower(trim(${lead.email})) as odd`,
          )}) m where m.sendable and m.email <> '' order by m.odd, m.lead_id
          on conflict do nothing`);
      await tx.execute(sql`
        update ${campaigns} set delivery_status = 'sending',
          recipients_total = (select count(*) from ${campaignRecipients} where campaign_id = ${campaignId}::uuid)::int
        where id = ${campaignId}::uuid`);
    });
  }

  // ---- pause and resume ----

  async function pause(campaignId: string, reason: string): Promise<boolean> {
    const done = await rows<{ id: string }>(
      db,
      sql`update ${campaigns} set delivery_status = 'paused', paused_reason = ${reason}, updated_at = now()
        where id = ${campaignId}::uuid and delivery_status in ('preparing', 'sending') returning id`,
    );
    return done.length > 0;
  }

  async function resume(campaignId: string): Promise<boolean> {
    const done = await rows<{ id: string }>(
      db,
      // Paused before its recipients were fixed: it goes back to preparing.
      sql`update ${campaigns} set paused_reason = null, consecutive_failures = 0, updated_at = now(),
          delivery_status = case when exists (select 1 from ${campaignRecipients}
              where campaign_id = ${campaignId}::uuid) or recipients_total > 0
            then 'sending' else 'preparing' end
        where id = ${campaignId}::uuid and delivery_status = 'paused' returning id`,
    );
    if (done.length) wake();
    return done.length > 0;
  }

  // ---- the sender loop ----

  async function campaignsIn(status: 'preparing' | 'sending'): Promise<string[]> {
    const found = await rows<{ id: string }>(
      db,
      sql`select id from ${campaigns} where delivery_status = ${status} order by send_started_at, id`,
    );
    return found.map((r) => r.id);
  }

  async function campaignForSend(id: string): Promise<CampaignForSend | undefined> {
    const [row] = await rows<CampaignForSend>(
      db,
      sql`select id, subject, content_html, content_text, segment_name, updated_at::text as updated_at,
          coalesce((select jsonb_agg(r->>'id') from jsonb_array_elements(
            case when jsonb_typeof(generation_metadata->'resources') = 'array'
              then generation_metadata->'resources' else '[]'::jsonb end) r), '[]'::jsonb) as resource_ids
        from ${campaigns} where id = ${id}::uuid`,
    );
    if (row && typeof row.resource_ids === 'string')
      row.resource_ids = JSON.parse(row.resource_ids) as string[];
    return row;
  }

  /** The content made ready once per campaign (and version of it) on this instance. */
  async function contentOf(c: CampaignForSend) {
    const key = c.updated_at;
    const hit = prepared.get(c.id);
    if (hit && hit.key === key) return hit;
    const content = deps.prepareContent({
      subject_template: c.subject,
      content_html_template: c.content_html,
      content_text_template: c.content_text || null,
      variables_schema: [],
    });
    const track = deps.tracking ? await deps.tracking.prepare(c.id, c.content_html) : null;
    const entry = { key, content, track };
    prepared.set(c.id, entry);
    return entry;
  }

  /** Claims up to batchSize ready recipients with a lease; each with whether it is still sendable. */
  async function claim(campaignId: string): Promise<Claimed[]> {
    const claimed = await rows<Claimed>(
      db,
      sql`with picked as (
          select id from ${campaignRecipients}
          where campaign_id = ${campaignId}::uuid and status = 'pending' and next_attempt_at <= now()
            and (lease_until is null or lease_until < now())
            -- Paused (or completed) since the last batch: nothing more is claimed.
            and exists (select 1 from ${campaigns} where id = ${campaignId}::uuid and delivery_status = 'sending')
          order by next_attempt_at, id
          limit ${batchSize}
          for update skip locked
        ), claimed as (
          update ${campaignRecipients} r set lease_owner = ${me}, attempts = r.attempts + 1,
            lease_until = now() + ${leaseMs} * interval '1 millisecond'
          from picked where r.id = picked.id
          returning r.id, r.lead_id, r.email, r.attempts
        )
        select c.id::text as id, c.lead_id, c.email, c.attempts,
          coalesce(${lead.id} is not null and lower(trim(${lead.email})) = c.email and ${deps.segments.sendableLeadSql(
            lead.id,
            lead.emailStatus,
          )}, false) as sendable,
          ${lead.parentName} as parent_name, ${lead.firstChildName} as child_name,
          ${lead.firstChildAge} as child_age, ${lead.timeline} as timeline,
          ${lead.allSpecialNeeds} as special_needs
        from claimed c left join ${leadsTable} on ${lead.id} = c.lead_id
        order by c.id`,
    );
    return claimed.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
  }

  /**
   * Of these claimed recipients, those no longer sendable (unsubscribed, bounced, complained,
   * never contact, their address changed, the lead deleted) are marked skipped; answers their ids.
   */
  async function skipUnsendable(campaignId: string, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const gone = await rows<{ id: string }>(
      db,
      sql`with gone as (
          update ${campaignRecipients} r set status = 'skipped', lease_owner = null, lease_until = null
          where r.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
            and r.lease_owner = ${me} and r.status = 'pending'
            and not exists (select 1 from ${leadsTable} where ${lead.id} = r.lead_id
              and lower(trim(${lead.email})) = r.email
              and ${deps.segments.sendableLeadSql(lead.id, lead.emailStatus)})
          returning r.id
        ), counted as (
          update ${campaigns} set recipients_skipped = recipients_skipped + (select count(*) from gone)::int
          where id = ${campaignId}::uuid and exists (select 1 from gone)
        )
        select id::text as id from gone`,
    );
    return new Set(gone.map((r) => Number(r.id)));
  }

  type Outcome =
    | { id: number; kind: 'sent'; providerMessageId: string | null }
    | { id: number; kind: 'retry'; error: string; delayMs: number }
    | { id: number; kind: 'failed'; error: string };

  /**
   * Records outcomes in one statement per group: the recipients (only while this instance holds
   * their lease) and the campaign's counters; a failure run reaching the limit pauses the send.
   * Answers the campaign's delivery status afterwards.
   */
  async function record(campaignId: string, outcomes: Outcome[]): Promise<string | null> {
    const sent = outcomes.filter((o) => o.kind === 'sent');
    const retry = outcomes.filter((o) => o.kind === 'retry');
    const failed = outcomes.filter((o) => o.kind === 'failed');
    const json = (v: unknown) => JSON.stringify(v);
    const [row] = await rows<{ delivery_status: string | null }>(
      db,
      sql`with s as (
          update ${campaignRecipients} r set status = 'sent', sent_at = now(), lease_owner = null,
            lease_until = null, error = null, provider_message_id = v.pmid
          from jsonb_to_recordset(${json(sent.map((o) => ({ id: o.id, pmid: o.providerMessageId })))}::jsonb)
            as v(id bigint, pmid text)
          where r.id = v.id and r.lease_owner = ${me} and r.status = 'pending'
          returning 1
        ), t as (
          update ${campaignRecipients} r set lease_owner = null, lease_until = null, error = v.error,
            next_attempt_at = now() + v.delay * interval '1 millisecond'
          from jsonb_to_recordset(${json(retry.map((o) => ({ id: o.id, error: o.error, delay: o.delayMs })))}::jsonb)
            as v(id bigint, error text, delay int)
          where r.id = v.id and r.lease_owner = ${me} and r.status = 'pending'
          returning 1
        ), f as (
          update ${campaignRecipients} r set status = 'failed', lease_owner = null, lease_until = null,
            error = v.error
          from jsonb_to_recordset(${json(failed.map((o) => ({ id: o.id, error: o.error })))}::jsonb)
            as v(id bigint, error text)
          where r.id = v.id and r.lease_owner = ${me} and r.status = 'pending'
          returning 1
        ), n as (
          select (select count(*) from s)::int as sent, (select count(*) from t)::int as retried,
            (select count(*) from f)::int as failed
        )
        update ${campaigns} c set
          recipients_sent = c.recipients_sent + n.sent,
          recipients_failed = c.recipients_failed + n.failed,
          consecutive_failures = case when n.sent > 0 then 0
            else c.consecutive_failures + n.retried + n.failed end,
          delivery_status = case when n.sent = 0 and c.delivery_status = 'sending'
              and c.consecutive_failures + n.retried + n.failed >= ${deps.pauseAfterFailures}
            then 'paused' else c.delivery_status end,
          paused_reason = case when n.sent = 0 and c.delivery_status = 'sending'
              and c.consecutive_failures + n.retried + n.failed >= ${deps.pauseAfterFailures}
            then ${DELIVERY_MESSAGES.autoPaused(deps.pauseAfterFailures)} else c.paused_reason end
        from n where c.id = ${campaignId}::uuid
        returning c.delivery_status`,
    );
    return row?.delivery_status ?? null;
  }

  /** Gives back the leases of recipients not sent (a pause, or stopping): claimable again at once. */
  async function release(ids: number[]) {
    if (!ids.length) return;
    await db.execute(sql`
      update ${campaignRecipients} set lease_owner = null, lease_until = null, attempts = greatest(attempts - 1, 0)
      where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        and lease_owner = ${me} and status = 'pending'`);
  }

  async function renew(ids: number[]) {
    if (!ids.length) return;
    await db.execute(sql`
      update ${campaignRecipients} set lease_until = now() + ${leaseMs} * interval '1 millisecond'
      where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        and lease_owner = ${me} and status = 'pending'`);
  }

  /** Completed when nothing is pending: sent_at, and the template's use counted, once. */
  async function finishIfDone(campaignId: string) {
    const [done] = await rows<{ template_id: string | null }>(
      db,
      sql`update ${campaigns} set delivery_status = 'completed', send_finished_at = now(), sent_at = now(),
          paused_reason = null, updated_at = now()
        where id = ${campaignId}::uuid and delivery_status = 'sending'
          and not exists (select 1 from ${campaignRecipients}
            where campaign_id = ${campaignId}::uuid and status = 'pending')
        returning template_id`,
    );
    if (!done) return;
    prepared.delete(campaignId);
    if (done.template_id)
      await deps
        .recordTemplateUse(done.template_id)
        .catch((error: unknown) => log.warn({ err: error, campaignId }, 'template use not recorded'));
    log.info({ campaignId }, 'campaign send completed');
  }

  function variablesOf(
    r: Claimed,
    school: string,
    segmentName: string | null,
    links: string[] | undefined,
    unsubscribeUrl: string,
  ) {
    const parent = r.parent_name?.trim() ?? '';
    const values: Record<string, unknown> = {
      parent_name: parent,
      name: parent,
      first_name: parent.split(/\s+/)[0] ?? '',
      child_name: r.child_name ?? '',
      child_age: r.child_age ?? '',
      timeline: r.timeline ?? '',
      special_needs: (r.special_needs ?? []).join(', '),
      school_name: school,
      segment_name: segmentName ?? '',
      email: r.email,
      // The template's own {{unsubscribe}} link (withUnsubscribeLink then adds no footer).
      unsubscribe: unsubscribeUrl,
    };
    links?.forEach((link, i) => (values[`resource_link_${i + 1}`] = link));
    return values;
  }

  /** Sends one claimed batch with the configured concurrency; false when the send stopped (paused). */
  async function sendBatch(c: CampaignForSend, batch: Claimed[], school: string): Promise<boolean> {
    const { content, track } = await contentOf(c);
    const usesResources = c.resource_ids.length > 0 && RESOURCE_LINK.test(c.content_html + c.content_text);
    const links =
      usesResources && deps.resourceLinks
        ? await deps.resourceLinks(
            c.resource_ids,
            batch.map((r) => ({ leadId: r.lead_id, email: r.email })),
          )
        : undefined;
    const open = new Set(batch.map((r) => r.id));
    const renewTimer = setInterval(
      () => void renew([...open]).catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed')),
      Math.max(1000, leaseMs / 3),
    );
    let status: string | null = 'sending';
    let pending: Outcome[] = [];
    let flushing: Promise<void> | undefined;
    // Group commit: outcomes are written FLUSH_MS after the first of a group (or with the others
    // that arrived while the previous write was under way): one statement for many messages, and
    // a crash loses at most those few milliseconds of marks (their messages go again, with the
    // same Message-ID).
    let flushTimer: NodeJS.Timeout | undefined;
    const soon = () => {
      if (flushTimer || flushing) return;
      flushTimer = setTimeout(() => {
        flushTimer = undefined;
        void flush().catch((error: unknown) => log.error({ err: error }, 'campaign send: recording failed'));
      }, FLUSH_MS);
    };
    const flush = (): Promise<void> => {
      if (flushTimer) {
        clearTimeout(flushTimer);
        flushTimer = undefined;
      }
      if (flushing) return flushing;
      if (!pending.length) return Promise.resolve();
      const group = pending;
      pending = [];
      flushing = record(c.id, group)
        .then((s) => {
          status = s;
          for (const o of group) open.delete(o.id);
        })
        .finally(() => {
          flushing = undefined;
        })
        .then(() => (pending.length ? flush() : undefined));
      return flushing;
    };
    const queue = [...batch];
    // The claim checked who may be emailed; while the batch goes out the check is repeated at
    // most every RECHECK_MS over the recipients still waiting, so an unsubscribe stops a message
    // that has not left yet.
    let checkedAt = Date.now();
    let checking: Promise<void> | undefined;
    const dropped = new Set<number>();
    const waiting = new Set(batch.map((r) => r.id));
    const recheck = () =>
      (checking ??= skipUnsendable(c.id, [...waiting])
        .then((gone) => {
          for (const id of gone) {
            dropped.add(id);
            open.delete(id);
          }
        })
        .finally(() => {
          checkedAt = Date.now();
          checking = undefined;
        }));
    const worker = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        if (stopped || status !== 'sending') return;
        await take();
        if (stopped || status !== 'sending') return;
        if (Date.now() - checkedAt > RECHECK_MS) await recheck();
        if (dropped.has(r.id)) continue;
        waiting.delete(r.id);
        const outcome = await sendOne(c, content, track, r, school, links?.get(r.lead_id));
        pending.push(outcome);
        // A failure is written at once: the run of failures that pauses the send is counted there.
        if (outcome.kind === 'sent' && pending.length < FLUSH_MAX) soon();
        else
          void flush().catch((error: unknown) =>
            log.error({ err: error }, 'campaign send: recording failed'),
          );
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, deps.concurrency) }, worker));
      while (flushing || pending.length) await flush();
    } finally {
      clearInterval(renewTimer);
      await release([...open]).catch((error: unknown) => log.warn({ err: error }, 'lease release failed'));
    }
    return status === 'sending';
  }

  async function sendOne(
    c: CampaignForSend,
    content: PreparedContent,
    track: ((html: string, leadId: string) => string) | null,
    r: Claimed,
    school: string,
    links: string[] | undefined,
  ): Promise<Outcome> {
    try {
      const url = deps.unsubscribe.urlFor(c.id, r.lead_id);
      const rendered = content.render(variablesOf(r, school, c.segment_name, links, url));
      const body = withUnsubscribeLink({ html: rendered.html, text: rendered.text }, url);
      const { providerMessageId } = await deps.provider.send({
        to: r.email,
        subject: rendered.subject,
        html: track ? track(body.html, r.lead_id) : body.html,
        text: body.text,
        messageId: campaignMessageId(c.id, r.lead_id, deps.messageHost),
        headers: {
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      return { id: r.id, kind: 'sent', providerMessageId };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const transient = error instanceof EmailSendError && error.isTransient;
      if (transient && r.attempts < maxAttempts)
        return { id: r.id, kind: 'retry', error: message, delayMs: backoff(r.attempts) };
      if (error instanceof EmailSendError && error.recipientRejected)
        await Promise.all([deps.reportHardBounce(r.email, message), deps.onBounce?.(c.id, r.lead_id)]).catch(
          (e: unknown) => log.warn({ err: e }, 'hard bounce not recorded'),
        );
      log.warn({ campaignId: c.id, recipient: r.id, transient }, 'campaign message not sent');
      return { id: r.id, kind: 'failed', error: message };
    }
  }

  /** One pass: every sending campaign, batch after batch, until none has a ready recipient. */
  async function drain(): Promise<void> {
    do {
      wakeAgain = false;
      for (const id of await campaignsIn('preparing')) {
        if (stopped) return;
        await fixRecipients(id);
      }
      for (const id of await campaignsIn('sending')) {
        if (stopped) return;
        const c = await campaignForSend(id);
        if (!c) continue;
        const school = await deps.schoolName();
        for (;;) {
          if (stopped) return;
          const batch = await claim(id);
          if (!batch.length) break;
          const gone = await skipUnsendable(
            id,
            batch.filter((r) => !r.sendable).map((r) => r.id),
          );
          const ready = batch.filter((r) => !gone.has(r.id));
          if (ready.length && !(await sendBatch(c, ready, school))) break;
        }
        await finishIfDone(id);
      }
    } while (wakeAgain && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'campaign sender pass failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    instanceId: me,
    start,
    /** Fixes the recipients of this preparing campaign now (each pass of the loop does it). */
    fixRecipients,
    pause,
    resume,
    wake,
    startLoop() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    /** Stops claiming and waits for the batch in hand (its unsent leases are given back). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
    /** Resolves when the campaign's delivery is completed or paused (tests, benchmarks). */
    async idle(campaignId: string, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await rows<{ s: string | null }>(
          db,
          sql`select delivery_status as s from ${campaigns} where id = ${campaignId}::uuid`,
        );
        if (row?.s === 'completed' || row?.s === 'paused') return row.s;
        if (Date.now() > until) throw new Error('Campaign still sending after the timeout');
        wake();
        await sleep(25);
      }
    },
  };
}

export type SendEngine = ReturnType<typeof createSendEngine>;
