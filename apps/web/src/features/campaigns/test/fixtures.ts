import {
  badgeText,
  campaignActions,
  type Campaign,
  type CampaignSegmentOption,
  type Compatibility,
  type VoiceSetting,
} from '@lantern/contracts';

export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const base: Campaign = {
    id: 'c-1',
    name: 'Spring open day',
    subject: 'Join us, {{parent_name}}',
    content_html: '<p>Dear {{parent_name}}, {{child_name}} is welcome.</p>',
    content_text: 'Dear {{parent_name}}, {{child_name}} is welcome.',
    segment_id: 's-1',
    segment_name: 'New enquiries',
    segment_leads: 40,
    estimated_recipients: 35,
    target_segment_count: 1,
    approval_status: 'draft',
    publish_status: 'ready',
    has_approval_link: false,
    approval_feedback: null,
    approved_by_email: null,
    approved_at: null,
    scheduled_for: null,
    scheduled_time_zone: null,
    delivery: null,
    sent_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    final_version_number: null,
    current_version_number: 1,
    template_id: null,
    generation_metadata: {
      personalization_level: 'medium',
      generated_by: 'manual',
      data_validation: {
        quality_score: 72,
        quality_color: 'yellow',
        segment_leads: 40,
        sendable_leads: 35,
        excluded_leads: 5,
        exclusions: [],
        duplicate_emails: 0,
        fields: [],
        warnings: [],
        checked_at: '2026-11-20T10:00:00.000Z',
      },
    },
    badge: 'Draft',
    actions: [],
    ...overrides,
  };
  const state = { ...base, delivery_status: base.delivery?.status ?? null };
  return { ...base, badge: badgeText(state), actions: campaignActions(state) };
}

export const makeSegment = (overrides: Partial<CampaignSegmentOption> = {}): CampaignSegmentOption => ({
  id: 's-1',
  name: 'New enquiries',
  description: 'Families who asked this term',
  active_leads: 30,
  is_active: true,
  never_contact: false,
  ...overrides,
});

export const makeCompatibility = (overrides: Partial<Compatibility> = {}): Compatibility => ({
  compatible: true,
  safetyLevel: 'safe',
  recommendation: 'Safe to send',
  conflicts: [],
  total_recipients: 30,
  overlapping_recipients: 0,
  segments: [],
  ...overrides,
});

export const makeVoice = (overrides: Partial<VoiceSetting> = {}): VoiceSetting => ({
  id: 'v-1',
  name: 'Warm',
  description: null,
  tone: 'warm',
  perspective: 'parents',
  style: 'friendly',
  avoid_terms: [],
  include_elements: ['tips', 'support', 'next steps', 'events', 'stories'],
  preferred_length: '300-500',
  cta_style: 'gentle',
  is_default: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
