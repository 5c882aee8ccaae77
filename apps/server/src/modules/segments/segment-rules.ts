import { checkRuleGroup, type CheckedGroup, type RuleGroup } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { BadInputError } from '../../http/errors';
import { leadsRuleSource, segmentRulesSql, type RuleSource } from './rules-sql';
import type { CompiledSegment } from './segments.repository';
import type { SegmentRow } from './segments.tables';

/** Checks both rule groups; the first problem is a 400 in the editor's words. */
export function checkRules(inclusion: RuleGroup | null | undefined, exclusion: RuleGroup | null | undefined) {
  const inc = checkRuleGroup(inclusion, 'inclusion');
  if ('problem' in inc) throw new BadInputError(inc.problem);
  const exc = checkRuleGroup(exclusion, 'exclusion');
  if ('problem' in exc) throw new BadInputError(exc.problem);
  return { inclusion: inc.group, exclusion: exc.group };
}

/**
 * A stored segment's checked rules, or null when it has none (manual-only) or they no longer
 * check (the contracts' rules changed since it was saved).
 */
export function storedRulesOf(row: SegmentRow): { inclusion: CheckedGroup; exclusion: CheckedGroup } | null {
  const inc = checkRuleGroup(row.inclusionRules, 'inclusion');
  const exc = checkRuleGroup(row.exclusionRules, 'exclusion');
  if ('problem' in inc || 'problem' in exc || inc.group.conditions.length === 0) return null;
  return { inclusion: inc.group, exclusion: exc.group };
}

/**
 * The segment's rules compiled to SQL as a condition on `source` (the leads table, or the rules'
 * narrow projection of it), or null when it has none or they no longer check (logged).
 */
export function compileSegment(
  row: SegmentRow,
  now: Date,
  log: FastifyBaseLogger,
  source: RuleSource = leadsRuleSource,
): CompiledSegment | null {
  const inc = checkRuleGroup(row.inclusionRules, 'inclusion');
  const exc = checkRuleGroup(row.exclusionRules, 'exclusion');
  if ('problem' in inc || 'problem' in exc) {
    log.warn({ segmentId: row.id }, 'segment rules no longer valid; skipped');
    return null;
  }
  if (inc.group.conditions.length === 0) return null;
  return { id: row.id, match: segmentRulesSql(inc.group, exc.group, now, source) };
}
