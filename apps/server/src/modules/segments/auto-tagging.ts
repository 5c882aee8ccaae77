import { leadMatchesRules, type RuleLead } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs';
import { factsRuleSource } from './rules-sql';
import { compileSegment, storedRulesOf } from './segment-rules';
import type { CompiledSegment, Queryable, SegmentsRepository } from './segments.repository';
import type { SegmentRow } from './segments.tables';

// Automatic membership: the active auto-tag segments tag leads by their rules, when leads are
// created or changed (the leads module announces it, app.ts wires it here) and, after a rule
// change, over every lead in a background job.

export const REEVALUATE_JOB = 'segments.reevaluate';
const AUTO_TAG_CACHE_MS = 2_000;

export type AutoTagSegments = ReturnType<typeof createAutoTagSegments>;
export type AutoTaggingDeps = {
  repo: SegmentsRepository;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  autoTagSegments: AutoTagSegments;
};

/**
 * The active auto-tag segments, highest priority first. They are read on every lead write and
 * change rarely, so this instance keeps them for a moment (forgotten at once when it changes a
 * segment; another instance's change is seen within AUTO_TAG_CACHE_MS, and the re-evaluation job
 * it queues corrects any tag meanwhile).
 */
export function createAutoTagSegments(repo: SegmentsRepository) {
  let cache: { at: number; rows: SegmentRow[] } | undefined;
  let generation = 0;
  return {
    // `q` is the caller's transaction when there is one: PGlite has a single connection, so a
    // query outside it would wait for it. Only finished reads are shared, never a pending one.
    async read(q?: Queryable): Promise<SegmentRow[]> {
      if (cache && Date.now() - cache.at <= AUTO_TAG_CACHE_MS) return cache.rows;
      const at = Date.now();
      const readGeneration = generation;
      const rows = await repo.findAutoTagSegments(q);
      // A segment changed while this read ran: use it this once, but do not keep it.
      if (readGeneration === generation) cache = { at, rows };
      return rows;
    },
    /** This instance changed a segment. */
    forget() {
      cache = undefined;
      generation++;
    },
  };
}

/** Queues the re-evaluation of every segment (one job however often it is asked for). */
export function scheduleReevaluation({
  jobs,
  autoTagSegments,
}: Pick<AutoTaggingDeps, 'jobs' | 'autoTagSegments'>) {
  autoTagSegments.forget();
  return jobs.enqueue(REEVALUATE_JOB, {}, { dedupeKey: 'all' });
}

/**
 * Re-tags the given leads by every active auto-tag segment (highest priority first), inside the
 * caller's transaction when given: the app calls it when the leads module announces that leads
 * were created or changed (onLeadsChanged).
 */
export async function tagLeads(
  { repo, log, autoTagSegments }: AutoTaggingDeps,
  leadIds: string[],
  q?: Queryable,
  now = new Date(),
) {
  if (leadIds.length === 0) return;
  const compiled = (await autoTagSegments.read(q))
    .map((row) => compileSegment(row, now, log))
    .filter((c): c is CompiledSegment => c !== null);
  if (compiled.length === 0) return;
  if (q) await repo.tagLeads(q, leadIds, compiled);
  else await repo.transaction((tx) => repo.tagLeads(tx, leadIds, compiled));
}

/**
 * The automatic segments each of these leads belongs to (ids, highest priority first), by the
 * in-memory evaluator: for leads about to be written, so their tags go in the same statement.
 */
async function autoTagsOf(
  autoTagSegments: AutoTagSegments,
  newLeads: RuleLead[],
  q: Queryable,
  now: Date,
): Promise<string[][]> {
  if (newLeads.length === 0) return [];
  const rules = (await autoTagSegments.read(q)).flatMap((row) => {
    const checked = storedRulesOf(row);
    return checked ? [{ id: row.id, ...checked }] : [];
  });
  return newLeads.map((lead) =>
    rules.filter((r) => leadMatchesRules(lead, r.inclusion, r.exclusion, now)).map((r) => r.id),
  );
}

/**
 * Tags brand-new leads (the enrolment form, an import batch: the leads module's onLeadsCreated)
 * by every active auto-tag segment without a query per segment: their rules are evaluated here by
 * the in-memory evaluator, which rules-sql.test.ts holds to the same answers as the SQL, and the
 * memberships are written in one statement. Answers the segments the leads joined, highest
 * priority first.
 */
export async function tagNewLeads(
  { repo, autoTagSegments }: AutoTaggingDeps,
  newLeads: { id: string; lead: RuleLead }[],
  q: Queryable,
  now = new Date(),
): Promise<string[]> {
  if (newLeads.length === 0) return [];
  const tags = await autoTagsOf(
    autoTagSegments,
    newLeads.map((n) => n.lead),
    q,
    now,
  );
  const memberships = newLeads.flatMap(({ id }, i) =>
    tags[i]!.map((segmentId) => ({ lead_id: id, segment_id: segmentId })),
  );
  await repo.insertAutoMemberships(q, memberships);
  // Rules come in priority order, so the joined segments do too.
  return [...new Set(memberships.map((m) => m.segment_id))];
}

/**
 * The background job: every active auto-tag segment over every lead, highest priority first, each
 * a scan of the rules' narrow projection of the leads (lead_rule_facts), not of the leads table.
 */
export async function reevaluateAll({ repo, log }: Pick<AutoTaggingDeps, 'repo' | 'log'>, now = new Date()) {
  for (const row of await repo.findAutoTagSegments()) {
    const compiled = compileSegment(row, now, log, factsRuleSource);
    if (!compiled) continue;
    const { added, removed } = await repo.evaluateSegment(row.id, compiled.match);
    log.info({ segmentId: row.id, added, removed }, 'segment re-evaluated');
  }
}
