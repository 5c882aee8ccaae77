// The template renderer the send engine depends on (issue 21), on one core (CPU time of this
// process, so a busy machine does not change the figure much):
// - renders per second of a 100 KB HTML template with 50 variables for 10,000 recipients with the
//   shared renderer (target >= 5,000/s), and as a whole email (subject, HTML with its CSS already
//   inlined, text: what campaigns do per recipient after prepareTemplateEmail);
// - the same with the densest template the validation allows (2 placeholders in every paragraph,
//   about 1,450) and long values that all need escaping: reported, no target (its output passes
//   128 KB, where V8 allocates each string in its large-object space, which halves the rate);
// - extract-variables and validate on the 100 KB template, median of 50 runs (target < 20 ms);
// - prepareTemplateEmail once (CSS inlining and text derivation, once per send, not per recipient).
// Usage: npx tsx bench/template-render.ts [--recipients 10000]
import { parseArgs } from 'node:util';
import { compileTemplate, extractTemplateVariables, renderCompiledTemplate } from '../packages/contracts/src';
import { prepareTemplateEmail } from '../apps/server/src/modules/templates/template-email';
import { checkTemplate } from '../apps/server/src/modules/templates/template-validation';
import { median, reportResult } from './lib.mjs';

const { values } = parseArgs({ options: { recipients: { type: 'string', default: '10000' } } });
const RECIPIENTS = Number(values.recipients);
const VARIABLES = 50;
const TARGET_BYTES = 100 * 1024 - 2048;

const keys = Array.from({ length: VARIABLES }, (_, i) => `var_${i}`);
const variablesSchema = keys.map((key, i) => ({
  key,
  label: `Variable ${i}`,
  type: i === 0 ? ('url' as const) : ('text' as const),
  required: i < 5,
  default_value: null,
  description: null,
}));

/**
 * A 100 KB newsletter: CSS in the head, table layout, paragraphs of which every `every`-th uses two
 * variables (every 4th: about 360 placeholders, a long real template; every one: about 1,450).
 */
function buildTemplate(every: number): string {
  const head = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{var_1}}</title><style>
body{margin:0;background:#f3f4f6} .card{max-width:600px;background:#fff} .content{padding:28px;font-family:Arial,sans-serif;color:#1f2937;line-height:1.6}
p{margin:0 0 16px} a{color:#1d4ed8} @media (max-width:480px){.content{padding:16px!important}}</style></head><body>
<table role="presentation" width="100%" class="card"><tr><td class="content"><h1>Hello {{var_1}},</h1>`;
  // Every variable used at least once, then the links.
  const tail = `<p>${keys.map((k) => `{{${k}}}`).join(' ')}</p><p><a href="{{var_0}}">Read more</a></p><p><a href="{{unsubscribe}}">Unsubscribe</a></p></td></tr></table></body></html>`;
  let body = '';
  for (let i = 0; body.length + head.length + tail.length < TARGET_BYTES; i++) {
    const a = keys[i % VARIABLES];
    const b = keys[(i * 7 + 3) % VARIABLES];
    body +=
      i % every === 0
        ? `<p class="p${i % 5}">Paragraph ${i}: news for {{${a}}} and {$${b}} from our school, with practical ideas for home and dates for the diary.</p>\n`
        : `<p class="p${i % 5}">Paragraph ${i}: news from our school this term, with practical ideas for home and the dates for your diary.</p>\n`;
  }
  return head + body + tail;
}

/** A recipient's values: like real ones (names with an apostrophe or an ampersand), or long ones that all need escaping. */
function recipientValues(n: number, long: boolean): Record<string, string> {
  const values: Record<string, string> = { unsubscribe: `https://school.example/u/${n}` };
  for (const key of keys) {
    if (key === 'var_0') values[key] = `https://school.example/r/${n}`;
    else if (long) values[key] = `Value ${n} & <${key}>`;
    else
      values[key] = ['Sarah', "O'Neil", 'Emma & Jack', `${n % 12}`, 'Next semester'][(n + key.length) % 5]!;
  }
  return values;
}

/** Renders per second of CPU time (user + system of every thread here, so GC counts); wall time printed too. */
function rate(
  label: string,
  recipients: Record<string, string>[],
  renderOne: (v: Record<string, string>) => number,
) {
  for (let i = 0; i < 200; i++) renderOne(recipients[i % recipients.length]!); // warm up
  let total = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const values of recipients) total += renderOne(values);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  const perSecond = Math.round(recipients.length / seconds);
  const kb = (total / recipients.length / 1024).toFixed(1);
  console.log(
    `${label}: ${recipients.length} renders, ${seconds.toFixed(2)} s CPU (${wall.toFixed(2)} s wall) = ${perSecond}/s per core (${kb} KB each)`,
  );
  return perSecond;
}

// The renderer joins into a flat string; reading its last character would flatten a rope if it were one.
const flat = (s: string) => (s.charCodeAt(s.length - 1), s.length);

function measure(name: string, every: number, long: boolean) {
  const html = buildTemplate(every);
  const compiled = compileTemplate(html);
  console.log(
    `${name}: template ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB, ${compiled.variables.length} variables, ${compiled.slots.length} placeholders`,
  );
  // Values made before timing: the send engine reads them from the database, not the renderer.
  const recipients = Array.from({ length: RECIPIENTS }, (_, n) => recipientValues(n, long));
  const renderRate = rate('  shared renderer (HTML)', recipients, (v) =>
    flat(renderCompiledTemplate(compiled, v, { mode: 'html', schema: variablesSchema }).output),
  );
  const source = {
    subject_template: 'News for {{var_1}} from {{var_2}}',
    content_html_template: html,
    content_text_template: null,
    variables_schema: variablesSchema,
  };
  const started = performance.now();
  const prepared = prepareTemplateEmail(source);
  const prepareMs = performance.now() - started;
  console.log(
    `  prepareTemplateEmail (CSS inlined, text derived, once per send): ${prepareMs.toFixed(0)} ms`,
  );
  const emailRate = rate('  whole email (subject, inlined HTML, text)', recipients, (v) => {
    const email = prepared.render(v);
    return flat(email.html) + flat(email.text) + flat(email.subject);
  });
  return { source, renderRate, emailRate, prepareMs };
}

function medianMs(run: () => unknown) {
  const times: number[] = [];
  for (let i = 0; i < 55; i++) {
    const started = performance.now();
    run();
    if (i >= 5) times.push(performance.now() - started);
  }
  return Number(median(times).toFixed(2));
}

const typical = measure('typical', 4, false);
const dense = measure('densest', 1, true);

const { source } = typical;
const extractMs = medianMs(() =>
  extractTemplateVariables(
    source.subject_template,
    source.content_html_template,
    source.content_text_template,
  ),
);
const draft = { name: 'Bench', category: 'newsletter', ...source };
const check = checkTemplate(draft);
if (check.errors.length) throw new Error(`the bench template should be valid: ${check.errors.join('; ')}`);
const validateMs = medianMs(() => checkTemplate(draft));
console.log(`extract-variables: ${extractMs} ms, validate: ${validateMs} ms (median of 50)`);

reportResult({
  name: 'template render, 100 KB, 50 variables',
  figure: typical.renderRate,
  unit: 'renders/s',
  target: '>= 5000',
});
reportResult({
  name: 'template email (subject+HTML+text), 100 KB',
  figure: typical.emailRate,
  unit: 'emails/s',
  target: '>= 5000',
});
reportResult({ name: 'template render, densest 100 KB', figure: dense.renderRate, unit: 'renders/s' });
reportResult({ name: 'template email, densest 100 KB', figure: dense.emailRate, unit: 'emails/s' });
reportResult({ name: 'template extract-variables, 100 KB', figure: extractMs, unit: 'ms', target: '< 20' });
reportResult({ name: 'template validate, 100 KB', figure: validateMs, unit: 'ms', target: '< 20' });
reportResult({
  name: 'template prepare (CSS inline + text), 100 KB',
  figure: Math.round(typical.prepareMs),
  unit: 'ms',
});
