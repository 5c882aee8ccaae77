import type { Segment, segmentCreateSchema, SegmentUpdateInput } from '@lantern/contracts';
import type { z } from 'zod';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { BadInputError, ConflictError, NotFoundError } from '../../http/errors';
import type { Actor } from '../audit/audit.service';
import { scheduleReevaluation, type AutoTaggingDeps } from './auto-tagging';
import { toSegment } from './segment-mapping';
import { getSegmentRow, recordSegmentEvent } from './segment-records';
import { checkRules } from './segment-rules';
import type { SegmentWithCount } from './segments.repository';

// Creating, changing, deleting and cloning a segment. Each is recorded in the audit log; a change
// that may move leads in or out queues the re-evaluation of every segment.

export type SegmentEditingDeps = Pick<AutoTaggingDeps, 'repo' | 'jobs' | 'autoTagSegments'>;

/** A new segment as the create schema checked it (defaults filled in). */
export type NewSegmentInput = z.output<typeof segmentCreateSchema>;

const NAME_TAKEN = 'A segment with this name already exists';
const INCLUSION_REQUIRED =
  'At least one inclusion rule is required (unless this is a "never contact" segment)';

/** Runs a write that names a segment; a name already taken is a 409. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new ConflictError(NAME_TAKEN);
    throw error;
  }
}

export async function createSegment(
  deps: SegmentEditingDeps,
  input: NewSegmentInput,
  actor: Actor,
): Promise<Segment> {
  const { repo } = deps;
  const rules = checkRules(input.inclusion_rules, input.exclusion_rules);
  if (!input.never_contact && rules.inclusion.conditions.length === 0)
    throw new BadInputError(INCLUSION_REQUIRED);
  const row = await withUniqueName(() =>
    repo.insertSegment({
      name: input.name,
      description: input.description || null,
      priority: input.priority,
      isActive: input.is_active,
      emailListReady: input.never_contact ? false : input.email_list_ready,
      neverContact: input.never_contact,
      autoTag: input.auto_tag,
      inclusionRules: input.inclusion_rules ?? null,
      exclusionRules: input.exclusion_rules ?? null,
    }),
  );
  await scheduleReevaluation(deps);
  const segment = toSegment(await getSegmentRow(repo, row.id));
  await recordSegmentEvent(repo, actor, 'segment.created', { segmentId: segment.id });
  return segment;
}

/** The update's rules after the change, refused when a segment that needs rules would have none. */
function checkUpdatedRules(current: SegmentWithCount, input: SegmentUpdateInput) {
  const rulesChanged = input.inclusion_rules !== undefined || input.exclusion_rules !== undefined;
  const rules = checkRules(
    input.inclusion_rules !== undefined ? input.inclusion_rules : current.inclusionRules,
    input.exclusion_rules !== undefined ? input.exclusion_rules : current.exclusionRules,
  );
  const neverContact = input.never_contact ?? current.neverContact;
  if (
    (rulesChanged || (input.never_contact === false && current.neverContact)) &&
    !neverContact &&
    rules.inclusion.conditions.length === 0
  )
    throw new BadInputError(INCLUSION_REQUIRED);
  return { rulesChanged, neverContact };
}

/** Changes the given fields; the re-evaluation is queued only when the segment's tags may change. */
export async function updateSegment(
  deps: SegmentEditingDeps,
  id: string,
  input: SegmentUpdateInput,
  actor: Actor,
): Promise<Segment> {
  const { repo } = deps;
  const current = await getSegmentRow(repo, id);
  const { rulesChanged, neverContact } = checkUpdatedRules(current, input);
  const values = {
    name: input.name,
    description: input.description === undefined ? undefined : input.description || null,
    priority: input.priority,
    isActive: input.is_active,
    neverContact: input.never_contact,
    emailListReady: neverContact ? false : input.email_list_ready,
    autoTag: input.auto_tag,
    inclusionRules: input.inclusion_rules,
    exclusionRules: input.exclusion_rules,
  };
  await withUniqueName(() => repo.updateSegment(id, values));
  deps.autoTagSegments.forget();
  const tagsMayChange =
    rulesChanged ||
    (input.is_active === true && !current.isActive) ||
    (input.auto_tag === true && !current.autoTag) ||
    (input.priority !== undefined && input.priority !== current.priority);
  if (tagsMayChange) await scheduleReevaluation(deps);
  const segment = toSegment(await getSegmentRow(repo, id));
  await recordSegmentEvent(repo, actor, 'segment.updated', {
    segmentId: segment.id,
    fields: Object.keys(input),
  });
  return segment;
}

export async function deleteSegment(deps: SegmentEditingDeps, id: string, actor: Actor) {
  const { repo } = deps;
  if (!(await repo.deleteSegment(id))) throw new NotFoundError('Segment not found');
  deps.autoTagSegments.forget();
  await recordSegmentEvent(repo, actor, 'segment.deleted', { segmentId: id });
}

/** A copy with a new name: rules, settings and members (manual ones stay manual). */
export async function cloneSegment(
  deps: SegmentEditingDeps,
  id: string,
  name: string,
  actor: Actor,
): Promise<Segment> {
  const { repo } = deps;
  const source = await getSegmentRow(repo, id);
  const row = await withUniqueName(() =>
    repo.transaction(async (tx) => {
      const copy = await repo.insertSegment(
        {
          name,
          description: source.description,
          priority: source.priority,
          isActive: source.isActive,
          emailListReady: source.emailListReady,
          neverContact: source.neverContact,
          autoTag: source.autoTag,
          inclusionRules: source.inclusionRules,
          exclusionRules: source.exclusionRules,
          lastEvaluated: source.lastEvaluated,
        },
        tx,
      );
      await repo.copyMemberships(source.id, copy.id, tx);
      return copy;
    }),
  );
  deps.autoTagSegments.forget();
  const segment = toSegment(await getSegmentRow(repo, row.id));
  await recordSegmentEvent(repo, actor, 'segment.cloned', { from: id, segmentId: segment.id });
  return segment;
}
