import type { CheckedGroup, RuleGroup, RuleTestResult } from '@lantern/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { pgErrorCode } from '../../db/errors';
import { BadInputError } from '../../http/errors';
import { factsRuleSource, segmentRulesSql } from './rules-sql';
import { checkRules } from './segment-rules';
import type { Queryable, SegmentsRepository } from './segments.repository';

const SAMPLE_SIZE = 3;
/** Rule work is bounded: a pattern that makes the database work longer than this is refused. */
const RULES_TIMEOUT_MS = 5_000;
const QUERY_CANCELED = '57014';
const INVALID_REGEX = '2201B';

/** Runs rule queries with their work bounded; a runaway or invalid pattern is the caller's 400. */
async function boundedRuleWork<T>(repo: SegmentsRepository, work: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    return await repo.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${RULES_TIMEOUT_MS}`));
      return work(tx);
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === QUERY_CANCELED)
      throw new BadInputError('The rules took too long to evaluate: simplify the pattern');
    if (code === INVALID_REGEX) throw new BadInputError('A pattern is not a valid regular expression');
    throw error;
  }
}

/** A group as a condition on the rules' narrow projection of the leads (repo.ruleTest scans it). */
function groupCondition(group: CheckedGroup, now: Date): SQL {
  // An empty exclusion group excludes nobody; an empty inclusion group includes nobody.
  return segmentRulesSql(group, { operator: 'OR', conditions: [] }, now, factsRuleSource);
}

/** The rule test (spec 3.3): counts over every lead and up to 3 samples of each kind. */
export async function evaluateRules(
  repo: SegmentsRepository,
  inclusion: RuleGroup | null | undefined,
  exclusion: RuleGroup | null | undefined,
  now = new Date(),
): Promise<RuleTestResult> {
  const rules = checkRules(inclusion, exclusion);
  return boundedRuleWork(repo, async (q) => {
    const test = await repo.ruleTest(
      q,
      groupCondition(rules.inclusion, now),
      groupCondition(rules.exclusion, now),
      SAMPLE_SIZE,
    );
    const matching = test.included - test.excluded;
    return {
      total_leads: test.total,
      matching_count: matching,
      excluded_count: test.excluded,
      match_percentage: test.total ? Math.round((matching / test.total) * 1000) / 10 : 0,
      matching_leads: test.matching_leads,
      excluded_leads: test.excluded_leads,
    };
  });
}
