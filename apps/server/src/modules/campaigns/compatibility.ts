import {
  CAMPAIGN_MESSAGES,
  type CampaignSegmentOption,
  type Compatibility,
  type CompatibilityConflict,
  type Segment,
} from '@lantern/contracts';
import type { Database } from '../../db/client';
import { BadInputError, NotFoundError } from '../../http/errors';
import { audienceCounts, audienceProfile, type AudienceProfile } from './campaign-audience';
import type { CampaignSegments } from './campaign-editing';

// POST /api/campaigns/check-segment-compatibility: whether one message suits these segments
// together. Conflicts: a do-not-contact segment (risky), an inactive one, a segment no one in it
// can be emailed, overlapping audiences (a family in two gets one email, not two), and audiences
// too different for one message (children's ages far apart, no need in common).

/** Median child ages this far apart are different audiences for one message. */
const AGE_GAP = 6;

const option = (s: Segment, recipients: number): CampaignSegmentOption => ({
  id: s.id,
  name: s.name,
  description: s.description,
  active_leads: recipients,
  is_active: s.is_active,
  never_contact: s.never_contact,
});

async function segmentsOf(segments: CampaignSegments, ids: string[]): Promise<Segment[]> {
  const out: Segment[] = [];
  for (const id of new Set(ids)) {
    try {
      out.push(await segments.getSegment(id));
    } catch (error) {
      if (error instanceof NotFoundError) throw new BadInputError(CAMPAIGN_MESSAGES.segmentNotFound);
      throw error;
    }
  }
  return out;
}

function differentAudiences(
  profiles: AudienceProfile[],
  names: Map<string, string>,
): CompatibilityConflict[] {
  const conflicts: CompatibilityConflict[] = [];
  for (let i = 0; i < profiles.length; i++)
    for (let j = i + 1; j < profiles.length; j++) {
      const a = profiles[i]!;
      const b = profiles[j]!;
      const ages =
        a.medianAge !== null && b.medianAge !== null && Math.abs(a.medianAge - b.medianAge) >= AGE_GAP;
      const needs =
        a.topNeeds.length > 0 && b.topNeeds.length > 0 && !a.topNeeds.some((n) => b.topNeeds.includes(n));
      if (!ages && !needs) continue;
      const why = [
        ages
          ? `children's typical ages differ (${Math.round(a.medianAge!)} and ${Math.round(b.medianAge!)})`
          : '',
        needs ? 'their most common needs have nothing in common' : '',
      ]
        .filter(Boolean)
        .join(' and ');
      conflicts.push({
        type: 'different_audiences',
        severity: 'warning',
        message: `"${names.get(a.segmentId)}" and "${names.get(b.segmentId)}" are very different audiences: ${why}. Consider one campaign per segment.`,
        segment_ids: [a.segmentId, b.segmentId],
      });
    }
  return conflicts;
}

export async function checkCompatibility(
  deps: { db: Database; segments: CampaignSegments },
  segmentIds: string[],
): Promise<Compatibility> {
  const chosen = await segmentsOf(deps.segments, segmentIds);
  const names = new Map(chosen.map((s) => [s.id, s.name]));
  const profiles = await Promise.all(chosen.map((s) => audienceProfile(deps.db, deps.segments, s.id)));
  const contactable = chosen.filter((s) => !s.never_contact);
  const union = await audienceCounts(
    deps.db,
    deps.segments,
    contactable.map((s) => s.id),
  );
  const conflicts: CompatibilityConflict[] = [];

  for (const s of chosen) {
    if (s.never_contact)
      conflicts.push({
        type: 'never_contact',
        severity: 'risky',
        message: `"${s.name}" is marked Do Not Contact: its families must not be emailed.`,
        segment_ids: [s.id],
      });
    else if (!s.is_active)
      conflicts.push({
        type: 'inactive',
        severity: 'warning',
        message: `"${s.name}" is inactive: its membership may be out of date.`,
        segment_ids: [s.id],
      });
  }
  for (const p of profiles)
    if (p.recipients === 0 && !chosen.find((s) => s.id === p.segmentId)?.never_contact)
      conflicts.push({
        type: 'no_recipients',
        severity: 'warning',
        message: `No one in "${names.get(p.segmentId)}" can be emailed.`,
        segment_ids: [p.segmentId],
      });

  const contactableProfiles = profiles.filter((p) => contactable.some((s) => s.id === p.segmentId));
  const overlapping = contactableProfiles.reduce((sum, p) => sum + p.recipients, 0) - union.recipients;
  if (overlapping > 0)
    conflicts.push({
      type: 'overlap',
      severity: 'warning',
      message: `${overlapping} ${overlapping === 1 ? 'family is' : 'families are'} in more than one of these segments: each gets one email, not two.`,
      segment_ids: contactable.map((s) => s.id),
    });
  conflicts.push(...differentAudiences(contactableProfiles, names));

  const risky = conflicts.some((c) => c.severity === 'risky');
  const safetyLevel = risky ? 'risky' : conflicts.length ? 'warning' : 'safe';
  return {
    compatible: !risky,
    safetyLevel,
    recommendation: recommendation(safetyLevel, conflicts),
    conflicts,
    total_recipients: union.recipients,
    overlapping_recipients: Math.max(0, overlapping),
    segments: chosen.map((s) => option(s, profiles.find((p) => p.segmentId === s.id)?.recipients ?? 0)),
  };
}

function recommendation(level: 'safe' | 'warning' | 'risky', conflicts: CompatibilityConflict[]): string {
  if (level === 'risky') return 'Remove the Do Not Contact segments before creating this campaign.';
  if (conflicts.some((c) => c.type === 'different_audiences'))
    return 'These audiences differ a lot: write one campaign per segment so each message fits its families.';
  if (level === 'warning')
    return 'You can go ahead: review the warnings first. Families in several segments get one email.';
  return 'These segments work well together.';
}
