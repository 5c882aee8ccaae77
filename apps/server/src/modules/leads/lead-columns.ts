import type { RuleField } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { leads } from './leads.tables';

/**
 * The leads table as other modules may read it in their own SQL, and no more of it: segments
 * matches its rules on these columns, joins its members to them and builds mailing lists from
 * them. Read only: leads are written through the leads service. Each column is a SQL fragment
 * naming the column of the unaliased table ("leads"."email"), usable in raw SQL and in the query
 * builder (select, where, join on, order by); `leadsTable` is the table for FROM and JOIN.
 */
export const leadsTable: SQL = sql`${leads}`;

export const leadColumns = {
  id: sql<string>`${leads.id}`,
  email: sql<string>`${leads.email}`,
  parentName: sql<string>`${leads.parentName}`,
  phone: sql<string | null>`${leads.phone}`,
  timeline: sql<string | null>`${leads.timeline}`,
  emailStatus: sql<string>`${leads.emailStatus}`,
  leadScore: sql<number>`${leads.leadScore}`,
  createdAt: sql<Date>`${leads.createdAt}`,
  /** One of CONVERSION_STATUSES (@lantern/contracts), 'pending' by default. */
  conversionStatus: sql<string>`${leads.conversionStatus}`,
  /** How many resources the lead downloaded, all time (a running count). */
  resourceDownloads: sql<number>`${leads.resourceDownloads}`,
  /** The first child's name and age (see childFactsOf in lead-mapping.ts). */
  firstChildName: sql<string | null>`${leads.firstChildName}`,
  firstChildAge: sql<number | null>`${leads.firstChildAge}`,
  /** Every child's special needs, in child order, repeats kept. */
  allSpecialNeeds: sql<string[]>`${leads.allSpecialNeeds}`,
};

/**
 * Each field a segment rule can test (@lantern/contracts' RuleField) as the column holding it: the
 * children facts are written on the lead with its children (childFactsOf), so a rule is a
 * condition on one row. The meanings match the in-memory evaluator's (segment-rules.ts).
 */
export const leadRuleColumns: Readonly<Record<RuleField, SQL>> = {
  email: sql`${leads.email}`,
  parent_name: sql`${leads.parentName}`,
  phone: sql`${leads.phone}`,
  timeline: sql`${leads.timeline}`,
  biggest_concerns: sql`${leads.biggestConcerns}`,
  child_name: sql`${leads.firstChildName}`,
  child_age: sql`${leads.firstChildAge}`,
  lead_score: sql`${leads.leadScore}`,
  child_count: sql`${leads.childCount}`,
  special_needs: sql`${leads.firstChildSpecialNeeds}`,
  current_support: sql`${leads.firstChildCurrentSupport}`,
  all_special_needs: sql`${leads.allSpecialNeeds}`,
  all_ages: sql`${leads.allAges}`,
  created_at: sql`${leads.createdAt}`,
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions on a lead that the leads list and a segment's member list share. */
export const leadConditions = {
  /** The term (any case) in the parent's name, email, phone or a child's name. */
  search: (term: string) => sql`${leads.searchText} like ${likeContains(term.toLowerCase())}`,
  scoreBetween: (min: number, max: number) => sql`${leads.leadScore} between ${min} and ${max}`,
};
