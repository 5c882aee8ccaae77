import { timelineUrgency, type TimelineUrgency } from './timeline';

/**
 * The lead score (0 to 100): five transparent factors, each with a maximum, summed.
 *
 * | factor              | max | how                                                            |
 * | timeline urgency    | 30  | immediate 30, orange 24, yellow 16, blue 10, indigo 4, unknown 0 |
 * | contact details     | 20  | email 8, parent name 4, phone with at least 10 digits 8          |
 * | phone consent       | 10  | the parent agreed to texts                                       |
 * | children            | 20  | at least one named child 8, every child has an age 6,            |
 * |                     |     | special needs given for a child 6                                |
 * | engagement          | 20  | a completed conversation 10, a resource download 10              |
 */
export type ScoreFactorKey = 'timeline' | 'contact' | 'phone_consent' | 'children' | 'engagement';

export type ScoreFactor = { key: ScoreFactorKey; label: string; points: number; max: number; detail: string };

/** Each factor's label and maximum: fixed by its key. */
export const SCORE_FACTORS: Record<ScoreFactorKey, { label: string; max: number }> = {
  timeline: { label: 'Timeline urgency', max: 30 },
  contact: { label: 'Contact details', max: 20 },
  phone_consent: { label: 'Phone consent', max: 10 },
  children: { label: 'Children information', max: 20 },
  engagement: { label: 'Engagement', max: 20 },
};

const factor = (key: ScoreFactorKey, points: number, detail: string): ScoreFactor => ({
  key,
  ...SCORE_FACTORS[key],
  points,
  detail,
});

export type LeadScoreInput = {
  email: string | null;
  parent_name: string | null;
  phone: string | null;
  phone_consent: boolean;
  timeline: string | null;
  timeline_date: string | null;
  children: { name: string | null; age: number | null; special_needs: string[] }[];
  completed_conversations: number;
  resource_downloads: number;
};

export type LeadScore = { score: number; breakdown: ScoreFactor[] };

const TIMELINE_POINTS: Record<TimelineUrgency, number> = {
  immediate: 30,
  orange: 24,
  yellow: 16,
  blue: 10,
  indigo: 4,
  unknown: 0,
};

const TIMELINE_DETAIL: Record<TimelineUrgency, string> = {
  immediate: 'Wants a place within a month',
  orange: 'Wants a place within three months',
  yellow: 'Wants a place within six months',
  blue: 'Wants a place within a year',
  indigo: 'Exploring or more than a year away',
  unknown: 'No timeline given',
};

export const countDigits = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '').length;

function timelineFactor(input: LeadScoreInput, today: Date): ScoreFactor {
  const urgency = timelineUrgency(input.timeline, input.timeline_date, today);
  return factor('timeline', TIMELINE_POINTS[urgency], TIMELINE_DETAIL[urgency]);
}

function contactFactor(input: LeadScoreInput): ScoreFactor {
  const parts: [boolean, number, string][] = [
    [Boolean(input.email?.trim()), 8, 'email'],
    [Boolean(input.parent_name?.trim()), 4, 'parent name'],
    [countDigits(input.phone) >= 10, 8, 'phone'],
  ];
  const have = parts.filter(([ok]) => ok);
  return factor(
    'contact',
    have.reduce((sum, [, pts]) => sum + pts, 0),
    have.length ? `Has ${have.map(([, , what]) => what).join(', ')}` : 'No contact details',
  );
}

function childrenFactor(input: LeadScoreInput): ScoreFactor {
  const named = input.children.filter((c) => c.name?.trim());
  const allAged =
    input.children.length > 0 && input.children.every((c) => c.age !== null && c.age !== undefined);
  const needs = input.children.some((c) => c.special_needs.length > 0);
  const points = (named.length > 0 ? 8 : 0) + (allAged ? 6 : 0) + (needs ? 6 : 0);
  const n = input.children.length;
  const detail =
    n === 0
      ? 'No children listed'
      : `${n} ${n === 1 ? 'child' : 'children'}${allAged ? ', ages given' : ', ages missing'}${needs ? ', needs described' : ''}`;
  return factor('children', points, detail);
}

function engagementFactor(input: LeadScoreInput): ScoreFactor {
  const chatted = input.completed_conversations > 0;
  const downloaded = input.resource_downloads > 0;
  const said = [chatted && 'completed a conversation', downloaded && 'downloaded a resource'].filter(Boolean);
  return factor(
    'engagement',
    (chatted ? 10 : 0) + (downloaded ? 10 : 0),
    said.length ? `Has ${said.join(' and ')}` : 'No conversation or download yet',
  );
}

export function computeLeadScore(input: LeadScoreInput, today: Date = new Date()): LeadScore {
  const breakdown: ScoreFactor[] = [
    timelineFactor(input, today),
    contactFactor(input),
    factor(
      'phone_consent',
      input.phone_consent ? 10 : 0,
      input.phone_consent ? 'Agreed to receive texts' : 'No consent to texts',
    ),
    childrenFactor(input),
    engagementFactor(input),
  ];
  const score = Math.min(
    100,
    breakdown.reduce((sum, f) => sum + f.points, 0),
  );
  return { score, breakdown };
}

export type ScoreBand = 'high' | 'medium' | 'low';

/** Spec: 70 or more high (green), 40 to 69 medium (yellow), below 40 low (red). */
export function scoreBand(score: number): ScoreBand {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}

export const SCORE_BAND_RANGES: Record<ScoreBand, { min: number; max: number }> = {
  high: { min: 70, max: 100 },
  medium: { min: 40, max: 69 },
  low: { min: 0, max: 39 },
};
