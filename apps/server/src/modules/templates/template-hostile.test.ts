import type { EmailTemplate } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { STARTER_TEMPLATES } from './starter-templates';
import { checkTemplate } from './template-validation';

// Hostile templates answer 400 (413 for a body over the limit) or render inertly, fast; the
// starter set is added once and passes its own validation.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...headers },
    payload: payload as string,
  });

const form = (html: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Hostile',
  category: 'general',
  subject_template: 'Subject',
  content_html_template: html,
  ...overrides,
});

/** Runs a call and checks it answered within `ms`. */
async function within<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  expect(performance.now() - started).toBeLessThan(ms);
  return result;
}

describe('hostile templates', () => {
  it('renders prototype-walk placeholders as nothing and refuses to save them', async () => {
    const html =
      "<p>[{{constructor}}][{{__proto__}}][{{constructor.constructor('return process')()}}][{$toString}]</p>";
    const extract = await post('/api/templates/extract-variables', { content_html_template: html });
    expect(extract.json()).toEqual({ variables: [] });
    const check = (await post('/api/templates/validate', form(html))).json();
    expect(check.isValid).toBe(false);
    expect(check.errors).toEqual([
      'HTML template line 1: "{{constructor}}" is a reserved name and cannot be a variable',
      'HTML template line 1: "{{__proto__}}" is a reserved name and cannot be a variable',
      `HTML template line 1: "{{constructor.constructor('return process')()}}" is not a placeholder; use a variable name such as {{child_name}}`,
      'HTML template line 1: "{$toString}" is a reserved name and cannot be a variable',
    ]);
    const save = await post('/api/templates', form(html));
    expect(save.statusCode).toBe(400);
  });

  it('refuses prototype keys in preview values and ignores inherited names', async () => {
    const created = await post('/api/templates', form('<p>{{first_name}}|{{school_name}}</p>'));
    const template = created.json().template as EmailTemplate;
    const url = `/api/templates/${template.id}/preview`;
    const json = { 'content-type': 'application/json' };
    const proto = await post(url, '{"variables": {"__proto__": {"school_name": "polluted"}}}', json);
    expect(proto.statusCode).toBe(400);
    const ctor = await post(
      url,
      '{"variables": {"constructor": {"prototype": {"school_name": "polluted"}}}}',
      json,
    );
    expect(ctor.statusCode).toBe(400);
    const names = await post(url, { variables: { toString: 'x', valueOf: 'y', first_name: 'Jo' } });
    expect(names.statusCode).toBe(200);
    expect(names.json().html_content).toBe('<p>Jo|Lantern Academy</p>');
    expect(({} as Record<string, unknown>).school_name).toBeUndefined();
  });

  it('answers 413 for a 10 MB body, at once', async () => {
    const res = await within(2000, () =>
      post('/api/templates/validate', JSON.stringify(form('a'.repeat(10 * 1024 * 1024))), {
        'content-type': 'application/json',
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Request body is too large (at most 2 MB)');
  });

  it('answers 400 for a source over the hard limit inside the body limit', async () => {
    const res = await post('/api/templates/validate', form('a'.repeat(1_500_000)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Template is too large');
  });

  it('handles 100,000 placeholders within a time bound: reported, not saved', async () => {
    const html = '{{a}}'.repeat(100_000);
    const extract = await within(2000, () =>
      post('/api/templates/extract-variables', { content_html_template: html }),
    );
    expect(extract.json()).toEqual({ variables: ['a'] });
    const check = (await within(3000, () => post('/api/templates/validate', form(html)))).json();
    expect(check.isValid).toBe(false);
    expect(check.errors.join('\n')).toContain('Too many placeholders (100000); at most 2000');
  });

  it('refuses deeply nested tags within a time bound', async () => {
    const html = `${'<div>'.repeat(5000)}{{a}}${'</div>'.repeat(5000)}`;
    const check = (await within(3000, () => post('/api/templates/validate', form(html)))).json();
    expect(check.errors).toContain('HTML template is nested 5000 levels deep; at most 100');
    expect((await post('/api/templates', form(html))).statusCode).toBe(400);
  });

  it('refuses more CSS rules than the inliner can take quickly', async () => {
    const css = Array.from({ length: 400 }, (_, i) => `.c${i} span{color:#111}`).join('\n');
    const check = (await post('/api/templates/validate', form(`<style>${css}</style><p>x</p>`))).json();
    expect(check.errors).toContain(
      'HTML template has 400 CSS rules; at most 300 (email needs few: remove unused styles)',
    );
  });

  it('stores invalid UTF-8 inertly as replacement characters', async () => {
    const json = Buffer.from(JSON.stringify(form('<p>X</p>', { name: 'Bad #' })));
    const at = json.indexOf('#');
    const broken = Buffer.concat([
      json.subarray(0, at),
      Buffer.from([0xc3, 0x28, 0xff]),
      json.subarray(at + 1),
    ]);
    const res = await post('/api/templates', broken, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().template.name).toBe('Bad \ufffd(\ufffd');
  });

  it('answers 400 for a NUL character, never 500', async () => {
    const res = await post('/api/templates', form('<p>a\u0000b</p>'));
    expect(res.statusCode).toBe(400);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await post('/api/templates/validate', '{"name": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Malformed JSON body');
  });
});

describe('starter templates', () => {
  it('each passes validation with no errors and no warnings', () => {
    for (const starter of STARTER_TEMPLATES) {
      const check = checkTemplate({ ...starter, is_active: true });
      expect({ key: starter.default_key, errors: check.errors, warnings: check.warnings }).toEqual({
        key: starter.default_key,
        errors: [],
        warnings: [],
      });
    }
  });

  it('each is a phone-ready, accessible document with an unsubscribe link and its variables declared', () => {
    for (const starter of STARTER_TEMPLATES) {
      const html = starter.content_html_template;
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toContain('@media (max-width: 480px)');
      expect(html).toContain('href="{{unsubscribe}}"');
      expect(html).not.toMatch(/<img/);
      expect(starter.variables_schema.length).toBeGreaterThan(2);
    }
  });

  it('covers one template per category', () => {
    expect(STARTER_TEMPLATES.map((s) => s.category)).toEqual([
      'newsletter',
      'welcome',
      'resources',
      'events',
      'general',
    ]);
  });

  it('adds the five once: asking again adds none', async () => {
    const first = await post('/api/templates/create-defaults', undefined);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 5, existing: 0 });
    const again = (await post('/api/templates/create-defaults', undefined)).json();
    expect(again).toMatchObject({ created: 0, existing: 5 });
    expect(again.templates.map((x: EmailTemplate) => x.default_key)).toEqual([
      'newsletter',
      'welcome',
      'resources',
      'events',
      'general',
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/templates?limit=200',
      headers: bearer(token),
    });
    const keys = (list.json().templates as EmailTemplate[]).map((x) => x.default_key).filter(Boolean);
    expect(keys.sort()).toEqual(['events', 'general', 'newsletter', 'resources', 'welcome']);
  });

  it('previews a starter with sample data: personalised, unsubscribe filled, text derived', async () => {
    const { templates } = (await post('/api/templates/create-defaults', undefined)).json() as {
      templates: EmailTemplate[];
    };
    const welcome = templates.find((x) => x.default_key === 'welcome')!;
    const res = await post(`/api/templates/${welcome.id}/preview`, {
      variables: { visit_url: 'https://school.example/visit' },
    });
    const preview = res.json();
    expect(preview.subject).toBe('Thank you for getting in touch, Sarah');
    expect(preview.html_content).toContain('It was good to hear about Emma.');
    expect(preview.html_content).toContain('(age 8)');
    expect(preview.html_content).toContain('href="https://example.com/unsubscribe"');
    expect(preview.text_content).toContain('Book a visit [https://school.example/visit]');
    expect(preview.text_content).toContain('Unsubscribe [https://example.com/unsubscribe]');
    expect(preview.missing_variables).toEqual([]);
  });
});
