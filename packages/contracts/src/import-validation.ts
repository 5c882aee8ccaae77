import {
  ADMIN_SPECIAL_NEEDS,
  ADMIN_TIMELINES,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CURRENT_SUPPORT_OPTIONS,
} from './lead-options';
import { SIMPLE_EMAIL } from './lead-form';
import type { LeadChild } from './leads';
import { countDigits } from './lead-score';

/**
 * Server-side validation of one imported row (the spec leaves it to us). Errors make the row
 * invalid; warnings leave it importable. Values are matched to the admin option lists
 * case-insensitively, and the public enrolment form's spellings are mapped to them.
 */
export type ImportLead = {
  email: string;
  parent_name: string;
  phone: string | null;
  timeline: string | null;
  timeline_date: string | null;
  biggest_concerns: string | null;
  children: LeadChild[];
};

export type RowVerdict = { lead: ImportLead; errors: string[]; warnings: string[] };

export const IMPORT_LIMITS = {
  email: 254,
  parent_name: 160,
  phone: 40,
  biggest_concerns: 5000,
  child_name: 120,
  grade: 40,
};

const PUBLIC_TIMELINE_SPELLINGS: Record<string, string> = {
  'in a few months': 'Next semester',
  'in six months': 'Next semester',
  'next year': 'Next school year',
  'next semester': 'Next semester',
  asap: 'Immediately',
  exploring: 'Just exploring',
};

const PUBLIC_NEED_SPELLINGS: Record<string, string> = {
  'autism / asd': 'Autism/ASD',
  autism: 'Autism/ASD',
  asd: 'Autism/ASD',
  'adhd / add': 'ADHD',
  add: 'ADHD',
  'learning differences': 'Learning Disabilities',
  'speech/language': 'Speech/Language Delays',
  'speech / language': 'Speech/Language Delays',
  'processing disorders': 'Sensory Processing',
  'behavioral support': 'Other',
  'anxiety / depression': 'Anxiety/Depression',
};

const SUPPORT_SPELLINGS: Record<string, string> = {
  '504': '504 Plan',
  ot: 'Occupational Therapy (OT)',
  'occupational therapy': 'Occupational Therapy (OT)',
  pt: 'Physical Therapy (PT)',
  'physical therapy': 'Physical Therapy (PT)',
  none: 'None currently',
};

function matchOption(
  value: string,
  options: readonly string[],
  spellings: Record<string, string>,
): string | null {
  const key = value.trim().toLowerCase();
  return options.find((o) => o.toLowerCase() === key) ?? spellings[key] ?? null;
}

/** A special need in the admin list's words (public form spellings mapped), or null when unknown. */
export const adminSpecialNeed = (value: string) =>
  matchOption(value, ADMIN_SPECIAL_NEEDS, PUBLIC_NEED_SPELLINGS);
/** A current support in the admin list's words, or null when unknown. */
export const adminCurrentSupport = (value: string) =>
  matchOption(value, CURRENT_SUPPORT_OPTIONS, SUPPORT_SPELLINGS);

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(text) : text(v).split(','))
    .map((s) => s.trim())
    .filter((s) => s && s.toLowerCase() !== 'none');

/** A free-text cell: at most `max` characters, and no NUL character (a database cannot store it). */
function checkText(errors: string[], label: string, value: string | null, max: number) {
  if (!value) return;
  if (value.length > max) errors.push(`${label} is longer than ${max} characters`);
  if (value.includes('\u0000')) errors.push(`${label} contains a NUL character, which cannot be stored`);
}

function validateChild(
  raw: Record<string, unknown>,
  n: number,
  errors: string[],
  warnings: string[],
): LeadChild {
  const name = text(raw.name);
  checkText(errors, `Child ${n} name`, name, IMPORT_LIMITS.child_name);
  const ageText = text(raw.age);
  let age: number | null = null;
  if (ageText) {
    const parsed = Number(ageText);
    if (!Number.isInteger(parsed)) errors.push(`Child ${n} age must be a whole number`);
    else if (parsed < CHILD_AGE_MIN || parsed > CHILD_AGE_MAX) {
      errors.push(`Child ${n} age must be between ${CHILD_AGE_MIN} and ${CHILD_AGE_MAX}`);
    } else age = parsed;
  } else if (name) warnings.push(`Child ${n} has no age`);

  const special_needs: string[] = [];
  for (const need of list(raw.special_needs)) {
    const matched = matchOption(need, ADMIN_SPECIAL_NEEDS, PUBLIC_NEED_SPELLINGS);
    if (matched) special_needs.push(matched);
    else errors.push(`Child ${n} special need "${need}" is not one of the options`);
  }
  const current_support: string[] = [];
  for (const support of list(raw.current_support)) {
    const matched = matchOption(support, CURRENT_SUPPORT_OPTIONS, SUPPORT_SPELLINGS);
    if (matched) current_support.push(matched);
    else errors.push(`Child ${n} current support "${support}" is not one of the options`);
  }
  const grade = text(raw.grade) || null;
  checkText(errors, `Child ${n} grade`, grade, IMPORT_LIMITS.grade);
  return {
    name,
    age,
    grade,
    special_needs: [...new Set(special_needs)],
    current_support: [...new Set(current_support)],
  };
}

/** Validates one row. `today` decides whether a timeline date is in the past (a warning). */
export function validateImportRow(raw: Record<string, unknown>, today: Date = new Date()): RowVerdict {
  const errors: string[] = [];
  const warnings: string[] = [];
  const email = text(raw.email).toLowerCase();
  const parent_name = text(raw.parent_name);
  if (!email) errors.push('Email is required');
  else if (!SIMPLE_EMAIL.test(email)) errors.push('Email is not a valid address');
  if (!parent_name) errors.push('Parent name is required');
  checkText(errors, 'Email', email, IMPORT_LIMITS.email);
  checkText(errors, 'Parent name', parent_name, IMPORT_LIMITS.parent_name);

  const rawChildren = Array.isArray(raw.children) ? (raw.children as Record<string, unknown>[]) : [];
  const children = rawChildren
    .filter((c) => c && typeof c === 'object' && (text(c.name) || text(c.age)))
    .map((c, i) => validateChild(c, i + 1, errors, warnings));
  if (children.length === 0) errors.push('At least one child is required');
  children.forEach((c, i) => {
    if (!c.name) errors.push(`Child ${i + 1} name is required`);
  });

  const phone = text(raw.phone) || null;
  checkText(errors, 'Phone', phone, IMPORT_LIMITS.phone);
  if (!phone) warnings.push('No phone number');
  else if (countDigits(phone) < 10) warnings.push('Phone number has fewer than 10 digits');

  const timelineText = text(raw.timeline);
  let timeline: string | null = null;
  if (timelineText) {
    timeline = matchOption(timelineText, ADMIN_TIMELINES, PUBLIC_TIMELINE_SPELLINGS);
    if (!timeline) errors.push(`Timeline "${timelineText}" is not one of the options`);
  }
  const dateText = text(raw.timeline_date);
  let timeline_date: string | null = null;
  if (dateText) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dateText) || Number.isNaN(Date.parse(dateText))) {
      errors.push('Timeline date must be a date (YYYY-MM-DD)');
    } else {
      timeline_date = dateText;
      if (dateText < today.toISOString().slice(0, 10)) warnings.push('Timeline date is in the past');
    }
  }
  const biggest_concerns = text(raw.biggest_concerns) || null;
  checkText(errors, 'Biggest concerns', biggest_concerns, IMPORT_LIMITS.biggest_concerns);

  const extra = Array.isArray(raw.extra_columns) ? raw.extra_columns.map(text).filter(Boolean) : [];
  if (extra.length) warnings.push(`Unknown columns ignored: ${extra.join(', ')}`);

  return {
    lead: { email, parent_name, phone, timeline, timeline_date, biggest_concerns, children },
    errors,
    warnings,
  };
}
