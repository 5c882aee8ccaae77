import { NotFoundError } from '../../http/errors';
import { recordAuditEvent, type Actor, type AuditAction } from '../audit/audit.service';
import type { SegmentsRepository, SegmentWithCount } from './segments.repository';

// What every segment use case needs: a segment's row or a 404, and its audit events. The use
// cases are the files beside this one; segments.service.ts wires them behind one service.

/** The segment with its member count; NotFoundError when there is none. */
export async function getSegmentRow(repo: SegmentsRepository, id: string): Promise<SegmentWithCount> {
  const row = await repo.findSegmentById(id);
  if (!row) throw new NotFoundError('Segment not found');
  return row;
}

type SegmentAction = Extract<AuditAction, `segment.${string}`>;

/** Records who changed, exported or synced a segment (details never hold lead data). */
export function recordSegmentEvent(
  repo: SegmentsRepository,
  actor: Actor,
  action: SegmentAction,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent(repo.db, { actorId: actor.userId, action, details, ip: actor.ip });
}
