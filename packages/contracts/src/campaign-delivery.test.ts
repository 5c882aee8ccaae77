import { describe, expect, it } from 'vitest';
import { campaignDeliverySchema, DELIVERY_MESSAGES, deliveryProgressText } from './campaign-delivery';

describe('campaign delivery contract', () => {
  it("says 'sent X of Y' with thousands separators", () => {
    expect(deliveryProgressText({ sent: 0, total: 3 })).toBe('sent 0 of 3');
    expect(deliveryProgressText({ sent: 1234, total: 100000 })).toBe('sent 1,234 of 100,000');
  });

  it('has the spec messages', () => {
    expect(DELIVERY_MESSAGES.scheduleMissing).toBe('Please select both date and time');
    expect(DELIVERY_MESSAGES.schedulePast).toBe('Schedule time must be in the future');
    expect(DELIVERY_MESSAGES.publishFailed).toBe('Failed to publish to the provider');
    expect(DELIVERY_MESSAGES.sendConfirm(1200)).toContain('cannot be undone');
    expect(DELIVERY_MESSAGES.autoPaused(10)).toContain('10 consecutive');
  });

  it('parses a delivery', () => {
    const d = {
      status: 'sending',
      total: 3,
      sent: 1,
      failed: 0,
      skipped: 1,
      pending: 1,
      paused_reason: null,
      started_at: '2026-01-01T00:00:00.000Z',
      finished_at: null,
      provider: 'smtp',
    };
    expect(campaignDeliverySchema.parse(d)).toEqual(d);
    expect(() => campaignDeliverySchema.parse({ ...d, status: 'done' })).toThrow();
  });
});
