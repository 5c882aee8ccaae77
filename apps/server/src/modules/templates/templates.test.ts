import { TEMPLATE_CATEGORIES, type EmailTemplate } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, queryRows, type TestApp } from '../../test/test-app';
import { createTemplatesRepository } from './templates.repository';
import { createTemplatesService } from './templates.service';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginToken(t.app);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let counter = 0;
/** A valid template form: two declared variables, both used, and an unsubscribe link. */
function makeTemplate(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Spring open morning ${counter}`,
    description: 'Invitation to the spring open morning',
    category: 'events',
    subject_template: 'Join us, {{first_name}}',
    content_html_template:
      '<h1>Hello {{first_name}}</h1><p>{$child_name} is welcome too.</p><p><a href="{{unsubscribe}}">Unsubscribe</a></p>',
    content_text_template: '',
    variables_schema: [
      {
        key: 'first_name',
        label: 'First name',
        type: 'text',
        required: true,
        default_value: null,
        description: null,
      },
      { key: 'child_name', label: 'Child name', type: 'text', required: false, default_value: 'your child' },
    ],
    segment_tags: [' Autism ', 'autism', 'ADHD'],
    personalization_level: 'medium',
    is_active: true,
    ...overrides,
  };
}

async function createTemplate(overrides: Record<string, unknown> = {}): Promise<EmailTemplate> {
  const res = await call('POST', '/api/templates', makeTemplate(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().template as EmailTemplate;
}

describe('templates: create, read, change, delete', () => {
  it('needs a session for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/templates'],
      ['GET', '/api/templates/categories'],
      ['POST', '/api/templates/validate'],
      ['POST', '/api/templates/create-defaults'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('creates a template with trimmed, deduplicated tags and answers it in full', async () => {
    const template = await createTemplate();
    expect(template).toMatchObject({
      category: 'events',
      segment_tags: ['Autism', 'ADHD'],
      personalization_level: 'medium',
      is_active: true,
      usage_count: 0,
      last_used_at: null,
      content_text_template: null,
    });
    expect(template.variables_schema[1]).toEqual({
      key: 'child_name',
      label: 'Child name',
      type: 'text',
      required: false,
      default_value: 'your child',
      description: null,
    });
    expect(template.created_by).toEqual(expect.any(String));
    const got = await call('GET', `/api/templates/${template.id}`);
    expect(got.json().template).toEqual(template);
  });

  it('refuses a form missing the required fields with their messages', async () => {
    const res = await call(
      'POST',
      '/api/templates',
      makeTemplate({ name: ' ', subject_template: '', content_html_template: '' }),
    );
    expect(res.statusCode).toBe(400);
    const messages = (res.json().details as { message: string }[]).map((d) => d.message);
    expect(messages).toEqual([
      'Template name is required',
      'Subject template is required',
      'HTML template is required',
    ]);
  });

  it('refuses variables without key or label', async () => {
    const res = await call(
      'POST',
      '/api/templates',
      makeTemplate({ variables_schema: [{ key: '', label: '' }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Variable key is required');
  });

  it('refuses a save with validation errors, listing them', async () => {
    const res = await call(
      'POST',
      '/api/templates',
      makeTemplate({ content_html_template: '<p>Hi {{first_name</p>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please fix validation errors before saving');
    expect(res.json().details[0].message).toMatch(
      /HTML template line 1: placeholder "\{\{first_name<\/p>" is not closed/,
    );
  });

  it('refuses <img onerror> and script, saying what is removed; nothing is stored', async () => {
    const before = await queryRows(t.database, sql`select count(*)::int as n from email_templates`);
    const res = await call(
      'POST',
      '/api/templates',
      makeTemplate({
        content_html_template:
          '<p>{{first_name}} {{child_name}}</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
      }),
    );
    expect(res.statusCode).toBe(400);
    const detail = res.json().details[0].message as string;
    expect(detail).toContain('onerror event handler on <img>');
    expect(detail).toContain('<script> element');
    expect(detail).toContain('javascript: URL in <a href>');
    const after = await queryRows(t.database, sql`select count(*)::int as n from email_templates`);
    expect(after).toEqual(before);
    const check = await call('POST', '/api/templates/validate', {
      ...makeTemplate(),
      content_html_template: '<p>{{first_name}} {{child_name}}</p><img src=x alt="" onerror="alert(1)">',
    });
    expect(check.json()).toMatchObject({
      isValid: false,
      errors: [
        'Unsafe HTML removed: onerror event handler on <img>. A template cannot run scripts or load other pages; take these out and validate again.',
      ],
    });
  });

  it('turns a template off with {is_active} alone, and back on', async () => {
    const template = await createTemplate();
    const off = await call('PUT', `/api/templates/${template.id}`, { is_active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().template).toMatchObject({ is_active: false, name: template.name });
    const on = await call('PUT', `/api/templates/${template.id}`, { is_active: true });
    expect(on.json().template.is_active).toBe(true);
  });

  it('changes the whole form, checking it again', async () => {
    const template = await createTemplate();
    const res = await call('PUT', `/api/templates/${template.id}`, {
      ...makeTemplate({ name: 'Renamed', category: 'welcome' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toMatchObject({ name: 'Renamed', category: 'welcome' });
    const bad = await call('PUT', `/api/templates/${template.id}`, {
      content_html_template: '<p>{{ a.b }}</p>',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please fix validation errors before saving');
  });

  it('refuses unknown fields and bad ids', async () => {
    expect((await call('POST', '/api/templates', makeTemplate({ usage_count: 9 }))).statusCode).toBe(400);
    expect((await call('GET', '/api/templates/not-an-id')).statusCode).toBe(400);
    const missing = await call('GET', '/api/templates/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Template not found');
  });

  it('deletes a template', async () => {
    const template = await createTemplate();
    const res = await call('DELETE', `/api/templates/${template.id}`);
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', `/api/templates/${template.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/templates/${template.id}`)).statusCode).toBe(404);
  });
});

describe('templates: list, categories, stats', () => {
  it('searches, filters by category and activity, and pages by offset', async () => {
    const unique = `Zebra ${Date.now()}`;
    const a = await createTemplate({ name: `${unique} A`, category: 'resources' });
    await createTemplate({ name: `${unique} B`, category: 'general', is_active: false });
    const all = (await call('GET', `/api/templates?search=${encodeURIComponent(unique)}`)).json();
    expect(all.total).toBe(2);
    const resources = (
      await call('GET', `/api/templates?search=${encodeURIComponent(unique)}&category=resources`)
    ).json();
    expect(resources.templates.map((x: EmailTemplate) => x.id)).toEqual([a.id]);
    const active = (
      await call('GET', `/api/templates?search=${encodeURIComponent(unique)}&is_active=true`)
    ).json();
    expect(active.templates.map((x: EmailTemplate) => x.name)).toEqual([`${unique} A`]);
    const page = (
      await call('GET', `/api/templates?search=${encodeURIComponent(unique)}&limit=1&offset=1`)
    ).json();
    expect(page).toMatchObject({ total: 2, templates: [{ name: `${unique} A` }] });
    const wild = (await call('GET', '/api/templates?search=%25')).json();
    expect(wild.total).toBe(0);
  });

  it('refuses a bad list query', async () => {
    expect((await call('GET', '/api/templates?limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/templates?category=spam')).statusCode).toBe(400);
    expect((await call('GET', '/api/templates?is_active=yes')).statusCode).toBe(400);
  });

  it('counts every category, zero included', async () => {
    const res = await call('GET', '/api/templates/categories');
    const categories = res.json().categories as { category: string; count: number }[];
    expect(categories.map((c) => c.category)).toEqual([...TEMPLATE_CATEGORIES]);
    const rows = await queryRows(
      t.database,
      sql`select category, count(*)::int as n from email_templates group by category`,
    );
    for (const c of categories) expect(c.count).toBe(rows.find((r) => r.category === c.category)?.n ?? 0);
  });

  it('keeps usage for campaigns and reports it in stats', async () => {
    const template = await createTemplate();
    const service = createTemplatesService({ repo: createTemplatesRepository(t.database.db) });
    const at = new Date('2026-03-01T09:00:00Z');
    expect(await service.recordUse(template.id, at)).toBe(true);
    expect(await service.recordUse(template.id, at)).toBe(true);
    const got = (await call('GET', `/api/templates/${template.id}`)).json().template;
    expect(got).toMatchObject({ usage_count: 2, last_used_at: at.toISOString() });
    const stats = (await call('GET', '/api/templates/stats')).json();
    expect(stats.most_used[0]).toMatchObject({ id: template.id, usage_count: 2 });
    expect(stats.total).toBe(stats.active + stats.inactive);
    expect(stats.total_usage).toBeGreaterThanOrEqual(2);
    expect(stats.by_category).toHaveLength(5);
  });
});

describe('templates: the service campaigns call', () => {
  const service = () => createTemplatesService({ repo: createTemplatesRepository(t.database.db) });

  it("renders one recipient's subject, HTML and text from a saved template", async () => {
    const template = await createTemplate();
    const email = await service().renderForRecipient(template.id, {
      first_name: 'Ann & Co',
      unsubscribe: 'https://s.example/u/42',
    });
    expect(email.subject).toBe('Join us, Ann & Co');
    expect(email.html).toContain('<h1>Hello Ann &amp; Co</h1>');
    expect(email.html).toContain('your child is welcome too.');
    expect(email.text).toContain('Unsubscribe [https://s.example/u/42]');
  });

  it('refuses a recipient missing a required variable, and an unknown template', async () => {
    const template = await createTemplate();
    await expect(service().renderForRecipient(template.id, {})).rejects.toThrow(
      'Missing required template variables: first_name',
    );
    await expect(service().prepareEmail('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'Template not found',
    );
    expect(await service().recordUse('00000000-0000-4000-8000-000000000000')).toBe(false);
  });
});

describe('templates: validate, extract-variables, preview', () => {
  it('validates a draft: errors and warnings, without saving', async () => {
    const res = await call('POST', '/api/templates/validate', {
      name: 'Draft',
      category: 'newsletter',
      subject_template: 'Hello {{first_name}}',
      content_html_template: '<p>{{first_name}} {{mystery}}</p><img src="https://x.example/a.png">',
      variables_schema: [
        { key: 'first_name', label: 'First name' },
        { key: 'unused', label: 'Unused' },
        { key: 'link', label: 'Link', type: 'url', default_value: 'javascript:alert(1)' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isValid).toBe(false);
    expect(body.errors).toEqual(['Variable "link": the default value is not a valid URL (use https://...)']);
    expect(body.warnings).toEqual([
      '{{mystery}} is used but not declared; add it on the Variables tab',
      'Variable "unused" is declared but not used',
      'Variable "link" is declared but not used',
      '1 image has no alt text; describe it for screen readers (alt="" if decorative)',
      'No {{unsubscribe}} placeholder: Newsletter emails go to families in bulk and campaigns need an unsubscribe link',
    ]);
  });

  it('validates an empty draft with the required-field errors', async () => {
    const body = (await call('POST', '/api/templates/validate', {})).json();
    expect(body).toEqual({
      isValid: false,
      errors: [
        'Template name is required',
        'Category is required',
        'Subject template is required',
        'HTML template is required',
      ],
      warnings: [],
    });
  });

  it('refuses HTML over 100 KB (Gmail clips it)', async () => {
    const html = `<p>{{first_name}}</p>${'<p>long text</p>'.repeat(7000)}`;
    const body = (
      await call('POST', '/api/templates/validate', { ...makeTemplate(), content_html_template: html })
    ).json();
    expect(body.errors[0]).toMatch(/^HTML template is 110 KB; keep it under 100 KB/);
  });

  it('extracts the variables of subject, HTML and text in order', async () => {
    const res = await call('POST', '/api/templates/extract-variables', {
      subject_template: '{{ first_name }}',
      content_html_template: '<p>{$child_name} {{first_name}} {{constructor}}</p>',
      content_text_template: '{{unsubscribe}}',
    });
    expect(res.json()).toEqual({ variables: ['first_name', 'child_name', 'unsubscribe'] });
  });

  it('previews with sample data, given values winning, HTML escaped and text derived', async () => {
    const template = await createTemplate();
    const sample = (await call('POST', `/api/templates/${template.id}/preview`, { variables: {} })).json();
    expect(sample.subject).toBe('Join us, Sarah');
    expect(sample.html_content).toContain('Emma is welcome too.');
    expect(sample.html_content).toContain('href="https://example.com/unsubscribe"');
    expect(sample.text_content).toContain('Hello Sarah');
    expect(sample.missing_variables).toEqual([]);
    const edited = (
      await call('POST', `/api/templates/${template.id}/preview`, {
        variables: { first_name: '<b>Jo</b>', child_name: null },
      })
    ).json();
    expect(edited.subject).toBe('Join us, <b>Jo</b>');
    expect(edited.html_content).toContain('Hello &lt;b&gt;Jo&lt;/b&gt;');
    expect(edited.text_content).toContain('Hello <b>Jo</b>');
    expect(edited.html_content).toContain('Emma is welcome too.');
  });

  it('inlines CSS in the preview, keeping media queries', async () => {
    const template = await createTemplate({
      content_html_template:
        '<html><head><style>p{color:#1f2937} @media (max-width:480px){p{font-size:16px}}</style></head><body><p>{{first_name}} {{child_name}} <a href="{{unsubscribe}}">Unsubscribe</a></p></body></html>',
    });
    const preview = (await call('POST', `/api/templates/${template.id}/preview`, { variables: {} })).json();
    expect(preview.html_content).toMatch(/<p style="color: #1f2937;">Sarah Emma/);
    expect(preview.html_content).toContain('@media (max-width:480px)');
  });
});
