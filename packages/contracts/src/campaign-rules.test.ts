import { describe, expect, it } from 'vitest';
import {
  badgeText,
  CAMPAIGN_APPROVAL_STATUSES,
  CAMPAIGN_PUBLISH_STATUSES,
  campaignActions,
  canCancelSchedule,
  canDelete,
  canEdit,
  canPause,
  canPublish,
  canReschedule,
  canResume,
  canSchedule,
  canSend,
  canSendForApproval,
  effectivePublishStatus,
  isReadyForEmailService,
  resetsApprovalOnSave,
  type CampaignApprovalStatus,
  type CampaignPublishStatus,
} from './campaign-rules';
import {
  campaignFooterText,
  campaignNameForSegment,
  campaignSubmitLabel,
  dataQualityColor,
  normalizeVoiceTerms,
} from './campaigns';

const pairs = CAMPAIGN_APPROVAL_STATUSES.flatMap((approval_status) =>
  CAMPAIGN_PUBLISH_STATUSES.map((publish_status) => ({ approval_status, publish_status })),
);

// The spec's table (4.5) written out for every pair, independently of the implementation.
type Row = { edit: boolean; publish: boolean; schedule: boolean; send: boolean; del: boolean; badge: string };
const approvalBadge: Record<CampaignApprovalStatus, string> = {
  draft: 'Draft',
  pending: 'Pending Approval',
  approved: 'Approved',
  rejected: 'Rejected',
};
function expected(a: CampaignApprovalStatus, p: CampaignPublishStatus): Row {
  const initial = p === 'ready' || p === 'unpublished';
  const editable = a === 'draft' || a === 'rejected';
  return {
    edit: editable,
    publish: a === 'approved' && initial,
    schedule: p === 'published',
    send: p === 'published',
    del: editable || (p !== 'sent' && p !== 'scheduled'),
    badge:
      p === 'sent'
        ? 'Sent'
        : p === 'scheduled'
          ? 'Scheduled'
          : p === 'published'
            ? 'Published'
            : approvalBadge[a],
  };
}

describe('campaign rules (4.5) over every pair of statuses', () => {
  it.each(pairs)('$approval_status / $publish_status', (c) => {
    const want = expected(c.approval_status, c.publish_status);
    expect(canEdit(c)).toBe(want.edit);
    expect(canSendForApproval(c)).toBe(want.edit);
    expect(canPublish(c)).toBe(want.publish);
    expect(canSchedule(c)).toBe(want.schedule);
    expect(canSend(c)).toBe(want.send);
    expect(canDelete(c)).toBe(want.del);
    expect(canCancelSchedule(c)).toBe(c.publish_status === 'scheduled');
    expect(badgeText(c)).toBe(want.badge);
    expect(resetsApprovalOnSave(c)).toBe(c.approval_status === 'rejected');
    expect(isReadyForEmailService(c)).toBe(
      c.approval_status === 'approved' && ['ready', 'unpublished', 'published'].includes(c.publish_status),
    );
  });

  it('covers all 20 pairs', () => {
    expect(pairs).toHaveLength(20);
  });

  it('treats a missing publish status as ready (the default)', () => {
    expect(effectivePublishStatus(undefined)).toBe('ready');
    expect(effectivePublishStatus(null)).toBe('ready');
    expect(effectivePublishStatus('unpublished')).toBe('ready');
    expect(canPublish({ approval_status: 'approved' })).toBe(true);
    expect(badgeText({ approval_status: 'pending', publish_status: null })).toBe('Pending Approval');
  });

  it('offers Resubmit for a rejected campaign and Send for Approval for a draft', () => {
    expect(campaignActions({ approval_status: 'rejected', publish_status: 'ready' })).toEqual([
      'edit',
      'resubmit',
      'delete',
    ]);
    expect(campaignActions({ approval_status: 'draft' })).toEqual(['edit', 'send_for_approval', 'delete']);
    expect(campaignActions({ approval_status: 'approved', publish_status: 'published' })).toEqual([
      'schedule',
      'send',
      'delete',
    ]);
    expect(campaignActions({ approval_status: 'approved', publish_status: 'scheduled' })).toEqual([
      'cancel_schedule',
    ]);
    expect(campaignActions({ approval_status: 'approved', publish_status: 'sent' })).toEqual([]);
  });
});

describe('pause and resume (issue 23)', () => {
  const sent = { approval_status: 'approved', publish_status: 'sent' } as const;
  it.each([
    [null, false, false],
    ['preparing', true, false],
    ['sending', true, false],
    ['paused', false, true],
    ['completed', false, false],
  ] as const)('delivery %s: pause %s, resume %s', (status, pause, resume) => {
    const c = { ...sent, delivery_status: status };
    expect(canPause(c)).toBe(pause);
    expect(canResume(c)).toBe(resume);
    expect(campaignActions(c)).toEqual(pause ? ['pause'] : resume ? ['resume'] : []);
  });

  it('offers no pause or resume before a send starts', () => {
    for (const c of pairs) {
      expect(campaignActions(c)).not.toContain('pause');
      expect(campaignActions(c)).not.toContain('resume');
    }
  });

  it('allows scheduling again only when published or scheduled', () => {
    for (const c of pairs)
      expect(canReschedule(c)).toBe(c.publish_status === 'published' || c.publish_status === 'scheduled');
  });
});

describe('campaign editor words (2.7)', () => {
  it('says what saving will do', () => {
    expect(campaignFooterText({ editing: true, campaigns: 1, recipients: 12 })).toBe(
      'Will be sent to 12 recipients',
    );
    expect(campaignFooterText({ editing: false, campaigns: 1, recipients: 12 })).toBe(
      'Will create 1 campaign for 12 recipients',
    );
    expect(campaignFooterText({ editing: false, campaigns: 3, recipients: 40 })).toBe(
      'Will create 3 campaigns for 40 total recipients',
    );
    expect(campaignSubmitLabel({ editing: false, campaigns: 1, saving: false })).toBe('Create Campaign');
    expect(campaignSubmitLabel({ editing: false, campaigns: 2, saving: false })).toBe('Create 2 Campaigns');
    expect(campaignSubmitLabel({ editing: false, campaigns: 2, saving: true })).toBe('Creating...');
    expect(campaignSubmitLabel({ editing: true, campaigns: 1, saving: false })).toBe('Update Campaign');
    expect(campaignSubmitLabel({ editing: true, campaigns: 1, saving: true })).toBe('Updating...');
  });

  it('suffixes names only when several segments are chosen', () => {
    expect(campaignNameForSegment('Open day', 'Autism', 2)).toBe('Open day - Autism');
    expect(campaignNameForSegment('Open day', 'Autism', 1)).toBe('Open day');
  });

  it('colours data quality 80+ green, 60+ yellow, else red', () => {
    expect([100, 80, 79, 60, 59, 0].map(dataQualityColor)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('trims voice terms and ignores duplicates', () => {
    expect(normalizeVoiceTerms([' tips ', 'Tips', '', 'next steps'])).toEqual(['tips', 'next steps']);
  });
});
