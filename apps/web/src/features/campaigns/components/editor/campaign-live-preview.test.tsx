import { CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CampaignLivePreview } from './campaign-live-preview';

describe('CampaignLivePreview', () => {
  it('renders the body in a sandboxed frame with sample data, never with script allowances', async () => {
    render(
      <CampaignLivePreview
        subject="Hi {{parent_name}}"
        html={'<p>{{child_name}}</p><script>alert(1)</script>'}
      />,
    );
    const frame = await screen.findByTitle('Campaign preview with sample data');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('>Emma</mark>');
    expect(frame.getAttribute('srcdoc')).toContain("default-src 'none'");
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Hi Sarah Johnson');
  });

  it('shows a full document by its body, with a note, and the source on request', async () => {
    const user = userEvent.setup();
    const doc = '<html><head><style>p{}</style></head><body><p>Body only</p></body></html>';
    render(<CampaignLivePreview subject="S" html={doc} />);
    expect(await screen.findByText(CAMPAIGN_MESSAGES.fullDocumentNote)).toBeInTheDocument();
    expect(screen.getByTitle('Campaign preview with sample data').getAttribute('srcdoc')).not.toContain(
      '<style>p{}',
    );
    await user.click(screen.getByRole('button', { name: 'Source' }));
    expect(screen.getByLabelText('HTML source')).toHaveTextContent('<html>');
  });
});
