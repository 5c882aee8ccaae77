import { CAMPAIGN_MESSAGES } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../../test/fixtures';
import { AiCampaignEditorDialog } from './ai-campaign-editor-dialog';

vi.mock('@/components/ui/html-code-editor-impl', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let editAnswer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  if (init?.method === 'POST' && path === '/api/campaigns/c-1/edit-with-ai') return editAnswer();
  if (path === '/api/campaigns/c-1') return json({ campaign: makeCampaign() });
  return json({ error: 'not found' }, 404);
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AiCampaignEditorDialog campaignId="c-1" onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

async function sendInstruction(text: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'AI Campaign Editor' });
  await user.type(await within(dialog).findByRole('textbox', { name: 'Instruction' }), text);
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return { user, dialog };
}

describe('AiCampaignEditorDialog', () => {
  it('without an AI provider says so and offers the manual HTML editor', async () => {
    editAnswer = () => json({ error: CAMPAIGN_MESSAGES.aiNotConfigured }, 503);
    renderEditor();
    const { user, dialog } = await sendInstruction('Make it warmer');
    expect(await within(dialog).findByTestId('editor-reply')).toHaveTextContent(
      CAMPAIGN_MESSAGES.aiNotConfigured,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Edit the HTML by hand' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Campaign HTML' })).toBeInTheDocument();
  });

  it("answers a failed edit in the spec's words", async () => {
    editAnswer = () => json({ error: 'upstream timeout' }, 502);
    renderEditor();
    const { dialog } = await sendInstruction('Shorter please');
    expect(await within(dialog).findByTestId('editor-reply')).toHaveTextContent(
      CAMPAIGN_MESSAGES.aiEditFailed,
    );
    expect(within(dialog).queryByRole('button', { name: 'Edit the HTML by hand' })).not.toBeInTheDocument();
  });

  it('shows the change summary of a new version', async () => {
    editAnswer = () =>
      json({
        content_html: '<p>Warmer</p>',
        change_summary: 'Warmed the opening',
        version_number: 2,
        flags: [{ kind: 'avoid_term', message: 'Uses an avoided term: "guarantees"' }],
        campaign: makeCampaign({ content_html: '<p>Warmer</p>', current_version_number: 2 }),
      });
    renderEditor();
    const { dialog } = await sendInstruction('Warmer');
    const reply = await within(dialog).findByTestId('editor-reply');
    expect(reply).toHaveTextContent('Version 2: Warmed the opening');
    expect(reply).toHaveTextContent('Uses an avoided term');
  });

  it('asks for an instruction before sending', async () => {
    renderEditor();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'AI Campaign Editor' });
    await user.click(await within(dialog).findByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(CAMPAIGN_MESSAGES.instructionRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
