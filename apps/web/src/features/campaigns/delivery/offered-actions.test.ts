import { describe, expect, it } from 'vitest';
import { makeCampaign } from '../test/fixtures';
import { offeredActions } from './offered-actions';

describe('offeredActions', () => {
  it("offers the campaign's own actions", () => {
    const published = makeCampaign({ approval_status: 'approved', publish_status: 'published' });
    expect([...offeredActions(published, null)]).toEqual(expect.arrayContaining(['schedule', 'send']));
  });

  it('adds Approve while pending, and Reschedule while scheduled', () => {
    expect(offeredActions(makeCampaign({ approval_status: 'pending' }), null).has('approve')).toBe(true);
    expect(offeredActions(makeCampaign({ approval_status: 'draft' }), null).has('approve')).toBe(false);
    const scheduled = makeCampaign({ approval_status: 'approved', publish_status: 'scheduled' });
    const offered = offeredActions(scheduled, null);
    expect(offered.has('schedule')).toBe(true);
    expect(offered.has('cancel_schedule')).toBe(true);
    expect(offered.has('send')).toBe(false);
  });

  it('follows the polled delivery for Pause and Resume', () => {
    const sending = makeCampaign({ approval_status: 'approved', publish_status: 'sent' });
    expect(offeredActions(sending, { status: 'sending' }).has('pause')).toBe(true);
    const paused = offeredActions(sending, { status: 'paused' });
    expect(paused.has('pause')).toBe(false);
    expect(paused.has('resume')).toBe(true);
    const done = offeredActions(sending, { status: 'completed' });
    expect(done.has('pause') || done.has('resume')).toBe(false);
  });
});
