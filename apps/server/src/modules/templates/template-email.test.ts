import { describe, expect, it } from 'vitest';
import {
  MissingTemplateVariablesError,
  prepareTemplateEmail,
  renderTemplateEmail,
  type TemplateSource,
} from './template-email';
import { sanitizeTemplateHtml } from './template-html';

const source = (overrides: Partial<TemplateSource> = {}): TemplateSource => ({
  subject_template: 'News for {{first_name}}',
  content_html_template:
    '<!DOCTYPE html><html><head><style>.btn{color:#1d4ed8}</style></head><body><h1>Hello {{first_name}}</h1>{{block}}<p><a class="btn" href="{{unsubscribe}}">Unsubscribe</a></p></body></html>',
  content_text_template: null,
  variables_schema: [
    { key: 'first_name', type: 'text', required: true },
    { key: 'block', type: 'html', default_value: '<p onclick="x()">Default <b>block</b></p>' },
  ],
  ...overrides,
});

describe('renderTemplateEmail (the campaigns call)', () => {
  it('gives subject, HTML with inlined CSS, and text derived from the HTML', () => {
    const email = renderTemplateEmail(source(), { first_name: 'Sam', unsubscribe: 'https://s.example/u/1' });
    expect(email.subject).toBe('News for Sam');
    expect(email.html).toMatch(/^<!DOCTYPE html>/);
    expect(email.html).toContain(
      '<a class="btn" href="https://s.example/u/1" style="color: #1d4ed8;">Unsubscribe</a>',
    );
    expect(email.text).toContain('Hello Sam');
    expect(email.text).toContain('Unsubscribe [https://s.example/u/1]');
  });

  it('throws when a required variable has no value and no default', () => {
    expect(() => renderTemplateEmail(source(), { unsubscribe: 'https://s.example/u' })).toThrow(
      MissingTemplateVariablesError,
    );
    expect(() => renderTemplateEmail(source(), {})).toThrow(
      'Missing required template variables: first_name',
    );
  });

  it('sanitises html variables and their defaults, and converts them for the text part', () => {
    const prepared = prepareTemplateEmail(source());
    const given = prepared.render({
      first_name: 'Sam',
      block: '<p>Hi<img src=x onerror="alert(1)"><script>bad()</script></p>',
    });
    expect(given.html).toContain('<p>Hi<img src="x" /></p>');
    expect(given.html).not.toMatch(/onerror|script/);
    const fallback = prepared.render({ first_name: 'Sam' });
    expect(fallback.html).toContain('<p>Default <b>block</b></p>');
    expect(fallback.text).toContain('Default block');
    expect(fallback.text).not.toContain('<b>');
  });

  it('keeps a subject to one header line whatever the values hold', () => {
    const email = renderTemplateEmail(source(), { first_name: 'Sam\r\nBcc: victim@example.com' });
    expect(email.subject).toBe('News for Sam Bcc: victim@example.com');
  });

  it('uses the text template when there is one', () => {
    const email = renderTemplateEmail(source({ content_text_template: 'Hi {{first_name}} <b>' }), {
      first_name: 'A&B',
    });
    expect(email.text).toBe('Hi A&B <b>');
  });

  it('renders many recipients from one preparation', () => {
    const prepared = prepareTemplateEmail(source());
    const names = ['Ann', 'Ben', '<Cy>'];
    const htmls = names.map((first_name) => prepared.render({ first_name }).html);
    expect(htmls[2]).toContain('Hello &lt;Cy&gt;');
    expect(htmls[0]).toContain('Hello Ann');
  });
});

describe('sanitizeTemplateHtml', () => {
  it('keeps placeholders, CSS, tables and the doctype', () => {
    const html =
      '<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width"><style>@media (max-width:480px){.a{padding:0}}</style></head><body><table role="presentation" width="100%"><tr><td class="a" style="color:#333">Hi {{name}} &nbsp;&copy; {$child_name}</td></tr></table><a href="{{unsubscribe}}">U</a></body></html>';
    const report = sanitizeTemplateHtml(html);
    expect(report.removed).toEqual([]);
    // Entities come back as the characters they stand for: the same rendering.
    expect(report.html).toBe(
      html.replace('device-width">', 'device-width" />').replace('&nbsp;&copy;', '\u00a0©'),
    );
  });

  it('removes and names scripts, handlers, javascript: and data: URLs, frames, forms and CSS expressions', () => {
    const report = sanitizeTemplateHtml(
      '<p onclick="a()">x</p><a href=" JaVa&#09;script:alert(1)">y</a><a href="java\tscript:alert(1)">t</a><img src="data:text/html,x" alt="">' +
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form><svg><script>1</script></svg>' +
        '<p style="width:expression(alert(1))">z</p><style>@import url(https://evil.example/x.css); p{background:url(javascript:alert(1))}</style>',
    );
    expect(report.removed).toEqual(
      expect.arrayContaining([
        'onclick event handler on <p>',
        'javascript: URL in <a href>',
        'data: URL in <img src>',
        '<iframe> element',
        '<form> element',
        '<input> element',
        '<svg> element',
        '<script> element',
        'script in a style attribute',
        'script or @import in a <style> element',
      ]),
    );
    expect(report.html).not.toMatch(/onclick|javascript|expression\(|@import|<script|<iframe|<form|data:/i);
  });

  it('counts images without alt and measures nesting', () => {
    const report = sanitizeTemplateHtml(
      '<div><div><img src="https://a.example/a.png"><img src="https://a.example/b.png" alt=""></div></div>',
    );
    expect(report.imagesWithoutAlt).toBe(1);
    expect(report.maxDepth).toBe(3);
  });
});

describe('sanitizeTemplateHtml against encoded schemes', () => {
  it.each([
    '<a href=" JaVa&#09;script:alert(1)">y</a>',
    '<a href="&#106;avascript:alert(1)">y</a>',
    '<a href="&#0000106avascript:alert(1)">y</a>',
    '<a href="jav&#x61;script:alert(1)">y</a>',
    '<a href="javascript&colon;alert(1)">y</a>',
    '<img src="&#x6A;avascript:x" alt="">',
    '<a href="vbscript:msgbox(1)">y</a>',
  ])('removes %s and says so', (html) => {
    const report = sanitizeTemplateHtml(html);
    expect(report.removed.join()).toMatch(/(javascript|vbscript): URL/);
    expect(report.html).not.toMatch(/script|&#|&colon/i);
  });
});
