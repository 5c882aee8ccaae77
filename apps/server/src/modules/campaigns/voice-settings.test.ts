import { DEFAULT_VOICE_SETTING, VOICE_MESSAGES, VOICE_PRESETS, voiceCloneName } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(async () => t.close());

type Voice = {
  id: string;
  name: string;
  is_default: boolean;
  avoid_terms: string[];
  include_elements: string[];
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async () => (await call('GET', '/api/voice-settings')).json().voice_settings as Voice[];

const form = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  tone: 'calm',
  perspective: 'teachers',
  style: 'plain',
  preferred_length: '250-400',
  cta_style: 'gentle',
  ...extra,
});

describe('voice settings', () => {
  it('starts with the default voice first and the three presets, as section 9 says', async () => {
    const voices = await list();
    expect(voices.map((v) => v.name)).toEqual(['Default Voice', 'Empathetic', 'Professional', 'Urgent']);
    const [first] = voices;
    expect(first).toMatchObject({ ...DEFAULT_VOICE_SETTING, is_default: true });
    for (const preset of Object.values(VOICE_PRESETS))
      expect(voices.find((v) => v.name === preset.name)).toMatchObject({ ...preset, is_default: false });
    const def = await call('GET', '/api/voice-settings/default');
    expect(def.json().voice_setting.id).toBe(first!.id);
  });

  it("refuses a form without its required fields, with 'X is required'", async () => {
    for (const [field, message] of [
      ['name', VOICE_MESSAGES.nameRequired],
      ['tone', VOICE_MESSAGES.toneRequired],
      ['perspective', VOICE_MESSAGES.perspectiveRequired],
      ['style', VOICE_MESSAGES.styleRequired],
      ['preferred_length', VOICE_MESSAGES.lengthRequired],
      ['cta_style', VOICE_MESSAGES.ctaRequired],
    ] as const) {
      const res = await call('POST', '/api/voice-settings', form('Missing', { [field]: '  ' }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const notList = await call('POST', '/api/voice-settings', form('Bad list', { avoid_terms: 'jargon' }));
    expect(notList.statusCode).toBe(400);
    expect(notList.json().error).toContain(VOICE_MESSAGES.avoidTermsList);
    const badLength = await call(
      'POST',
      '/api/voice-settings',
      form('Bad length', { preferred_length: '900-1000' }),
    );
    expect(badLength.json().error).toContain(VOICE_MESSAGES.lengthInvalid);
  });

  it('trims avoid terms and include elements and ignores duplicates', async () => {
    const res = await call(
      'POST',
      '/api/voice-settings',
      form('Trimmed', {
        avoid_terms: [' jargon ', 'Jargon', '', 'hype'],
        include_elements: ['tips', ' tips'],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().voice_setting).toMatchObject({
      avoid_terms: ['jargon', 'hype'],
      include_elements: ['tips'],
    });
  });

  it('clones, sets a new default (only one), and will not delete the default', async () => {
    const source = (await list()).find((v) => v.name === 'Empathetic')!;
    const {
      id: _id,
      is_default: _d,
      ...fields
    } = (await call('GET', `/api/voice-settings/${source.id}`)).json().voice_setting as Voice &
      Record<string, unknown>;
    const { created_at: _c, updated_at: _u, ...copy } = fields as Record<string, unknown>;
    const clone = await call('POST', '/api/voice-settings', { ...copy, name: voiceCloneName(source.name) });
    expect(clone.statusCode, clone.body).toBe(201);
    const cloneId = clone.json().voice_setting.id as string;

    const set = await call('POST', `/api/voice-settings/${cloneId}/set-default`);
    expect(set.json().voice_setting.is_default).toBe(true);
    const voices = await list();
    expect(voices.filter((v) => v.is_default).map((v) => v.id)).toEqual([cloneId]);
    expect(voices[0]!.id).toBe(cloneId);

    const refused = await call('DELETE', `/api/voice-settings/${cloneId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(VOICE_MESSAGES.cannotDeleteDefault);

    const old = voices.find((v) => v.name === 'Default Voice')!;
    expect((await call('DELETE', `/api/voice-settings/${old.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/voice-settings/${old.id}`)).statusCode).toBe(404);
  });

  it('makes a new setting the only default when created as default, and edits one', async () => {
    const created = await call('POST', '/api/voice-settings', form('Fresh default', { is_default: true }));
    expect(created.statusCode).toBe(201);
    expect((await list()).filter((v) => v.is_default).map((v) => v.name)).toEqual(['Fresh default']);
    const id = created.json().voice_setting.id as string;
    const edited = await call('PUT', `/api/voice-settings/${id}`, {
      tone: 'bright',
      avoid_terms: ['a', 'A '],
    });
    expect(edited.json().voice_setting).toMatchObject({
      tone: 'bright',
      avoid_terms: ['a'],
      is_default: true,
    });
    const unset = await call('PUT', `/api/voice-settings/${id}`, { is_default: false });
    expect(unset.statusCode).toBe(400);
  });

  it('answers 409 for a name already used and 404 for an unknown setting', async () => {
    const dup = await call('POST', '/api/voice-settings', form('Urgent'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(VOICE_MESSAGES.nameTaken);
    expect((await call('GET', '/api/voice-settings/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/voice-settings/00000000-0000-4000-8000-000000000000/set-default')).statusCode,
    ).toBe(404);
  });

  it('falls back to the built-in default when none is stored', async () => {
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update voice_settings set is_default = false`,
    );
    const res = await call('GET', '/api/voice-settings/default');
    expect(res.json().voice_setting).toMatchObject({
      id: 'builtin',
      ...DEFAULT_VOICE_SETTING,
      is_default: true,
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voice-settings' })).statusCode).toBe(401);
  });
});
