import { DELIVERY_MESSAGES } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger';
import type { EmailProvider, OutgoingEmail } from '../../../providers/email/email-provider';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../../test/test-app';
import { segmentAudienceSql, sendableLeadSql } from '../../segments/email-audience.repository';
import { prepareTemplateEmail } from '../../templates/template-email';
import { createApproval } from '../approval';
import { campaignPayload, createCampaign, leadsIn, makeSegment } from '../campaign-test-helpers';
import { createCampaignsRepository } from '../campaigns.repository';
import { createUnsubscribeLinks } from '../unsubscribe/unsubscribe-links';
import { DeliveryError } from './campaign-delivery';
import { DeliveryFailedError } from './delivery-failed';
import { createSendEngine } from './send-engine';

// The engine below the HTTP layer, on the test app's database once the app itself is closed (so
// only the engines made here send): several instances at once, a dead instance's lapsed leases,
// and a provider refusing to publish.

const log = createLogger('silent');
let t: TestApp | undefined;
afterEach(async () => {
  if (!t) return;
  // The app is closed already; only the database remains.
  await t.database.close();
  t = undefined;
});

/** A provider that records every Message-ID it accepts, taking `delayMs` for each. */
function recordingProvider(delayMs = 0) {
  const sent: OutgoingEmail[] = [];
  const provider: EmailProvider = {
    name: 'smtp',
    async send(message) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      sent.push(message);
      return { providerMessageId: `${sent.length}@sink` };
    },
  };
  return { provider, sent };
}

function engineOn(
  app: TestApp,
  provider: EmailProvider,
  extra: { batchSize?: number; leaseMs?: number } = {},
) {
  return createSendEngine({
    db: app.database.db,
    provider,
    log,
    segments: { segmentAudienceSql, sendableLeadSql },
    reportHardBounce: async () => undefined,
    prepareContent: prepareTemplateEmail,
    recordTemplateUse: async () => undefined,
    unsubscribe: createUnsubscribeLinks({ key: Buffer.alloc(32, 7), publicUrl: 'https://school.example' }),
    schoolName: async () => 'Lantern Academy',
    messageHost: 'school.example',
    rate: 0,
    concurrency: 4,
    pauseAfterFailures: 1000,
    providerName: 'smtp',
    pollMs: 50,
    ...extra,
  });
}

/** A published campaign for `count` leads; then the app closes (its own sender stops). */
async function publishedThenClosed(count: number) {
  t = await createTestApp();
  const token = await loginToken(t.app);
  const segment = await makeSegment(t, token, 'Families');
  await leadsIn(t, token, [segment], count);
  const campaign = await createCampaign(t, token, campaignPayload(segment));
  for (const step of ['approve', 'publish']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/${step}`,
      headers: bearer(token),
      ...(step === 'approve' ? { payload: {} } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.app.close();
  return campaign.id;
}

const countsOf = (ids: (string | undefined)[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id!, (counts.get(id!) ?? 0) + 1);
  return counts;
};

describe('send engine instances', () => {
  it('two instances sending one campaign never send a recipient twice', async () => {
    const id = await publishedThenClosed(60);
    const a = recordingProvider(2);
    const b = recordingProvider(2);
    const engineA = engineOn(t!, a.provider, { batchSize: 5 });
    const engineB = engineOn(t!, b.provider, { batchSize: 5 });
    engineA.startLoop();
    engineB.startLoop();
    try {
      expect(await engineA.start(id)).toBe(true);
      // A second start (a double click, the other instance) changes nothing.
      expect(await engineB.start(id)).toBe(false);
      expect(await engineA.idle(id, 20_000)).toBe('completed');
    } finally {
      await Promise.all([engineA.stop(), engineB.stop()]);
    }
    const all = [...a.sent, ...b.sent].map((m) => m.messageId);
    expect(all).toHaveLength(60);
    expect([...countsOf(all).values()].every((n) => n === 1)).toBe(true);
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    const [row] = await queryRows(
      t!.database,
      sql`select recipients_total, recipients_sent, delivery_status, sent_at from campaigns where id = ${id}::uuid`,
    );
    expect(row).toMatchObject({ recipients_total: 60, recipients_sent: 60, delivery_status: 'completed' });
    expect(row!.sent_at).not.toBeNull();
  }, 60_000);

  it('fixes the recipients once, outside the request, and a send paused before that resumes by fixing them', async () => {
    const id = await publishedThenClosed(7);
    const { provider, sent } = recordingProvider();
    const engine = engineOn(t!, provider);
    expect(await engine.start(id)).toBe(true);
    const status = async () =>
      (
        await queryRows(
          t!.database,
          sql`select delivery_status, recipients_total from campaigns where id = ${id}::uuid`,
        )
      )[0];
    // Started: nothing fixed yet (the sender loop does it), so Send Now answers at once.
    expect(await status()).toMatchObject({ delivery_status: 'preparing', recipients_total: 0 });
    expect(await engine.pause(id, 'Paused by an admin')).toBe(true);
    await engine.fixRecipients(id);
    expect(await status()).toMatchObject({ delivery_status: 'paused', recipients_total: 0 });
    expect(await engine.resume(id)).toBe(true);
    expect(await status()).toMatchObject({ delivery_status: 'preparing' });
    await Promise.all([engine.fixRecipients(id), engine.fixRecipients(id)]);
    expect(await status()).toMatchObject({ delivery_status: 'sending', recipients_total: 7 });
    engine.startLoop();
    try {
      expect(await engine.idle(id, 10_000)).toBe('completed');
    } finally {
      await engine.stop();
    }
    expect(sent).toHaveLength(7);
  }, 60_000);

  it("claims again a dead instance's recipients once their lease lapses, and no one else's before", async () => {
    const id = await publishedThenClosed(8);
    const { provider, sent } = recordingProvider();
    const engine = engineOn(t!, provider, { leaseMs: 5_000 });
    expect(await engine.start(id)).toBe(true);
    await engine.fixRecipients(id);
    const ids = (
      await queryRows(
        t!.database,
        sql`select id::text as id from campaign_recipients where campaign_id = ${id}::uuid order by id`,
      )
    ).map((r) => String(r.id));
    // Three held by an instance that died a moment ago, two by one still working for a second.
    await queryRows(
      t!.database,
      sql`update campaign_recipients set lease_owner = 'dead', attempts = 1,
          lease_until = now() - interval '1 second'
        where id in (${sql.join(
          ids.slice(0, 3).map((x) => sql`${x}::bigint`),
          sql`, `,
        )}) returning id`,
    );
    await queryRows(
      t!.database,
      sql`update campaign_recipients set lease_owner = 'alive', attempts = 1,
          lease_until = now() + interval '1500 milliseconds'
        where id in (${sql.join(
          ids.slice(3, 5).map((x) => sql`${x}::bigint`),
          sql`, `,
        )}) returning id`,
    );
    const startedAt = Date.now();
    engine.startLoop();
    try {
      await new Promise((r) => setTimeout(r, 700));
      // The dead instance's three and the three free ones are sent; the living one's wait.
      expect(sent).toHaveLength(6);
      expect(await engine.idle(id, 10_000)).toBe('completed');
    } finally {
      await engine.stop();
    }
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1400);
    expect(sent).toHaveLength(8);
    expect([...countsOf(sent.map((m) => m.messageId)).values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('a message is only marked sent while its instance holds the lease', async () => {
    const id = await publishedThenClosed(1);
    // The provider is slow; meanwhile another instance took the recipient over (a lapsed lease).
    const steal = () =>
      queryRows(
        t!.database,
        sql`update campaign_recipients set lease_owner = 'other', lease_until = now() + interval '1 minute'
          where campaign_id = ${id}::uuid returning id`,
      );
    const provider: EmailProvider = {
      name: 'smtp',
      async send() {
        await steal();
        return { providerMessageId: 'late' };
      },
    };
    const engine = engineOn(t!, provider);
    expect(await engine.start(id)).toBe(true);
    engine.startLoop();
    await new Promise((r) => setTimeout(r, 500));
    await engine.stop();
    const [row] = await queryRows(
      t!.database,
      sql`select status, lease_owner from campaign_recipients where campaign_id = ${id}::uuid`,
    );
    expect(row).toMatchObject({ status: 'pending', lease_owner: 'other' });
  }, 60_000);
});

describe('publishing to a provider that fails', () => {
  it("answers 'Failed to publish to the provider' with the reason and leaves the campaign as it was", async () => {
    const id = await publishedThenClosed(1);
    // Back to approved and ready, as before publishing.
    await queryRows(
      t!.database,
      sql`update campaigns set publish_status = 'ready' where id = ${id}::uuid returning id`,
    );
    const approval = createApproval({
      db: t!.database.db,
      repo: createCampaignsRepository(t!.database.db),
      linkDays: 14,
      sendEmail: async () => undefined,
      schoolName: async () => 'Lantern Academy',
      log,
      delivery: {
        name: 'mailerlite',
        publish: async () => {
          throw new DeliveryError(
            'MailerLite refused the campaign: the sender address is not verified',
            false,
          );
        },
      },
    });
    const attempt = approval.publish(id, {
      userId: '00000000-0000-4000-8000-000000000000',
      email: 'a@b.c',
      ip: null,
    });
    await expect(attempt).rejects.toBeInstanceOf(DeliveryFailedError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 502,
      message: `${DELIVERY_MESSAGES.publishFailed}: MailerLite refused the campaign: the sender address is not verified`,
    });
    const [row] = await queryRows(
      t!.database,
      sql`select publish_status, provider_campaign_id from campaigns where id = ${id}::uuid`,
    );
    expect(row).toMatchObject({ publish_status: 'ready', provider_campaign_id: null });
  }, 60_000);
});
