import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignDelivery } from '@lantern/contracts';
import { DeliveryProgress, deliveryPercent } from './delivery-progress';

const delivery = (fields: Partial<CampaignDelivery> = {}): CampaignDelivery => ({
  status: 'sending',
  total: 12500,
  sent: 8000,
  failed: 0,
  skipped: 0,
  pending: 4500,
  paused_reason: null,
  started_at: '2026-11-24T07:00:00.000Z',
  finished_at: null,
  provider: 'smtp',
  ...fields,
});

describe('DeliveryProgress', () => {
  it("shows 'sent X of Y' with a progress bar", () => {
    render(<DeliveryProgress delivery={delivery()} campaignName="Open day" compact />);
    expect(screen.getByTestId('delivery-progress-text')).toHaveTextContent('sent 8,000 of 12,500');
    const bar = screen.getByRole('progressbar', { name: 'Sending Open day' });
    expect(bar).toHaveAttribute('aria-valuenow', '64');
    expect(screen.queryByText(/failed|skipped/)).toBeNull();
  });

  it('counts failed and skipped messages as done, and shows them when not zero', () => {
    render(
      <DeliveryProgress
        delivery={delivery({ sent: 10, failed: 3, skipped: 2, total: 20, pending: 5 })}
        campaignName="Open day"
      />,
    );
    expect(screen.getByText('Sending · 3 failed · 2 skipped')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  });

  it('shows why a send is paused, and Resume', async () => {
    const onResume = vi.fn();
    render(
      <DeliveryProgress
        delivery={delivery({ status: 'paused', paused_reason: 'Paused by an administrator.' })}
        campaignName="Open day"
        onResume={onResume}
        compact
      />,
    );
    expect(screen.getByTestId('delivery-paused-reason')).toHaveTextContent('Paused by an administrator.');
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onResume).toHaveBeenCalledOnce();
  });

  it('shows the sent date once completed', () => {
    render(
      <DeliveryProgress
        delivery={delivery({
          status: 'completed',
          sent: 12500,
          pending: 0,
          finished_at: '2026-11-24T08:00:00Z',
        })}
        campaignName="Open day"
        sentAt="2026-11-24T08:00:00.000Z"
      />,
    );
    expect(screen.getByText(/^Sent /)).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
  });

  it('is 0% of nothing', () => {
    expect(deliveryPercent({ total: 0, sent: 0, failed: 0, skipped: 0 })).toBe(0);
  });
});
