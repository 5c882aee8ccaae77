import type { Segment } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INCLUSION_REQUIRED } from './segment-draft-checks';
import { SegmentEditorDialog } from './segment-editor-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn(); // jsdom has none; the editor brings problems into view.
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function makeSegment(overrides: Partial<Segment> = {}): Segment {
  return {
    id: 'segment-1',
    name: 'Autism families',
    description: null,
    inclusion_rules: {
      operator: 'AND',
      conditions: [{ field: 'all_special_needs', operator: 'contains', value: 'Autism/ASD' }],
    },
    exclusion_rules: null,
    is_active: true,
    never_contact: false,
    email_list_ready: true,
    auto_tag: true,
    priority: 7,
    active_leads: 3,
    created_at: '2026-09-01T10:00:00Z',
    last_evaluated: null,
    status: 'Email Ready',
    rules_summary: '',
    ...overrides,
  };
}

function renderEditor(segment: Segment | null = null) {
  const onSaved = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SegmentEditorDialog open segment={segment} onOpenChange={vi.fn()} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: segment ? 'Edit Segment' : 'Create New Segment' });
  return { dialog, onSaved };
}

const region = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('region', { name });

describe('the segment editor', () => {
  it('refuses a save with each problem on its part and the keyboard on the first; editing a part clears its problem', async () => {
    const user = userEvent.setup();
    const { dialog } = renderEditor();
    const name = within(dialog).getByLabelText('Segment name');
    await user.clear(within(dialog).getByLabelText('Priority'));
    await user.type(within(dialog).getByLabelText('Priority'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Create Segment' }));

    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Segment name is required');
    expect(within(dialog).getByLabelText('Priority')).toHaveAccessibleDescription(
      'Priority must be between 1 and 100',
    );
    const value = within(dialog).getByLabelText('Inclusion rule 1 value');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('Inclusion rule 1: Value is required');

    await user.type(name, 'Autism - Immediate');
    expect(within(dialog).queryByText('Segment name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Priority must be between 1 and 100')).toBeInTheDocument();
    await user.selectOptions(value, 'Autism/ASD');
    expect(within(dialog).queryByText('Inclusion rule 1: Value is required')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Priority'));
    await user.type(within(dialog).getByLabelText('Priority'), '50');
    expect(within(dialog).queryByText('Priority must be between 1 and 100')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove inclusion rule 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Segment' }));
    const add = within(region(dialog, /inclusion/i)).getByRole('button', { name: 'Add Condition' });
    await waitFor(() => expect(add).toHaveFocus());
    expect(add).toHaveAccessibleDescription(INCLUSION_REQUIRED);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks and focuses the condition Test First finds at fault, with the same words in its panel', async () => {
    const user = userEvent.setup();
    const { dialog } = renderEditor();
    await user.selectOptions(within(dialog).getByLabelText('Inclusion rule 1 value'), 'Autism/ASD');
    await user.click(within(region(dialog, /exclusion/i)).getByRole('button', { name: 'Add Condition' }));
    await user.selectOptions(within(dialog).getByLabelText('Exclusion rule 1 field'), 'lead_score');
    await user.click(within(dialog).getByRole('button', { name: 'Test First' }));

    const value = within(dialog).getByLabelText('Exclusion rule 1 value');
    await waitFor(() => expect(value).toHaveFocus());
    expect(value).toHaveAccessibleDescription('Exclusion rule 1: Value is required');
    expect(within(dialog).getAllByText('Exclusion rule 1: Value is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns email list ready off with never contact', async () => {
    const user = userEvent.setup();
    const { dialog } = renderEditor();
    const ready = within(dialog).getByLabelText('Email list ready');
    expect(ready).toBeChecked();
    await user.click(within(dialog).getByLabelText('Never contact'));
    expect(ready).not.toBeChecked();
    expect(ready).toBeDisabled();
  });

  it('saves an edit with only what changed', async () => {
    const user = userEvent.setup();
    const saved = makeSegment({ description: 'Described' });
    fetchMock.mockResolvedValue(Response.json({ segment: saved }));
    const { dialog, onSaved } = renderEditor(makeSegment());
    expect(within(dialog).getByLabelText('Segment name')).toHaveValue('Autism families');
    expect(within(dialog).getByLabelText('Priority')).toHaveValue(7);
    await user.type(within(dialog).getByLabelText('Description'), 'Described');
    await user.click(within(dialog).getByRole('button', { name: 'Update Segment' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'updated'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/segments/segment-1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ description: 'Described' });
  });
});
