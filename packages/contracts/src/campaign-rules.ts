/**
 * The campaign state machine of spec document 3, 4.5, as pure functions: the screen offers an
 * action only where these allow it, and the server refuses (409) whatever they refuse.
 */

export const CAMPAIGN_APPROVAL_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type CampaignApprovalStatus = (typeof CAMPAIGN_APPROVAL_STATUSES)[number];

/**
 * 3.8: ready (the default), unpublished (the other reading of the initial value: treated as
 * ready), published, scheduled, sent.
 */
export const CAMPAIGN_PUBLISH_STATUSES = ['ready', 'unpublished', 'published', 'scheduled', 'sent'] as const;
export type CampaignPublishStatus = (typeof CAMPAIGN_PUBLISH_STATUSES)[number];
export const CAMPAIGN_DEFAULT_PUBLISH_STATUS: CampaignPublishStatus = 'ready';

export type CampaignState = {
  approval_status: CampaignApprovalStatus;
  /** Missing or null means ready (3.8: a client must treat ready as the default). */
  publish_status?: CampaignPublishStatus | null;
  /** The send's status (campaign.delivery?.status): null or missing until a send starts. */
  delivery_status?: 'preparing' | 'sending' | 'paused' | 'completed' | null;
};

/** The publish status with both readings of the initial value (ready, unpublished, none) as ready. */
export function effectivePublishStatus(
  status: CampaignPublishStatus | null | undefined,
): Exclude<CampaignPublishStatus, 'unpublished'> {
  return !status || status === 'unpublished' ? 'ready' : status;
}

const publishOf = (c: CampaignState) => effectivePublishStatus(c.publish_status);

/** Editable only as a draft, or rejected (edit and resubmit). */
export const canEdit = (c: CampaignState) =>
  c.approval_status === 'draft' || c.approval_status === 'rejected';

/** Send for Approval (draft) or Resubmit (rejected). */
export const canSendForApproval = (c: CampaignState) => canEdit(c);

/** Publishable when approved and publish_status is ready. */
export const canPublish = (c: CampaignState) => c.approval_status === 'approved' && publishOf(c) === 'ready';

/** Schedulable when published (only an approved campaign is ever published). */
export const canSchedule = (c: CampaignState) => publishOf(c) === 'published';

/** Send Now when published (cannot be undone). */
export const canSend = (c: CampaignState) => publishOf(c) === 'published';

/** Cancel Schedule when scheduled (the campaign stays published). */
export const canCancelSchedule = (c: CampaignState) => publishOf(c) === 'scheduled';

/** Pause while a send is preparing or sending. */
export const canPause = (c: CampaignState) =>
  c.delivery_status === 'preparing' || c.delivery_status === 'sending';

/** Resume a paused send. */
export const canResume = (c: CampaignState) => c.delivery_status === 'paused';

/** Schedule again (POST schedule) when published, or already scheduled (reschedule). */
export const canReschedule = (c: CampaignState) =>
  publishOf(c) === 'published' || publishOf(c) === 'scheduled';

/** Delete if draft or rejected, or if neither sent nor scheduled. */
export const canDelete = (c: CampaignState) =>
  canEdit(c) || (publishOf(c) !== 'sent' && publishOf(c) !== 'scheduled');

/** Ready for the email service: approved and publish_status ready or published. */
export const isReadyForEmailService = (c: CampaignState) =>
  c.approval_status === 'approved' && (publishOf(c) === 'ready' || publishOf(c) === 'published');

/** Saving edits to a rejected campaign resets it to draft and clears the approval fields. */
export const resetsApprovalOnSave = (c: CampaignState) => c.approval_status === 'rejected';

export const CAMPAIGN_BADGES = [
  'Sent',
  'Scheduled',
  'Published',
  'Approved',
  'Pending Approval',
  'Rejected',
  'Draft',
] as const;
export type CampaignBadge = (typeof CAMPAIGN_BADGES)[number];

/** Badge text, in the spec's priority order: sent, scheduled, published, then the approval status. */
export function badgeText(c: CampaignState): CampaignBadge {
  const publish = publishOf(c);
  if (publish === 'sent') return 'Sent';
  if (publish === 'scheduled') return 'Scheduled';
  if (publish === 'published') return 'Published';
  if (c.approval_status === 'approved') return 'Approved';
  if (c.approval_status === 'pending') return 'Pending Approval';
  if (c.approval_status === 'rejected') return 'Rejected';
  return 'Draft';
}

/** The badge's colour (the console's tones). */
export const CAMPAIGN_BADGE_TONES: Record<
  CampaignBadge,
  'green' | 'blue' | 'purple' | 'yellow' | 'red' | 'grey'
> = {
  Sent: 'green',
  Scheduled: 'blue',
  Published: 'purple',
  Approved: 'green',
  'Pending Approval': 'yellow',
  Rejected: 'red',
  Draft: 'grey',
};

export type CampaignAction =
  | 'edit'
  | 'send_for_approval'
  | 'resubmit'
  | 'publish'
  | 'schedule'
  | 'send'
  | 'cancel_schedule'
  | 'pause'
  | 'resume'
  | 'delete';

/** The actions a campaign's row offers (4.5 "Actions by state"), in display order. */
export function campaignActions(c: CampaignState): CampaignAction[] {
  const actions: CampaignAction[] = [];
  if (canEdit(c)) actions.push('edit');
  if (canSendForApproval(c))
    actions.push(c.approval_status === 'rejected' ? 'resubmit' : 'send_for_approval');
  if (canPublish(c)) actions.push('publish');
  if (canSchedule(c)) actions.push('schedule');
  if (canSend(c)) actions.push('send');
  if (canCancelSchedule(c)) actions.push('cancel_schedule');
  if (canPause(c)) actions.push('pause');
  if (canResume(c)) actions.push('resume');
  if (canDelete(c)) actions.push('delete');
  return actions;
}

/** Why an edit is refused: the server's 409 message and the 'Cannot Edit Campaign' notice's line. */
export const cannotEditReason = (c: CampaignState) =>
  `This campaign cannot be edited: its approval status is ${c.approval_status} and its publish status is ${publishOf(c)}. Only draft or rejected campaigns can be edited.`;

export const cannotDeleteReason = (c: CampaignState) =>
  `This campaign cannot be deleted: it is ${publishOf(c)}.`;
