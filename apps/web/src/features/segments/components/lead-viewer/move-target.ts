import { isHiddenSegment, segmentDisplayName, type Segment } from '@lantern/contracts';

/**
 * Segments the selected leads may be moved to (spec 4.1): active, not never-contact, not this one.
 * System segments hidden from the dashboard (all-active-leads, Do Not Contact) are left out too.
 */
export const moveTargets = (segments: Segment[], current: Segment) =>
  segments.filter((s) => s.id !== current.id && s.is_active && !s.never_contact && !isHiddenSegment(s));

export const movedMessage = (count: number, target: Segment) =>
  `${count} ${count === 1 ? 'lead' : 'leads'} moved to ${segmentDisplayName(target.name)} successfully`;
