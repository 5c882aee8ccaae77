import {
  ADMIN_SPECIAL_NEEDS,
  ADMIN_TIMELINES,
  checkRuleGroup,
  CURRENT_SUPPORT_OPTIONS,
  leadMatchesRules,
  RULE_FIELD_TYPES,
  RULE_FIELDS,
  RULE_OPERATORS,
  type CheckedGroup,
  type RuleGroup,
  type RuleLead,
} from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';
import { leadsTable } from '../leads';
import { factsRuleSource, leadsRuleSource, segmentRulesSql, type RuleSource } from './rules-sql';
import { leadRuleFacts } from './segments.tables';

// The property: for random leads and random rules, the SQL the server runs selects exactly the
// leads the plain in-memory evaluator of @lantern/contracts selects, over the leads table and over
// the rules' narrow projection of it (lead_rule_facts, kept by triggers: these leads reach it
// through the API's import, raw inserts and updates).

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let ruleLeads: (RuleLead & { id: string })[] = [];

/** A small deterministic random source for the lead data (fast-check drives the rules). */
function seeded(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const NAMES = ['Ana Lopez', 'ben o’neil', 'CHLOE Park', 'Dev Shah', 'Ella-Mae Ross', 'finn', 'Grace Hall'];
const CONCERNS = ['Transitions', 'lunch time\nand noise', '  ', 'Reading, writing', 'Autism support', ''];
const TIMELINES = [...ADMIN_TIMELINES, 'next SEMESTER', 'In a few months', null];
const PHONES = ['(555) 201-3344', '555.010.1234', null, '  ', '+44 20 7946 0018'];

beforeAll(async () => {
  t = await createTestApp();
  const token = await loginToken(t.app);
  const rnd = seeded(7);
  // Leads through the API (children facts written by the app)...
  for (let i = 0; i < 70; i++) {
    const childCount = 1 + Math.floor(rnd.next() * 3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads/import/single',
      headers: bearer(token),
      payload: {
        email: `${rnd.pick(['ana', 'Ben', 'chloe', 'dev'])}.${i}@${rnd.pick(['example.org', 'School.edu'])}`,
        parent_name: rnd.pick(NAMES),
        phone: rnd.pick(PHONES)?.trim() || undefined,
        timeline: rnd.pick(TIMELINES) ?? undefined,
        biggest_concerns: rnd.pick(CONCERNS),
        children: Array.from({ length: childCount }, (_, k) => ({
          name: rnd.pick(['Sam', 'alex', 'Robin Lee', 'Max']) + (k ? ` ${k}` : ''),
          age: rnd.next() < 0.15 ? null : Math.floor(rnd.next() * 19),
          special_needs: ADMIN_SPECIAL_NEEDS.filter(() => rnd.next() < 0.2),
          current_support: CURRENT_SUPPORT_OPTIONS.filter(() => rnd.next() < 0.15),
        })),
      },
    });
    expect(res.statusCode).toBe(201);
  }
  // ...and a few with no children at all (a chat lead before the parent named a child).
  for (let i = 0; i < 4; i++) {
    await t.database.db.execute(
      sql`insert into leads (email, parent_name) values (${`nochild${i}@example.org`}, ${rnd.pick(NAMES)})`,
    );
  }
  // Creation dates spread over the last 400 days.
  const rows = (await t.database.db.execute(sql`select id from leads order by email`)) as unknown as {
    rows: { id: string }[];
  };
  for (const { id } of rows.rows) {
    const createdAt = new Date(
      NOW.getTime() - Math.floor(rnd.next() * 400 * DAY) - Math.floor(rnd.next() * DAY),
    );
    await t.database.db.execute(
      sql`update leads set created_at = ${createdAt.toISOString()} where id = ${id}`,
    );
  }
  // What the in-memory evaluator sees: read from the children themselves, not the facts columns.
  const loaded = (await t.database.db.execute(sql`
    select l.id, l.email, l.parent_name, l.phone, l.timeline, l.biggest_concerns, l.lead_score,
      l.created_at::text as created_at,
      coalesce((select json_agg(json_build_object('name', c->'name', 'age', c->'age',
        'special_needs', c->'specialNeeds', 'current_support', c->'currentSupport') order by o)
        from jsonb_array_elements(l.children) with ordinality as k(c, o)), '[]') as children
    from leads l`)) as unknown as {
    rows: (Omit<RuleLead, 'created_at'> & { id: string; created_at: string })[];
  };
  ruleLeads = loaded.rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
});
afterAll(() => t.close());

const textValues = fc.constantFrom(
  'ana',
  'ANA',
  'ben o’neil',
  'lopez',
  'example.org',
  '555',
  'e',
  'sam',
  'robin lee',
  'autism',
  'transitions',
  'next semester',
  'Immediately',
  'zzz',
  'a l',
);
const regexValues = fc.constantFrom(
  '^a',
  'ez$',
  '[0-9]{3}',
  'a.e',
  'sam|max',
  '^$',
  'next|immediate',
  '\\d+',
  '(an)+',
  'o.*n',
  '^[A-Z]',
  'noise$',
  '\\s',
  // Patterns with literals (searched for first on the lowered columns: regex-literals.ts).
  '^(ana|ben)\\.',
  '^(dev|CHLOE)',
  'ana\\.',
  '@school\\.edu$',
  'lo+pez',
  '^s',
  'park$',
  '(sam|max) ?[0-9]?',
  '^grace h',
  'IMMEDIATE',
);
const optionValues = fc.constantFrom(
  ...ADMIN_SPECIAL_NEEDS,
  ...CURRENT_SUPPORT_OPTIONS,
  'adhd',
  'iep',
  'None',
);
const dayValues = fc
  .integer({ min: 0, max: 420 })
  .map((days) => new Date(NOW.getTime() - days * DAY).toISOString().slice(0, 10));

const condition = fc.constantFrom(...RULE_FIELDS).chain((field) => {
  const type = RULE_FIELD_TYPES[field];
  return fc.constantFrom(...RULE_OPERATORS[type]).chain((operator) => {
    let value: fc.Arbitrary<string | number>;
    if (operator === 'is_empty' || operator === 'is_not_empty') value = fc.constant('');
    else if (operator === 'matches_regex') value = regexValues;
    else if (operator === 'days_since') value = fc.integer({ min: 0, max: 420 });
    else if (type === 'date') value = dayValues;
    else if (type === 'number' || field === 'all_ages') value = fc.integer({ min: -1, max: 100 });
    else if (type === 'array') value = optionValues;
    else if (field === 'timeline') value = fc.constantFrom(...ADMIN_TIMELINES, 'NEXT semester', 'month');
    else value = textValues;
    return value.map((v) => ({ field, operator, value: v }));
  });
});

const group = fc.record({
  operator: fc.constantFrom('AND', 'OR'),
  conditions: fc.array(condition, { minLength: 0, maxLength: 4 }),
});

function checked(g: RuleGroup, kind: 'inclusion' | 'exclusion'): CheckedGroup {
  const result = checkRuleGroup(g, kind);
  if ('problem' in result) throw new Error(result.problem);
  return result.group;
}

const SOURCES = [
  { name: 'the leads table', source: leadsRuleSource, from: sql`${leadsTable}`, id: sql`id` },
  { name: 'lead_rule_facts', source: factsRuleSource, from: sql`${leadRuleFacts}`, id: sql`lead_id` },
] as const;

async function matchesOn(
  { source, from, id }: { source: RuleSource; from: SQL; id: SQL },
  inclusion: CheckedGroup,
  exclusion: CheckedGroup,
): Promise<string[]> {
  const result = (await t.database.db.execute(
    sql`select ${id} as id from ${from} where ${segmentRulesSql(inclusion, exclusion, NOW, source)} order by 1`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

describe.each(SOURCES)('segment rules in SQL over $name', (on) => {
  const sqlMatches = (inclusion: CheckedGroup, exclusion: CheckedGroup) =>
    matchesOn(on, inclusion, exclusion);

  it('has leads of every shape to test on', () => {
    expect(ruleLeads.length).toBe(74);
    expect(ruleLeads.some((l) => l.children.length === 0)).toBe(true);
    expect(ruleLeads.some((l) => l.children.length === 3)).toBe(true);
    expect(ruleLeads.some((l) => l.children.some((c) => c.age === null))).toBe(true);
  });

  it('selects the same leads as the in-memory evaluator, for random rules', async () => {
    let nonTrivial = 0;
    await fc.assert(
      fc.asyncProperty(group, group, async (inc, exc) => {
        const inclusion = checked(inc, 'inclusion');
        const exclusion = checked(exc, 'exclusion');
        const expected = ruleLeads
          .filter((lead) => leadMatchesRules(lead, inclusion, exclusion, NOW))
          .map((l) => l.id)
          .sort();
        if (expected.length > 0 && expected.length < ruleLeads.length) nonTrivial++;
        expect(await sqlMatches(inclusion, exclusion)).toEqual(expected);
      }),
      { numRuns: 400, seed: 20261122 },
    );
    // The rules were not all "everyone" or "no one": the property was tested on real splits.
    expect(nonTrivial).toBeGreaterThan(100);
  });

  it('agrees on every single condition, operator by operator', async () => {
    await fc.assert(
      fc.asyncProperty(condition, async (c) => {
        const inclusion = checked({ operator: 'AND', conditions: [c] }, 'inclusion');
        const none = checked({ operator: 'OR', conditions: [] }, 'exclusion');
        const expected = ruleLeads
          .filter((lead) => leadMatchesRules(lead, inclusion, none, NOW))
          .map((l) => l.id)
          .sort();
        expect(await sqlMatches(inclusion, none)).toEqual(expected);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
