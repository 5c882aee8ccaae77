import { CAMPAIGN_MESSAGES, CAMPAIGN_QUICK_PROMPTS } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { leadsIn, makeSegment, uploadKnowledge } from './campaign-test-helpers';

// Offline drafts (no AI provider): assembled from the voice, the segment, the knowledge base, the
// resources and the template, and honest about being offline.

let t: TestApp;
let token: string;
let autism: string;
let speech: string;

const OPEN_DAY = `# Open Day
## Spring open day
Our spring open day is on Saturday March 14 from 10am to 1pm. Families can tour the sensory room and meet our speech therapists.
## Admissions
Applications for the autumn term close on April 30. The application fee is $75.
`;

type Draft = {
  segment_id: string | null;
  segment_ids: string[];
  name: string;
  subject: string;
  content_html: string;
  content_text: string;
  variables: string[];
  estimated_recipients: number;
  generation_metadata: {
    generated_by: string;
    voice_setting: string | null;
    flags: { kind: string; message: string }[];
    knowledge_passages: { document: string }[];
    resources: { title: string; url: string }[];
    data_validation: { sendable_leads: number };
  };
};

const generate = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/campaigns/generate-content', headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
  await t.app.inject({
    method: 'PUT',
    url: '/api/widget/settings',
    headers: bearer(token),
    payload: { school_name: 'Brightwater Academy' },
  });
  autism = await makeSegment(t, token, 'Autism support', {
    description: 'Families of autistic children aged 5 to 11',
  });
  speech = await makeSegment(t, token, 'Speech therapy');
  const shared = await leadsIn(t, token, [autism, speech], 2);
  expect(shared).toHaveLength(2);
  await leadsIn(t, token, [autism], 3);
  await uploadKnowledge(t, token, 'Open Day.md', OPEN_DAY);
  const body = multipart(
    { title: 'Visiting guide', description: 'What to expect on the day', segment_ids: [autism] },
    [{ filename: 'guide.pdf', content: SAMPLE_FILES.pdf() }],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/resources',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => t.close());

describe('offline drafts', () => {
  it('writes one useful draft per segment from the voice, segment, knowledge base and resources', async () => {
    const voices = (
      await t.app.inject({ method: 'GET', url: '/api/voice-settings', headers: bearer(token) })
    ).json().voice_settings as { id: string; name: string }[];
    const urgent = voices.find((v) => v.name === 'Urgent')!;
    const res = await generate({
      segment_ids: [autism, speech],
      prompt: 'Invite families to our spring open day',
      voice_settings: urgent.id,
      use_knowledge_base: true,
      include_resources: true,
      campaign_mode: 'individual',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { results: Draft[]; mode: string; quick_prompts: string[] };
    expect(body.mode).toBe('offline');
    expect(body.quick_prompts).toEqual([...CAMPAIGN_QUICK_PROMPTS]);
    expect(body.quick_prompts).toHaveLength(6);
    expect(body.results.map((r) => r.segment_id)).toEqual([autism, speech]);
    expect(body.results.map((r) => r.name)).toEqual([
      'Invite families to our spring open day - Autism support',
      'Invite families to our spring open day - Speech therapy',
    ]);

    const [first] = body.results;
    const meta = first!.generation_metadata;
    expect(meta.generated_by).toBe('offline');
    expect(meta.voice_setting).toBe('Urgent');
    expect(meta.flags.find((f) => f.kind === 'offline')?.message).toBe(CAMPAIGN_MESSAGES.offlineDraftNote);
    expect(first!.content_html).toContain('Offline draft');
    // The knowledge passage, the segment's description, the voice's include elements and CTA.
    expect(first!.content_html).toContain('Saturday March 14 from 10am to 1pm');
    expect(first!.content_html).toContain(
      'Families of autistic children aged 5 to 11'.toLowerCase().slice(0, 20),
    );
    expect(first!.content_html).toContain('<strong>What to prepare:</strong>');
    expect(first!.content_html).toContain('Please reply today');
    expect(first!.content_html).toContain('The Brightwater Academy team');
    expect(meta.knowledge_passages[0]!.document).toBe('Open Day.md');
    // The segment's resource, linked through a per-family placeholder filled at send time.
    expect(meta.resources).toEqual([
      { id: expect.any(String), title: 'Visiting guide', url: '{{resource_link_1}}' },
    ]);
    expect(first!.content_html).toContain('<a href="{{resource_link_1}}">Visiting guide</a>');
    expect(first!.variables).toEqual(
      expect.arrayContaining(['parent_name', 'child_name', 'child_age', 'unsubscribe']),
    );
    expect(first!.variables).not.toContain('special_needs'); // medium personalization
    // Facts come from the passages only: nothing to flag.
    expect(meta.flags.filter((f) => f.kind === 'unsupported_fact')).toEqual([]);
    expect(first!.estimated_recipients).toBe(5);
    expect(body.results[1]!.estimated_recipients).toBe(2);
    expect(body.results[1]!.generation_metadata.resources).toEqual([]);
    expect(first!.content_text).toContain('Dear {{parent_name}},');
  });

  it("does not flag a figure the draft takes from the segment's own name", async () => {
    const named = await makeSegment(t, token, 'Open house 2027', {
      description: 'Families interested in visiting',
    });
    await leadsIn(t, token, [named], 1);
    const res = await generate({
      segment_ids: [named],
      prompt: 'Invite families',
      campaign_mode: 'individual',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [draft] = (res.json() as { results: Draft[] }).results;
    expect(`${draft!.subject} ${draft!.content_html}`).toContain('2027');
    expect(draft!.generation_metadata.flags.filter((f) => f.kind === 'unsupported_fact')).toEqual([]);
  });

  it('writes one shared draft for several segments, counting each family once', async () => {
    const res = await generate({
      segment_ids: [autism, speech],
      prompt: 'Share practical tips',
      campaign_mode: 'single',
    });
    const { results } = res.json() as { results: Draft[] };
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      segment_id: null,
      segment_ids: [autism, speech],
      estimated_recipients: 5,
    });
    // The default voice's include elements.
    expect(results[0]!.content_html).toContain('<strong>Practical tips:</strong>');
    expect(results[0]!.content_html).toContain('<strong>Community support:</strong>');
  });

  it("flags the voice's avoid terms when the draft uses them", async () => {
    const res = await generate({
      segment_ids: [autism],
      prompt: 'Tell families about our therapists',
      voice_settings: {
        tone: 'warm',
        perspective: 'teachers',
        style: 'plain',
        preferred_length: '150-250',
        cta_style: 'gentle',
        avoid_terms: ['therapists', ' Therapists '],
        include_elements: [],
      },
      use_knowledge_base: true,
    });
    const [draft] = (res.json() as { results: Draft[] }).results;
    expect(
      draft!.generation_metadata.flags.filter((f) => f.kind === 'avoid_term').map((f) => f.message),
    ).toEqual(['Uses "therapists", which the voice setting says to avoid.']);
  });

  it('fills a chosen template, keeping the recipient placeholders and flagging what it cannot fill', async () => {
    await t.app.inject({ method: 'POST', url: '/api/templates/create-defaults', headers: bearer(token) });
    const templates = (
      await t.app.inject({
        method: 'GET',
        url: '/api/campaigns/available-templates?category=events',
        headers: bearer(token),
      })
    ).json().templates as { id: string }[];
    const res = await generate({
      segment_ids: [autism],
      prompt: 'Invite families to our spring open day',
      template_id: templates[0]!.id,
      use_template: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [draft] = (res.json() as { results: Draft[] }).results;
    expect(draft!.content_html).toContain('{{unsubscribe}}');
    expect(draft!.content_html).toContain('Brightwater Academy');
    expect(draft!.content_html).not.toContain('{{school_name}}');
    const needs = draft!.generation_metadata.flags.filter((f) => f.kind === 'needs_value');
    expect(needs.length).toBeGreaterThan(0);
    expect(needs[0]!.message).toMatch(/\{\{\w+\}\} has no value yet/);
  });

  it("refuses bad requests with the spec's messages", async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ segment_ids: [], prompt: 'x' }, CAMPAIGN_MESSAGES.segmentRequired, 400],
      [{ segment_ids: [autism], prompt: '  ' }, CAMPAIGN_MESSAGES.promptRequired, 400],
      [{ segment_ids: [autism], prompt: 'x', use_template: true }, CAMPAIGN_MESSAGES.templateRequired, 400],
      [
        { segment_ids: [autism], prompt: 'x', voice_settings: '00000000-0000-4000-8000-000000000000' },
        'Voice setting not found',
        400,
      ],
      [
        { segment_ids: [autism], prompt: 'x', template_id: '00000000-0000-4000-8000-000000000000' },
        CAMPAIGN_MESSAGES.templateNotFound,
        400,
      ],
      [
        { segment_ids: ['00000000-0000-4000-8000-000000000000'], prompt: 'x' },
        CAMPAIGN_MESSAGES.segmentNotFound,
        400,
      ],
      [{ segment_ids: [autism], prompt: 'x', campaign_mode: 'both' }, 'campaign_mode', 400],
    ];
    for (const [payload, message, status] of cases) {
      const res = await generate(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toContain(message);
    }
  });

  it('saves a draft as a campaign that remembers how it was made', async () => {
    const [draft] = (
      (
        await generate({ segment_ids: [autism], prompt: 'Share practical tips', use_knowledge_base: true })
      ).json() as {
        results: Draft[];
      }
    ).results;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: {
        name: draft!.name,
        subject: draft!.subject,
        content_html: draft!.content_html,
        content_text: draft!.content_text,
        segment_id: autism,
        generation_metadata: draft!.generation_metadata,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().campaign;
    expect(campaign.generation_metadata).toMatchObject({
      generated_by: 'offline',
      prompt: 'Share practical tips',
    });
    expect(campaign.generation_metadata.data_validation.sendable_leads).toBe(5);
    // Saved as the sanitiser writes it (comments dropped, entities normalised), words unchanged.
    expect(campaign.content_html).toContain('<p>Dear {{parent_name}},</p>');
    expect(campaign.content_html).toContain('<strong>Community support:</strong>');
    expect(campaign.content_html).not.toContain('<!--');
    expect(campaign.generation_metadata.flags.map((f: { kind: string }) => f.kind)).toContain('offline');
  });
});
