import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { conversationId, insertDataset, LEADS } from './analytics-dataset';

/**
 * Every figure below was worked out by hand from analytics-dataset.ts (its header lists each kind
 * of conversation). The range used most is 2026-10-31 to 2026-11-02 in the school's zone: in UTC
 * and in New York it holds #1 to #30 (#0 starts on 2026-10-30), 32 visitors first seen (29 with
 * conversations, #25 being visitor-01 again, plus silent-a, b and c).
 */
const RANGE = 'dateFrom=2026-10-31&dateTo=2026-11-02';

type Zone = 'UTC' | 'America/New_York';
const apps = {} as Record<Zone, { t: TestApp; token: string }>;

beforeAll(async () => {
  for (const zone of ['UTC', 'America/New_York'] as const) {
    const t = await createTestApp({ SCHOOL_TIME_ZONE: zone });
    await insertDataset(t.database);
    apps[zone] = { t, token: await loginToken(t.app) };
  }
});
afterAll(async () => {
  for (const a of Object.values(apps)) await a.t.close();
});

async function get(zone: Zone, url: string, status = 200) {
  const { t, token } = apps[zone];
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const convs = (...ns: number[]) => ns.map(conversationId);

describe('conversation statistics', () => {
  it('counts the three days the same in both zones, with the status computed on reading', async () => {
    for (const zone of ['UTC', 'America/New_York'] as const) {
      const stats = await get(zone, `/api/analytics/conversation-stats?${RANGE}`);
      expect(stats.overview).toEqual({
        total_conversations: 30,
        unique_visitors: 29,
        conversion_rate: 30, // 9 of 30
        converted_conversations: 9,
        abandoned_conversations: 19, // 16 stored + 3 idle stored as in progress
        active_conversations: 2,
        avg_duration_minutes: 10.3, // 289 minutes over 28 ended conversations
        avg_messages_per_conversation: 5.5, // 166 messages over 30
      });
      expect(stats.considered).toBe(30);
    }
  });

  it('puts each conversation on the date and hour it started in UTC', async () => {
    const stats = await get('UTC', `/api/analytics/conversation-stats?${RANGE}`);
    expect(stats.trends).toEqual([
      { date: '2026-10-31', conversations: 6, conversions: 2, conversion_rate: 33.3 },
      { date: '2026-11-01', conversations: 13, conversions: 4, conversion_rate: 30.8 },
      { date: '2026-11-02', conversations: 11, conversions: 3, conversion_rate: 27.3 },
    ]);
    const hours = {
      1: 1,
      2: 1,
      3: 1,
      4: 2,
      5: 2,
      6: 1,
      7: 1,
      12: 2,
      13: 2,
      14: 4,
      15: 2,
      16: 1,
      17: 1,
      18: 2,
      19: 1,
      20: 2,
      21: 1,
      22: 1,
      23: 2,
    };
    expect(stats.peak_hours).toEqual(
      Object.entries(hours).map(([h, n]) => ({
        hour: Number(h),
        display_hour: displayOf(Number(h)),
        conversations: n,
      })),
    );
  });

  it('puts each conversation on its New York date and hour across the change back to standard time', async () => {
    const stats = await get('America/New_York', `/api/analytics/conversation-stats?${RANGE}`);
    expect(stats.trends).toEqual([
      { date: '2026-10-31', conversations: 8, conversions: 2, conversion_rate: 25 },
      { date: '2026-11-01', conversations: 13, conversions: 5, conversion_rate: 38.5 },
      { date: '2026-11-02', conversations: 9, conversions: 2, conversion_rate: 22.2 },
    ]);
    // 05:30Z (01:30 EDT) and 06:30Z (01:30 EST) are both in the 1 AM hour.
    const hours = {
      0: 2,
      1: 2,
      2: 1,
      7: 1,
      8: 3,
      9: 2,
      10: 4,
      11: 1,
      12: 1,
      13: 1,
      14: 2,
      15: 1,
      16: 2,
      17: 1,
      18: 1,
      19: 1,
      21: 2,
      23: 2,
    };
    expect(stats.peak_hours).toEqual(
      Object.entries(hours).map(([h, n]) => ({
        hour: Number(h),
        display_hour: displayOf(Number(h)),
        conversations: n,
      })),
    );
  });

  it('takes the 25-hour day of 2026-11-01 in New York whole, and All Time without dates', async () => {
    const ny = await get(
      'America/New_York',
      '/api/analytics/conversation-stats?dateFrom=2026-11-01&dateTo=2026-11-01',
    );
    expect(ny.considered).toBe(13); // #9 (04:30Z) to #21 (04:30Z the next day)
    expect(ny.overview.converted_conversations).toBe(5);
    const utc = await get('UTC', '/api/analytics/conversation-stats?dateFrom=2026-11-01&dateTo=2026-11-01');
    expect(utc.considered).toBe(13); // #7 to #19
    expect(utc.overview.converted_conversations).toBe(4);
    const all = await get('UTC', '/api/analytics/conversation-stats');
    expect(all.considered).toBe(31);
    expect(all.trends[0]).toEqual({
      date: '2026-10-30',
      conversations: 1,
      conversions: 0,
      conversion_rate: 0,
    });
    expect((await get('UTC', '/api/analytics/conversation-stats?period=all')).considered).toBe(31);
    expect((await get('UTC', '/api/analytics/conversation-stats?period=today')).considered).toBe(0);
  });

  it("narrows a period by dates given with it (the list's own range inside the screen's period)", async () => {
    const day = 'dateFrom=2026-11-01&dateTo=2026-11-01';
    expect((await get('UTC', `/api/analytics/conversations?period=all&${day}`)).pagination.total).toBe(13);
    // The data is in the past: today's period has none of that day.
    expect((await get('UTC', `/api/analytics/conversations?period=today&${day}`)).pagination.total).toBe(0);
  });

  it("follows the school's time zone saved in the widget settings, at once", async () => {
    const { t, token } = apps.UTC;
    const setZone = async (zone: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/widget/settings',
        headers: bearer(token),
        payload: { school_time_zone: zone },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const day = '/api/analytics/conversation-stats?dateFrom=2026-11-01&dateTo=2026-11-01';
    expect((await get('UTC', day)).overview.converted_conversations).toBe(4);
    await setZone('America/New_York');
    try {
      // The same day read on New York's clock: the figures of the New York app.
      expect((await get('UTC', day)).overview.converted_conversations).toBe(5);
    } finally {
      await setZone('UTC');
    }
    expect((await get('UTC', day)).overview.converted_conversations).toBe(4);
  });

  it('reads a timestamp without an offset in the school zone', async () => {
    // 2026-11-01T00:00 in New York is 04:00Z: #9 (04:30Z) onwards, up to #12 (07:05Z).
    const q = 'dateFrom=2026-11-01T00:00:00&dateTo=2026-11-01T02:30:00';
    expect((await get('America/New_York', `/api/analytics/conversation-stats?${q}`)).considered).toBe(4);
    expect((await get('UTC', `/api/analytics/conversation-stats?${q}`)).considered).toBe(1); // #7
  });
});

const displayOf = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;

describe('funnel', () => {
  it('follows the three days from visitors to subscribed leads', async () => {
    for (const zone of ['UTC', 'America/New_York'] as const)
      expect(await get(zone, `/api/analytics/funnel?${RANGE}`)).toEqual({
        total_visitors: 32,
        total_conversations: 30,
        conversations_with_name: 18,
        conversations_with_email: 14,
        total_leads: 8, // #1 and #25 made the same lead
        subscribed_leads: 5,
        unsubscribed_leads: 2,
        bounced_leads: 1,
        conversion_rates: {
          visitor_to_conversation: 93.8,
          conversation_to_name: 60,
          name_to_email: 77.8,
          email_to_lead: 57.1,
          lead_to_subscribed: 62.5,
          overall_conversion: 25,
        },
        considered: 30,
      });
  });

  it('counts 2026-11-01 by its own zone', async () => {
    expect(await get('UTC', '/api/analytics/funnel?dateFrom=2026-11-01&dateTo=2026-11-01')).toEqual({
      total_visitors: 14,
      total_conversations: 13,
      conversations_with_name: 9,
      conversations_with_email: 6,
      total_leads: 4,
      subscribed_leads: 2,
      unsubscribed_leads: 1,
      bounced_leads: 1,
      conversion_rates: {
        visitor_to_conversation: 92.9,
        conversation_to_name: 69.2,
        name_to_email: 66.7,
        email_to_lead: 66.7,
        lead_to_subscribed: 50,
        overall_conversion: 28.6,
      },
      considered: 13,
    });
    expect(
      await get('America/New_York', '/api/analytics/funnel?dateFrom=2026-11-01&dateTo=2026-11-01'),
    ).toEqual({
      total_visitors: 15,
      total_conversations: 13,
      conversations_with_name: 11,
      conversations_with_email: 7,
      total_leads: 5,
      subscribed_leads: 3,
      unsubscribed_leads: 1,
      bounced_leads: 1,
      conversion_rates: {
        visitor_to_conversation: 86.7,
        conversation_to_name: 84.6,
        name_to_email: 63.6,
        email_to_lead: 71.4,
        lead_to_subscribed: 60,
        overall_conversion: 33.3,
      },
      considered: 13,
    });
  });
});

describe('drop-off', () => {
  it('counts the ended conversations at every stage they reached', async () => {
    for (const zone of ['UTC', 'America/New_York'] as const)
      expect(await get(zone, `/api/analytics/drop-off?${RANGE}`)).toEqual({
        stages: [
          { stage: 'started', total: 28, dropped: 6, continued: 22, drop_off_rate: 21.4 },
          { stage: 'answered_a_question', total: 22, dropped: 3, continued: 19, drop_off_rate: 13.6 },
          { stage: 'gave_name', total: 19, dropped: 3, continued: 16, drop_off_rate: 15.8 },
          { stage: 'gave_email', total: 16, dropped: 5, continued: 11, drop_off_rate: 31.3 },
          { stage: 'gave_child_info', total: 11, dropped: 2, continued: 9, drop_off_rate: 18.2 },
          { stage: 'became_lead', total: 9, dropped: 0, continued: 9, drop_off_rate: 0 },
        ],
        summary: { overall_completion_rate: 32.1, completed_leads: 9, total_conversations: 28 },
        considered: 28,
      });
  });
});

describe('conversation list and search', () => {
  it('pages every conversation newest first', async () => {
    const first = await get('UTC', '/api/analytics/conversations');
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 31, totalPages: 2 });
    expect(ids(first.conversations)).toEqual(
      convs(30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11),
    );
    const second = await get('UTC', '/api/analytics/conversations?page=2&limit=20');
    expect(ids(second.conversations)).toEqual(convs(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  });

  it('filters by the computed status and the date range', async () => {
    const live = await get('UTC', `/api/analytics/conversations?status=in_progress&${RANGE}`);
    expect(ids(live.conversations)).toEqual(convs(30, 23));
    const abandoned = await get(
      'America/New_York',
      `/api/analytics/conversations?status=abandoned&${RANGE}&limit=50`,
    );
    expect(abandoned.pagination.total).toBe(19);
    expect(ids(abandoned.conversations)).toContain(conversationId(27)); // idle, stored as in progress
    const converted = await get(
      'America/New_York',
      '/api/analytics/conversations?status=converted&dateFrom=2026-11-02&dateTo=2026-11-02',
    );
    expect(ids(converted.conversations)).toEqual(convs(28, 25));
  });

  it('shows a row with its lead, duration, counts and flags', async () => {
    const list = await get('UTC', `/api/analytics/conversations?conversationId=${conversationId(1)}`);
    expect(list.conversations).toEqual([
      {
        id: conversationId(1),
        status: 'converted',
        visitor_uuid: 'visitor-01',
        visitor_email: 'parent1@example.com',
        lead_email: 'parent1@example.com',
        parent_name: 'Parent 1',
        lead_id: LEADS.L1!.id,
        started_at: '2026-10-31T12:00:00.000Z',
        duration: 20,
        message_count: 8,
        user_message_count: 4,
        bot_message_count: 4,
        has_name: true,
        has_email: true,
        has_child_info: true,
      },
    ]);
    const [live] = (await get('UTC', `/api/analytics/conversations?conversationId=${conversationId(23)}`))
      .conversations;
    expect(live).toMatchObject({
      status: 'in_progress',
      duration: null,
      message_count: 6,
      lead_id: null,
      parent_name: null,
    });
  });

  it('searches identities, and what was said', async () => {
    const byEmail = await get('UTC', '/api/analytics/conversations?search=PARENT1@');
    expect(ids(byEmail.conversations)).toEqual(convs(25, 1));
    const byVisitor = await get('UTC', '/api/analytics/conversations/search?search=visitor-13');
    expect(ids(byVisitor.conversations)).toEqual(convs(13));
    const said = await get('UTC', '/api/analytics/conversations/search?messageSearch=speech%20therapy');
    expect(ids(said.conversations)).toEqual(convs(13));
    const saidAndStatus = await get(
      'UTC',
      '/api/analytics/conversations/search?messageSearch=speech&status=converted',
    );
    expect(saidAndStatus.pagination.total).toBe(0);
    const wildcard = await get('UTC', '/api/analytics/conversations/search?messageSearch=%25');
    expect(wildcard.pagination.total).toBe(0);
    // Words of the stored JSON that nobody said, and a quote, find nothing.
    for (const term of ['content', 'role', '"', 'user"'])
      expect(
        (await get('UTC', `/api/analytics/conversations/search?messageSearch=${encodeURIComponent(term)}`))
          .pagination.total,
      ).toBe(0);
    const answers = await get('UTC', '/api/analytics/conversations/search?messageSearch=answer%204&limit=50');
    expect(answers.pagination.total).toBe(11); // the 9 converted and the 2 'emailed' reach a fourth answer
  });
});

describe('one conversation', () => {
  it('gives its detail with context and messages', async () => {
    const detail = await get('UTC', `/api/analytics/conversations/${conversationId(13)}/detail`);
    expect(detail).toMatchObject({
      id: conversationId(13),
      status: 'abandoned',
      duration: 6,
      has_name: true,
      context: {},
    });
    expect(detail.messages).toHaveLength(6);
    expect(detail.messages[2]).toEqual({
      role: 'user',
      content: 'Do you offer speech therapy?',
      timestamp: '2026-11-01T13:00:00Z',
    });
  });

  it('sums it up', async () => {
    expect(await get('UTC', `/api/analytics/conversations/${conversationId(1)}/summary`)).toMatchObject({
      conversation: { id: conversationId(1), status: 'converted' },
      summary:
        'Converted conversation: 8 messages (4 from the visitor), 20 min. Gave name, email, child info. Lead: Parent 1.',
    });
    expect((await get('UTC', `/api/analytics/conversations/${conversationId(30)}/summary`)).summary).toBe(
      'In progress conversation: 6 messages (3 from the visitor), ongoing. Gave name.',
    );
  });

  it('answers 404 for a conversation that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000999', 'not-an-id'])
      for (const part of ['detail', 'summary'])
        expect(await get('UTC', `/api/analytics/conversations/${id}/${part}`, 404)).toEqual({
          error: 'Conversation not found',
        });
  });
});

describe('visitor journey', () => {
  it('shows a returning visitor, their conversations and their lead', async () => {
    expect(await get('America/New_York', '/api/analytics/visitor-journey/visitor-01')).toMatchObject({
      visitor_uuid: 'visitor-01',
      total_visits: 3,
      first_seen_at: '2026-10-31T12:00:00.000Z',
      last_seen_at: '2026-11-02T14:00:00.000Z',
      conversations: [{ id: conversationId(25) }, { id: conversationId(1) }],
      lead: {
        id: LEADS.L1!.id,
        parent_name: 'Lead Parent 1',
        child_name: 'Child 1',
        timeline: 'fall-2027',
        lead_score: 61,
      },
    });
    const silent = await get('UTC', '/api/analytics/visitor-journey/silent-a');
    expect(silent).toMatchObject({ total_visits: 1, conversations: [], lead: null });
    expect(await get('UTC', '/api/analytics/visitor-journey/nobody', 404)).toEqual({
      error: 'Visitor not found',
    });
  });
});

describe('bad queries', () => {
  it.each([
    ['/api/analytics/conversations?dateFrom=yesterday', 'dateFrom'],
    ['/api/analytics/funnel?dateFrom=2026-11-03&dateTo=2026-11-02', 'dateFrom must be on or before dateTo'],
    ['/api/analytics/conversations?page=0', 'page'],
    ['/api/analytics/conversations?limit=1000', 'limit'],
    ['/api/analytics/conversations?status=lost', 'status'],
    ['/api/analytics/drop-off?dateTo=2026-02-30', 'dateTo'],
    ['/api/analytics/conversations/search?messageSearch=x&conversationId=y', 'conversationId'],
  ])('refuses %s', async (url, words) => {
    const body = await get('UTC', url, 400);
    expect(JSON.stringify(body)).toContain(words);
  });

  it('takes a bare dateTo as its whole day when dateFrom is a time that day', async () => {
    const stats = await get(
      'UTC',
      '/api/analytics/conversation-stats?dateFrom=2026-11-02T12:00:00Z&dateTo=2026-11-02',
    );
    expect(stats.considered).toBe(8); // #23 to #30
  });

  it('needs a session', async () => {
    const res = await apps.UTC.t.app.inject({ method: 'GET', url: '/api/analytics/funnel' });
    expect(res.statusCode).toBe(401);
  });
});

describe('SCHOOL_TIME_ZONE', () => {
  it('defaults to UTC and refuses a zone that does not exist', () => {
    expect(loadConfig({}).schoolTimeZone).toBe('UTC');
    expect(loadConfig({ SCHOOL_TIME_ZONE: 'Europe/London' }).schoolTimeZone).toBe('Europe/London');
    expect(() => loadConfig({ SCHOOL_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SCHOOL_TIME_ZONE/);
  });
});
