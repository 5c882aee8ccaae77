import { CAMPAIGN_MESSAGES, type CampaignSegmentOption } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { campaignDraftSchema, toCreateBodies, toUpdateBody, type CampaignDraft } from './campaign-draft';

const segment = (id: string, name: string): CampaignSegmentOption => ({
  id,
  name,
  description: null,
  active_leads: 10,
  is_active: true,
  never_contact: false,
});
const segments = [segment('s1', 'New enquiries'), segment('s2', 'Open day guests')];
const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  segment_ids: ['s1'],
  name: 'Spring open day',
  subject: 'Join us, {{parent_name}}',
  content_html: '<p>Dear {{parent_name}},</p><p>Welcome.</p>',
  ...over,
});

const messagesOf = (isEditing: boolean, value: CampaignDraft) => {
  const result = campaignDraftSchema(isEditing).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('campaignDraftSchema', () => {
  it('gives the spec words for every missing field', () => {
    expect(messagesOf(false, { segment_ids: [], name: ' ', subject: '', content_html: '  ' })).toEqual([
      CAMPAIGN_MESSAGES.nameRequired,
      CAMPAIGN_MESSAGES.subjectRequired,
      CAMPAIGN_MESSAGES.contentRequired,
      CAMPAIGN_MESSAGES.segmentRequired,
    ]);
  });

  it('refuses a subject over 200 characters', () => {
    expect(messagesOf(false, draft({ subject: 'x'.repeat(201) }))).toEqual([
      CAMPAIGN_MESSAGES.subjectTooLong,
    ]);
  });

  it('allows several segments when creating but exactly one when editing', () => {
    expect(messagesOf(false, draft({ segment_ids: ['s1', 's2'] }))).toEqual([]);
    expect(messagesOf(true, draft({ segment_ids: ['s1', 's2'] }))).toEqual([
      CAMPAIGN_MESSAGES.exactlyOneSegment,
    ]);
  });
});

describe('toCreateBodies', () => {
  it('makes one campaign per segment, each named with the segment', () => {
    const bodies = toCreateBodies(draft({ segment_ids: ['s1', 's2'] }), segments);
    expect(bodies.map((body) => [body.name, body.segment_id])).toEqual([
      ['Spring open day - New enquiries', 's1'],
      ['Spring open day - Open day guests', 's2'],
    ]);
    expect(bodies[0]?.content_text).toBe('Dear {{parent_name}},\n\nWelcome.');
  });

  it('keeps the name as typed for a single segment', () => {
    expect(toCreateBodies(draft(), segments)[0]?.name).toBe('Spring open day');
  });
});

describe('toUpdateBody', () => {
  it('resets a rejected campaign to draft and clears its approval fields', () => {
    expect(toUpdateBody(draft(), { approval_status: 'rejected' })).toMatchObject({
      approval_status: 'draft',
      approval_feedback: null,
      approved_at: null,
      approved_by_email: null,
      approval_token: null,
    });
  });

  it('leaves the approval fields alone for a draft', () => {
    expect(toUpdateBody(draft(), { approval_status: 'draft' })).not.toHaveProperty('approval_status');
  });
});
