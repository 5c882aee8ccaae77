import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  escapeTemplateHtml,
  extractTemplateVariables,
  isSafeTemplateUrl,
  isTemplateVariableName,
  parseTemplate,
  renderCompiledTemplate,
  renderTemplate,
  renderTemplateReport,
  templateLineOf,
} from './template-render';
import { normalizeSegmentTags, templateCreateSchema, templateVariableSchema } from './templates';

const html = { mode: 'html' } as const;
const text = { mode: 'text' } as const;

describe('parseTemplate', () => {
  it('finds {{ name }} and {$name} placeholders, with or without spaces', () => {
    const parsed = parseTemplate('Hi {{name}}, {{ child_name }} and {$child_age} / {$ school_name }');
    expect(parsed.variables).toEqual(['name', 'child_name', 'child_age', 'school_name']);
    expect(parsed.placeholderCount).toBe(4);
    expect(parsed.issues).toEqual([]);
  });

  it('lists each variable once, in order of first use', () => {
    expect(parseTemplate('{{b}} {{a}} {$b} {{a}}').variables).toEqual(['b', 'a']);
  });

  it('reports an unclosed placeholder with its offset', () => {
    const parsed = parseTemplate('Hello {{name and more');
    expect(parsed.variables).toEqual([]);
    expect(parsed.issues).toEqual([{ kind: 'unclosed', index: 6, text: '{{name and more' }]);
  });

  it('reports a placeholder closed by a single brace as unclosed', () => {
    expect(parseTemplate('{{name}').issues[0]?.kind).toBe('unclosed');
  });

  it('reports a nested opening as unclosed, then reads the inner placeholder', () => {
    const parsed = parseTemplate('{{ {{name}} }}');
    expect(parsed.issues.map((i) => i.kind)).toEqual(['unclosed']);
    expect(parsed.variables).toEqual(['name']);
  });

  it('reports expressions, paths and calls as malformed', () => {
    const parsed = parseTemplate(
      "{{constructor.constructor('return process')()}} {{a.b}} {{ 1 + 1 }} {{name | upper}} {{}}",
    );
    expect(parsed.variables).toEqual([]);
    expect(parsed.issues.map((i) => i.kind)).toEqual([
      'malformed',
      'malformed',
      'malformed',
      'malformed',
      'malformed',
    ]);
  });

  it('reports prototype names as reserved', () => {
    const parsed = parseTemplate('{{constructor}} {{__proto__}} {$prototype} {{toString}}');
    expect(parsed.variables).toEqual([]);
    expect(parsed.issues.map((i) => i.kind)).toEqual(['reserved', 'reserved', 'reserved', 'reserved']);
  });

  it('leaves CSS braces alone', () => {
    const css = '<style>@media (max-width:600px){.a{width:100%}} p{margin:0}</style>{{name}}';
    const parsed = parseTemplate(css);
    expect(parsed.issues).toEqual([]);
    expect(parsed.variables).toEqual(['name']);
  });

  it('lists at most 50 problems but counts them all', () => {
    const parsed = parseTemplate('{{a.b}}'.repeat(500));
    expect(parsed.issues).toHaveLength(50);
    expect(parsed.issueCount).toBe(500);
  });
});

describe('extractTemplateVariables', () => {
  it('reads subject, html and text with the same parser', () => {
    expect(
      extractTemplateVariables(
        'Hi {{name}}',
        '<p>{$child_name} {{name}}</p>',
        null,
        undefined,
        'x {{forward}}',
      ),
    ).toEqual(['name', 'child_name', 'forward']);
  });
});

describe('renderTemplate', () => {
  it('substitutes both syntaxes', () => {
    expect(
      renderTemplate(
        'Dear {{ name }}, {$child_name} is {{child_age}}',
        { name: 'Sam', child_name: 'Ava', child_age: 8 },
        text,
      ),
    ).toBe('Dear Sam, Ava is 8');
  });

  it('escapes values in HTML and leaves them raw in text', () => {
    const vars = { name: `<script>alert(1)</script> & "x" 'y'` };
    expect(renderTemplate('<p>{{name}}</p>', vars, html)).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; &#39;y&#39;</p>',
    );
    expect(renderTemplate('{{name}}', vars, text)).toBe(vars.name);
  });

  it('cannot break out of a quoted attribute', () => {
    const out = renderTemplate('<a title="{{name}}">x</a>', { name: '" onmouseover="alert(1)' }, html);
    expect(out).toBe('<a title="&quot; onmouseover=&quot;alert(1)">x</a>');
  });

  it('looks up own properties only: prototype names render as nothing', () => {
    const report = renderTemplateReport(
      "[{{constructor}}][{{__proto__}}][{{toString}}][{{constructor.constructor('return process')()}}][{{hasOwnProperty}}]",
      {},
      html,
    );
    expect(report.output).toBe('[][][][][]');
    expect(report.invalid).toHaveLength(5);
  });

  it('ignores a JSON __proto__ key and inherited values', () => {
    const vars = JSON.parse('{"__proto__": {"name": "polluted"}, "child_name": "Ava"}') as Record<
      string,
      unknown
    >;
    expect(renderTemplate('{{name}}|{{__proto__}}|{{child_name}}', vars, text)).toBe('||Ava');
    const inherited = Object.create({ name: 'inherited' }) as Record<string, unknown>;
    expect(renderTemplate('{{name}}', inherited, text)).toBe('');
  });

  it('renders objects, arrays, functions and non-finite numbers as nothing', () => {
    const vars = { a: { toString: () => 'x' }, b: ['y'], c: () => 'z', d: Number.NaN, e: null, f: true };
    expect(renderTemplate('{{a}}{{b}}{{c}}{{d}}{{e}}{{f}}', vars, text)).toBe('true');
  });

  it('never evaluates: a value that looks like a placeholder stays text', () => {
    expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'no' }, text)).toBe('{{b}}');
  });

  it('uses defaults and reports missing and required variables', () => {
    const schema = [
      { key: 'name', required: true },
      { key: 'school_name', default_value: 'Lantern Academy' },
      { key: 'child_name' },
    ];
    const report = renderTemplateReport(
      '{{name}} at {{school_name}}: {{child_name}}{{name}}',
      {},
      { mode: 'text', schema },
    );
    expect(report.output).toBe(' at Lantern Academy: ');
    expect(report.missing).toEqual(['name', 'child_name']);
    expect(report.missingRequired).toEqual(['name']);
  });

  it('treats an empty value as missing so the default applies', () => {
    expect(
      renderTemplate('{{a}}', { a: '' }, { mode: 'text', schema: [{ key: 'a', default_value: 'd' }] }),
    ).toBe('d');
  });

  it('refuses unsafe URLs in url and image variables', () => {
    const schema = [
      { key: 'link', type: 'url' as const },
      { key: 'pic', type: 'image' as const },
    ];
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      '//evil.example',
    ]) {
      const report = renderTemplateReport(
        '<a href="{{link}}"><img src="{{pic}}"></a>',
        { link: bad, pic: bad },
        { mode: 'html', schema },
      );
      expect(report.output).toBe('<a href=""><img src=""></a>');
      expect(report.unsafeUrls).toEqual(['link', 'pic']);
    }
    expect(
      renderTemplate('{{link}}', { link: 'https://school.example/a?b=1&c=2' }, { mode: 'html', schema }),
    ).toBe('https://school.example/a?b=1&amp;c=2');
  });

  it('fills an href or src only with a safe URL, whatever the declared type', () => {
    const source =
      '<a href="{{link}}">{{link}}</a><img src={{link}}><a href="https://s.example/{{link}}">x</a>';
    const bad = renderTemplateReport(source, { link: 'javascript:alert(1)' }, html);
    expect(bad.output).toBe(
      '<a href="">javascript:alert(1)</a><img src=><a href="https://s.example/javascript:alert(1)">x</a>',
    );
    expect(bad.unsafeUrls).toEqual(['link']);
    const good = renderTemplate(source, { link: 'https://ok.example' }, html);
    expect(good).toContain('<a href="https://ok.example">');
    expect(renderTemplate('href="{{link}}"', { link: 'javascript:x' }, text)).toBe('href="javascript:x"');
  });

  it('inserts declared html variables unescaped in HTML only', () => {
    const schema = [{ key: 'block', type: 'html' as const }];
    expect(renderTemplate('{{block}}', { block: '<b>Hi</b>' }, { mode: 'html', schema })).toBe('<b>Hi</b>');
    expect(renderTemplate('{{block}}', { block: '<b>Hi</b>' }, html)).toBe('&lt;b&gt;Hi&lt;/b&gt;');
  });

  it('keeps an unclosed placeholder as literal text', () => {
    expect(renderTemplate('a {{name b', { name: 'x' }, text)).toBe('a {{name b');
  });

  it('renders a compiled template many times with different values', () => {
    const compiled = compileTemplate('<p>{{name}}</p>');
    expect(renderCompiledTemplate(compiled, { name: 'A' }, html).output).toBe('<p>A</p>');
    expect(renderCompiledTemplate(compiled, { name: 'B' }, html).output).toBe('<p>B</p>');
  });
});

describe('hostile templates render inertly and fast', () => {
  const within = (ms: number, run: () => void) => {
    const started = performance.now();
    run();
    expect(performance.now() - started).toBeLessThan(ms);
  };

  it('100,000 placeholders', () => {
    const source = '{{name}} '.repeat(100_000);
    within(1000, () => {
      const out = renderTemplate(source, { name: 'x' }, html);
      expect(out.length).toBe(200_000);
    });
  });

  it('10 MB of text', () => {
    const source = 'a'.repeat(10 * 1024 * 1024);
    within(1000, () => expect(parseTemplate(source).parts).toHaveLength(1));
  });

  it('10 MB of opening braces (no quadratic rescans)', () => {
    for (const source of ['{'.repeat(10_000_000), '{{'.repeat(2_000_000) + '}}', '{$'.repeat(2_000_000)]) {
      within(2000, () => parseTemplate(source));
    }
  });

  it('long unclosed placeholders followed by text', () => {
    const source = ('{{' + 'x'.repeat(1000)).repeat(5000);
    within(1000, () => expect(parseTemplate(source).issueCount).toBe(5000));
  });

  it('deeply nested tags', () => {
    const source = '<div>'.repeat(100_000) + '{{name}}' + '</div>'.repeat(100_000);
    within(1000, () => expect(renderTemplate(source, { name: '<x>' }, html)).toContain('&lt;x&gt;'));
  });

  it('lone surrogates (invalid UTF-16) pass through as text', () => {
    const source = '\uD800{{name}}\uDFFF';
    expect(renderTemplate(source, { name: '\uDC00' }, text)).toBe('\uD800\uDC00\uDFFF');
  });
});

describe('helpers', () => {
  it('escapes the five HTML specials and backticks', () => {
    expect(escapeTemplateHtml('&<>"\'`')).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
    expect(escapeTemplateHtml('plain')).toBe('plain');
    // The test regex must not keep state between calls.
    expect(escapeTemplateHtml('<')).toBe('&lt;');
    expect(escapeTemplateHtml('<')).toBe('&lt;');
  });

  it('accepts web, mail and relative URLs only', () => {
    expect(isSafeTemplateUrl('https://a.example')).toBe(true);
    expect(isSafeTemplateUrl('mailto:office@school.example')).toBe(true);
    expect(isSafeTemplateUrl('/unsubscribe')).toBe(true);
    expect(isSafeTemplateUrl('#top')).toBe(true);
    expect(isSafeTemplateUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeTemplateUrl('')).toBe(false);
  });

  it('knows variable names', () => {
    expect(isTemplateVariableName('child_name')).toBe(true);
    expect(isTemplateVariableName('1abc')).toBe(false);
    expect(isTemplateVariableName('constructor')).toBe(false);
    expect(isTemplateVariableName('a'.repeat(65))).toBe(false);
  });

  it('gives 1-based lines and columns', () => {
    expect(templateLineOf('ab\ncd\nef', 7)).toEqual({ line: 3, column: 2 });
    expect(templateLineOf('abc', 0)).toEqual({ line: 1, column: 1 });
  });
});

describe('template schemas', () => {
  it('trims and deduplicates segment tags', () => {
    expect(normalizeSegmentTags([' Autism ', 'autism', '', 'ADHD', 'ADHD '])).toEqual(['Autism', 'ADHD']);
  });

  it('requires a variable key and label, with the spec messages', () => {
    const result = templateVariableSchema.safeParse({ key: ' ', label: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Variable key is required',
      'Display label is required',
    ]);
    expect(templateVariableSchema.safeParse({ key: 'constructor', label: 'x' }).success).toBe(false);
  });

  it('fills the create defaults', () => {
    const parsed = templateCreateSchema.parse({
      name: 'A',
      subject_template: 'S',
      content_html_template: '<p>x</p>',
    });
    expect(parsed).toMatchObject({
      category: 'newsletter',
      personalization_level: 'medium',
      is_active: true,
      variables_schema: [],
      segment_tags: [],
    });
  });

  it('requires name, subject and HTML', () => {
    const result = templateCreateSchema.safeParse({
      name: '',
      subject_template: ' ',
      content_html_template: ' ',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Template name is required',
      'Subject template is required',
      'HTML template is required',
    ]);
  });
});
