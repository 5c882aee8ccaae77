/**
 * The one template renderer (spec document 3, 3.10): `{{ name }}` and `{$name}` placeholders,
 * substitution only. Used by the server, the editor preview and every campaign email, so it is
 * pure and browser-safe (no Node APIs) and never evaluates anything: a placeholder is a name
 * looked up as an own property of the variables given, nothing more.
 *
 * The scanner is linear in the template's length whatever it holds (10 MB, 100,000 placeholders,
 * thousands of unclosed braces): each character is looked at a bounded number of times.
 */

/** The longest name a placeholder may have. */
export const TEMPLATE_VARIABLE_NAME_MAX = 64;
/** How far past `{{` or `{$` the scanner looks for the closing braces before calling it unclosed. */
export const TEMPLATE_PLACEHOLDER_MAX_LENGTH = 200;
/** At most this many problems are listed; the rest are counted. */
export const TEMPLATE_PARSE_ISSUES_LISTED = 50;

/** A variable name: a letter or underscore, then letters, digits or underscores. */
export const TEMPLATE_VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Names an object inherits or that reach its prototype: never variables, whatever is given. */
export const TEMPLATE_RESERVED_NAMES: readonly string[] = [
  '__proto__',
  'prototype',
  'constructor',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
];
const RESERVED = new Set(TEMPLATE_RESERVED_NAMES);

export const isTemplateVariableName = (name: string) =>
  TEMPLATE_VARIABLE_NAME_PATTERN.test(name) && !RESERVED.has(name);

export type PlaceholderSyntax = 'braces' | 'dollar';

export type TemplateParseIssueKind = 'unclosed' | 'malformed' | 'reserved';

export type TemplateParseIssue = {
  kind: TemplateParseIssueKind;
  /** Offset of the opening brace in the source. */
  index: number;
  /** The offending text, cut to TEMPLATE_PLACEHOLDER_MAX_LENGTH characters. */
  text: string;
};

export type TemplatePart =
  | { kind: 'text'; value: string }
  | { kind: 'variable'; name: string; syntax: PlaceholderSyntax; index: number }
  /** A placeholder that is not one (bad name, reserved name): renders as nothing. */
  | { kind: 'invalid'; raw: string; index: number };

export type ParsedTemplate = {
  parts: TemplatePart[];
  /** Distinct variable names in order of first use. */
  variables: string[];
  /** How many placeholders (valid or not) the template holds. */
  placeholderCount: number;
  /** The first TEMPLATE_PARSE_ISSUES_LISTED problems. */
  issues: TemplateParseIssue[];
  issueCount: number;
};

const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const DOLLAR = 36; // $

/**
 * Finds where a placeholder opened at `from` (just past `{{` or `{$`) closes: the index of the
 * closing `}` (the first of `}}` for braces), or -1 when another `{` or the length limit comes
 * first. Stopping at the next `{` keeps the whole scan linear.
 */
function findClose(source: string, from: number, double: boolean): number {
  const limit = Math.min(source.length, from + TEMPLATE_PLACEHOLDER_MAX_LENGTH);
  for (let i = from; i < limit; i++) {
    const c = source.charCodeAt(i);
    if (c === OPEN_BRACE) return -1;
    if (c === CLOSE_BRACE) {
      if (!double) return i;
      if (source.charCodeAt(i + 1) === CLOSE_BRACE) return i;
      return -1;
    }
  }
  return -1;
}

/** Splits a template into text and placeholders, reporting unclosed and malformed ones. */
export function parseTemplate(source: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const variables: string[] = [];
  const seen = new Set<string>();
  const issues: TemplateParseIssue[] = [];
  let issueCount = 0;
  let placeholderCount = 0;
  let textStart = 0;
  let i = 0;

  const report = (kind: TemplateParseIssueKind, index: number, text: string) => {
    issueCount++;
    if (issues.length < TEMPLATE_PARSE_ISSUES_LISTED)
      issues.push({ kind, index, text: text.slice(0, TEMPLATE_PLACEHOLDER_MAX_LENGTH) });
  };
  const flushText = (end: number) => {
    if (end > textStart) parts.push({ kind: 'text', value: source.slice(textStart, end) });
  };

  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open === -1) break;
    const next = source.charCodeAt(open + 1);
    if (next !== OPEN_BRACE && next !== DOLLAR) {
      i = open + 1;
      continue;
    }
    const double = next === OPEN_BRACE;
    const close = findClose(source, open + 2, double);
    if (close === -1) {
      report('unclosed', open, source.slice(open, open + 40));
      i = open + 2;
      continue;
    }
    const end = close + (double ? 2 : 1);
    const raw = source.slice(open, end);
    const name = source.slice(open + 2, close).trim();
    flushText(open);
    placeholderCount++;
    if (!TEMPLATE_VARIABLE_NAME_PATTERN.test(name)) {
      report('malformed', open, raw);
      parts.push({ kind: 'invalid', raw, index: open });
    } else if (RESERVED.has(name)) {
      report('reserved', open, raw);
      parts.push({ kind: 'invalid', raw, index: open });
    } else {
      parts.push({ kind: 'variable', name, syntax: double ? 'braces' : 'dollar', index: open });
      if (!seen.has(name)) {
        seen.add(name);
        variables.push(name);
      }
    }
    textStart = end;
    i = end;
  }
  flushText(source.length);
  return { parts, variables, placeholderCount, issues, issueCount };
}

/** Distinct variable names used across the given templates, in order of first use. */
export function extractTemplateVariables(...sources: (string | null | undefined)[]): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    if (!source) continue;
    for (const name of parseTemplate(source).variables) {
      if (seen.has(name)) continue;
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}

/** 1-based line and column of an offset, for messages an author can act on. */
export function templateLineOf(source: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < index; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

// ---- rendering ----

/** Escapes the HTML specials (and backticks, for old IE attribute parsing) in one pass. */
export function escapeTemplateHtml(value: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    let entity: string;
    // prettier-ignore
    switch (value.charCodeAt(i)) {
      case 38: entity = '&amp;'; break; // &
      case 60: entity = '&lt;'; break; // <
      case 62: entity = '&gt;'; break; // >
      case 34: entity = '&quot;'; break; // "
      case 39: entity = '&#39;'; break; // '
      case 96: entity = '&#96;'; break; // `
      default: continue;
    }
    out += value.slice(last, i) + entity;
    last = i + 1;
  }
  return last === 0 ? value : out + value.slice(last);
}

/** Schemes a url or image variable may carry; anything else (javascript:, data:, vbscript:) renders as nothing. */
const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|#|\/(?!\/))/i;
/** A URL without the spaces and control characters browsers ignore inside a scheme ('java\tscript:'). */
export function compactTemplateUrl(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 0x20 && code !== 0x7f) out += value[i];
  }
  return out;
}

/** True for an absolute http(s), mailto or tel URL, a fragment or a site-relative path. */
export function isSafeTemplateUrl(value: string): boolean {
  const compact = compactTemplateUrl(value);
  return compact.length > 0 && SAFE_URL.test(compact);
}

export type TemplateVariableKind = 'text' | 'html' | 'url' | 'image';

/** What the renderer needs of a declared variable (a subset of the variables_schema entry). */
export type RenderVariableSpec = {
  key: string;
  type?: TemplateVariableKind;
  required?: boolean;
  default_value?: string | null;
};

export type RenderMode = 'html' | 'text';

export type RenderOptions = {
  /** 'html' escapes values (except declared html ones); 'text' (subject, plain text) inserts them raw. */
  mode: RenderMode;
  /** The template's declared variables: their defaults, required flags and types. */
  schema?: readonly RenderVariableSpec[];
};

export type RenderReport = {
  output: string;
  /** Variables used with no value and no default (each once). */
  missing: string[];
  /** Required variables used with no value and no default (each once). */
  missingRequired: string[];
  /** url/image variables, and values starting an href or src, that were not safe URLs (rendered as nothing). */
  unsafeUrls: string[];
  /** Placeholders that are not variables (rendered as nothing). */
  invalid: string[];
};

export type TemplateVariables = Readonly<Record<string, unknown>>;

/** A variable's own value as text, or undefined: only own properties, only scalars. */
function ownValue(variables: TemplateVariables, name: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(variables, name)) return undefined;
  const value = variables[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/**
 * A template parsed once and rendered many times (a campaign's recipients): the text between
 * placeholders and, for each placeholder, which variable fills it. A render resolves each distinct
 * variable once (lookup, default, URL check, escaping), then joins.
 */
export type CompiledTemplate = {
  /** Distinct variable names in order of first use. */
  variables: string[];
  /** texts[i] comes before placeholder i; one more text than placeholders. */
  texts: string[];
  /** For each placeholder, its index in `variables`, or -1 for one that is not a variable. */
  slots: number[];
  /** Distinct placeholders that are not variables (they render as nothing). */
  invalid: string[];
  /** Placeholders that start a URL attribute (href="{{x}}"): in HTML only safe URLs fill them. */
  urlSlots: boolean[];
};

/** Text ending where a URL attribute's value starts: `href="`, `src='`, `href=`. */
const URL_ATTRIBUTE_START = /\b(?:href|src|action|formaction|background|poster|xlink:href)\s*=\s*["']?\s*$/i;

export function compileTemplate(source: string): CompiledTemplate {
  const { parts, variables } = parseTemplate(source);
  const indexOf = new Map(variables.map((name, i) => [name, i]));
  const texts: string[] = [];
  const slots: number[] = [];
  const urlSlots: boolean[] = [];
  const invalid = new Set<string>();
  let text = '';
  for (const part of parts) {
    if (part.kind === 'text') {
      text += part.value;
      continue;
    }
    urlSlots.push(URL_ATTRIBUTE_START.test(text.slice(-40)));
    texts.push(text);
    text = '';
    if (part.kind === 'variable') slots.push(indexOf.get(part.name)!);
    else {
      slots.push(-1);
      invalid.add(part.raw);
    }
  }
  texts.push(text);
  return { variables, texts, slots, invalid: [...invalid], urlSlots };
}

type SpecIndex = Map<string, RenderVariableSpec>;
const specIndexCache = new WeakMap<readonly RenderVariableSpec[], SpecIndex>();
function specIndex(schema: readonly RenderVariableSpec[] | undefined): SpecIndex | undefined {
  if (!schema) return undefined;
  let index = specIndexCache.get(schema);
  if (!index) {
    index = new Map(schema.map((s) => [s.key, s]));
    specIndexCache.set(schema, index);
  }
  return index;
}

/** Renders a compiled template with a full report of what was missing or refused. */
export function renderCompiledTemplate(
  template: CompiledTemplate,
  variables: TemplateVariables,
  options: RenderOptions,
): RenderReport {
  const specs = specIndex(options.schema);
  const html = options.mode === 'html';
  const missing: string[] = [];
  const missingRequired: string[] = [];
  const unsafeUrls: string[] = [];
  const resolved: string[] = new Array<string>(template.variables.length);
  /** Each variable's value before escaping, for the URL check of url attributes. */
  const raw: string[] = new Array<string>(template.variables.length);
  template.variables.forEach((name, i) => {
    resolved[i] = '';
    raw[i] = '';
    const spec = specs?.get(name);
    let value = ownValue(variables, name);
    if (value === undefined || value === '') value = spec?.default_value ?? undefined;
    if (value === undefined || value === '') {
      missing.push(name);
      if (spec?.required) missingRequired.push(name);
      return;
    }
    const type = spec?.type ?? 'text';
    if ((type === 'url' || type === 'image') && !isSafeTemplateUrl(value)) {
      unsafeUrls.push(name);
      return;
    }
    raw[i] = value;
    // A declared html variable is HTML by intent; the server sanitises such values before they get here.
    resolved[i] = html && type !== 'html' ? escapeTemplateHtml(value) : value;
  });
  // One join: V8 sizes the result once and copies each piece, instead of building a rope.
  const { texts, slots, urlSlots } = template;
  const pieces = new Array<string>(texts.length + slots.length);
  pieces[0] = texts[0]!;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    let piece = slot === -1 ? '' : resolved[slot]!;
    // Whatever its declared type, a value that starts an href or src must be a safe URL.
    if (html && urlSlots[i] && piece && !isSafeTemplateUrl(raw[slot]!)) {
      const name = template.variables[slot]!;
      if (!unsafeUrls.includes(name)) unsafeUrls.push(name);
      piece = '';
    }
    pieces[2 * i + 1] = piece;
    pieces[2 * i + 2] = texts[i + 1]!;
  }
  return { output: pieces.join(''), missing, missingRequired, unsafeUrls, invalid: [...template.invalid] };
}

/** Renders a template source; see renderCompiledTemplate. */
export function renderTemplateReport(
  source: string,
  variables: TemplateVariables,
  options: RenderOptions,
): RenderReport {
  return renderCompiledTemplate(compileTemplate(source), variables, options);
}

/** Renders a template source to its text: the common case. */
export const renderTemplate = (source: string, variables: TemplateVariables, options: RenderOptions) =>
  renderTemplateReport(source, variables, options).output;
