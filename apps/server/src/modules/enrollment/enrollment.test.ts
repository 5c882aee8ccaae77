import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import {
  bearer,
  createTestApp,
  freshAddress,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let token: string;
let resourceId: string;

const form = (
  overrides: {
    email?: string;
    children?: unknown[];
    leadData?: Record<string, unknown>;
    website?: string;
  } = {},
) => ({
  visitorId: 'visitor-123',
  leadData: {
    parentName: 'Morgan Reyes',
    email: overrides.email ?? 'morgan.reyes@example.org',
    phone: '(555) 010-2233',
    phoneConsent: 'yes',
    timeline: 'Immediately',
    biggestConcerns: 'Transitions between classes',
    ...overrides.leadData,
  },
  children: overrides.children ?? [
    { name: 'Ari', age: 7, special_needs: ['Autism / ASD'], current_support: '' },
  ],
  website: overrides.website ?? '',
});

const submit = (payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/widget/submit-lead', payload: payload as object, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  const segment = await t.app.inject({
    method: 'POST',
    url: '/api/segments',
    headers: bearer(token),
    payload: {
      name: 'Autism families',
      inclusion_rules: {
        operator: 'AND',
        conditions: [{ field: 'all_special_needs', operator: 'contains', value: 'Autism/ASD' }],
      },
    },
  });
  const body = multipart(
    {
      title: 'Autism starter guide',
      description: 'The first weeks',
      segment_ids: [segment.json().segment.id],
    },
    [{ filename: 'guide.pdf', content: SAMPLE_FILES.pdf() }],
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/resources',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  resourceId = created.json().resource.id;
});
afterAll(() => t.close());

const leadsWithEmail = async (email: string) =>
  queryRows(
    t.database,
    sql`select id, parent_name, phone, visitor_id, source, child_count from leads where email = ${email}`,
  );

describe('POST /widget/submit-lead', () => {
  it('creates the lead, tags it, recommends its segment’s resource with a working link, and queues the welcome email', async () => {
    const res = await submit(form());
    expect(res.statusCode, res.body).toBe(200);
    const { recommendedResources } = res.json();
    expect(recommendedResources).toEqual([
      {
        id: resourceId,
        title: 'Autism starter guide',
        description: 'The first weeks',
        downloadUrl: expect.stringMatching(/^\/api\/resources\/download\//),
      },
    ]);
    const file = await t.app.inject({ method: 'GET', url: recommendedResources[0].downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const [lead] = await leadsWithEmail('morgan.reyes@example.org');
    expect(lead).toMatchObject({
      parent_name: 'Morgan Reyes',
      visitor_id: 'visitor-123',
      source: 'form',
      child_count: 1,
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/leads/${lead!.id}`, headers: bearer(token) })
    ).json().lead;
    expect(detail.children[0].special_needs).toEqual(['Autism/ASD']);
    expect(detail.segment_tags).toEqual(['Autism families']);
    expect(detail.phone_consent).toBe(true);
    // The download counted on the lead (the dashboard's Resource Downloads).
    const dashboard = (
      await t.app.inject({ method: 'GET', url: '/admin/dashboard', headers: bearer(token) })
    ).json();
    expect(dashboard.statistics).toMatchObject({ totalLeads: 1, resourceDownloads: 1 });

    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?to=morgan.reyes@example.org',
      headers: bearer(token),
    });
    const [message] = outbox.json().messages;
    expect(message).toMatchObject({
      kind: 'welcome',
      to: 'morgan.reyes@example.org',
      subject: 'Welcome to My Academy',
      provider: 'outbox',
    });
    expect(message.text).toContain('Autism starter guide: http://');
    expect(message.html).toContain('/api/resources/download/');
  });

  it('keeps one lead per parent: a second enrolment updates it and adds the new child', async () => {
    const res = await submit(
      form({
        email: 'MORGAN.REYES@example.org',
        leadData: { phone: '(555) 010-9999' },
        children: [
          { name: 'ari', age: 8, special_needs: ['ADHD / ADD'] },
          { name: 'Bo', age: 4, special_needs: ['Speech/Language'] },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await leadsWithEmail('morgan.reyes@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: '(555) 010-9999', child_count: 2 });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/leads/${rows[0]!.id}`, headers: bearer(token) })
    ).json().lead;
    expect(
      detail.children.map((c: { name: string; age: number; special_needs: string[] }) => [
        c.name,
        c.age,
        c.special_needs,
      ]),
    ).toEqual([
      ['Ari', 8, ['Autism/ASD', 'ADHD']],
      ['Bo', 4, ['Speech/Language Delays']],
    ]);
  });

  it('never makes two leads of one parent, even when the same form is sent ten times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit(form({ email: 'twice@example.org' }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await leadsWithEmail('twice@example.org')).toHaveLength(1);
  });

  it('sends no welcome email to a family that asked not to be emailed', async () => {
    const first = await submit(form({ email: 'quiet.family@example.org' }));
    expect(first.statusCode).toBe(200);
    const [lead] = await leadsWithEmail('quiet.family@example.org');
    await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${lead!.id}`,
      headers: bearer(token),
      payload: { email_status: 'unsubscribed' },
    });
    const again = await submit(form({ email: 'quiet.family@example.org' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().recommendedResources).toHaveLength(1);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/outbox?to=quiet.family@example.org',
      headers: bearer(token),
    });
    expect(outbox.json().messages).toHaveLength(1);
  });

  it('refuses bad input in the form’s words, and stores nothing', async () => {
    const bad = (o: Parameters<typeof form>[0]) => form({ email: 'bad.input@example.org', ...o });
    const cases: [unknown, string][] = [
      [bad({ leadData: { parentName: ' ' } }), 'Parent name is required'],
      [bad({ leadData: { email: 'not-an-email' } }), 'Please enter a valid email address'],
      [bad({ leadData: { phone: '555-1234' } }), 'Please enter a valid phone number (at least 10 digits)'],
      [
        bad({ leadData: { phone: 'call me 5550102233' } }),
        'Please enter a valid phone number (at least 10 digits)',
      ],
      [bad({ leadData: { timeline: '' } }), 'Please select a timeline'],
      [bad({ children: [{ name: '', age: 5, special_needs: ['ADHD / ADD'] }] }), 'Child name is required'],
      [bad({ children: [{ name: 'Kim', age: 30, special_needs: ['ADHD / ADD'] }] }), 'Child age is required'],
      [
        bad({ children: [{ name: 'Kim', age: 6, special_needs: [] }] }),
        'Please select at least one special need',
      ],
      [
        bad({ children: [{ name: 'Kim', age: 6, special_needs: ['Wizardry'] }] }),
        'Child 1: unknown special need "Wizardry"',
      ],
      // A character the database cannot store: a clear 400, never a 500.
      [
        bad({ leadData: { parentName: 'Morgan\u0000Reyes' } }),
        'Text must not contain NUL characters (\\u0000)',
      ],
      [
        bad({ children: [{ name: 'Ari\u0000', age: 7, special_needs: ['ADHD / ADD'] }] }),
        'Text must not contain NUL characters (\\u0000)',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await leadsWithEmail('bad.input@example.org')).toHaveLength(0);
    const unknownField = await submit({ ...form(), admin: true });
    expect(unknownField.statusCode).toBe(400);
  });

  it('turns away a filled honeypot with a reason, and saves nothing', async () => {
    const res = await submit(form({ email: 'bot@example.org', website: 'http://spam.example' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('looks automated');
    expect(await leadsWithEmail('bot@example.org')).toHaveLength(0);
  });

  it('limits submissions per address with a clear 429', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await submit(form({ email: `burst${i}@example.org` }), address)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    const limited = await submit(form({ email: 'burst-last@example.org' }), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^Too many submissions from this address\. Please try again in \d+ seconds\.$/,
    );
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('GET /widget/config', () => {
  it('answers the branding without a token, with the defaults of a new school', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget/config' });
    expect(res.statusCode).toBe(200);
    // The widget's fields come with it (modules/chat); the form's branding stays as it was.
    expect(res.json()).toMatchObject({
      school_name: 'My Academy',
      primary_color: '#4F46E5',
      secondary_color: '#7C3AED',
      accent_color: '#10B981',
      logo_url: null,
      analytics: null,
    });
  });

  it('names the analytics script and lets the CSP load it only when one is configured', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/enroll' })).headers['content-security-policy'],
    ).not.toContain('plausible');
    const withAnalytics = await createTestApp({
      ENROLL_ANALYTICS_SCRIPT_URL: 'https://plausible.io/js/script.js',
      ENROLL_ANALYTICS_DOMAIN: 'school.example',
    });
    try {
      const config = await withAnalytics.app.inject({ method: 'GET', url: '/widget/config' });
      expect(config.json().analytics).toEqual({
        script_url: 'https://plausible.io/js/script.js',
        domain: 'school.example',
      });
      const csp = String(config.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://plausible.io");
    } finally {
      await withAnalytics.close();
    }
  });
});

describe('the welcome email over SMTP', () => {
  it('is sent by the background job to the configured mail server, and marked sent in the outbox', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailer = await createTestApp({
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_FROM: 'Admissions <admissions@school.example>',
    });
    try {
      const res = await mailer.app.inject({
        method: 'POST',
        url: '/widget/submit-lead',
        payload: form({ email: 'smtp.parent@example.org' }),
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const adminToken = await loginToken(mailer.app);
      let status = '';
      for (let i = 0; i < 100 && status !== 'sent'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const outbox = await mailer.app.inject({
          method: 'GET',
          url: '/api/outbox?to=smtp.parent@example.org',
          headers: bearer(adminToken),
        });
        status = outbox.json().messages[0]?.status ?? '';
      }
      expect(status).toBe('sent');
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['smtp.parent@example.org']);
      expect(received[0]!.raw).toContain('Subject: Welcome to My Academy');
      expect(received[0]!.raw).toContain('From: Admissions <admissions@school.example>');
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
