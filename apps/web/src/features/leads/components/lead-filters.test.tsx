import type { Segment } from '@lantern/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LeadFilters } from '../hooks/use-lead-list-params';
import { LeadFiltersBar } from './lead-filters';

const NO_FILTERS: LeadFilters = {
  score: 'all',
  timeline: 'all',
  segment: 'all',
  conversion_status: 'all',
  email_status: 'all',
};

const segment = (id: string, name: string): Segment => ({
  id,
  name,
  description: null,
  inclusion_rules: null,
  exclusion_rules: null,
  is_active: true,
  never_contact: false,
  email_list_ready: true,
  auto_tag: true,
  priority: 5,
  active_leads: 3,
  created_at: '2026-01-05T10:00:00.000Z',
  last_evaluated: null,
  status: 'Email Ready',
  rules_summary: 'No rules: leads are added by hand',
});
const SEGMENTS = [segment('seg-early', 'early-years'), segment('seg-k12', 'K-12 families')];

function renderBar(overrides: Partial<Parameters<typeof LeadFiltersBar>[0]> = {}) {
  const props = {
    search: '',
    filters: NO_FILTERS,
    segments: SEGMENTS,
    hasFilters: false,
    onSearch: vi.fn(),
    onFilter: vi.fn(),
    onClear: vi.fn(),
    ...overrides,
  };
  render(<LeadFiltersBar {...props} />);
  return props;
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('LeadFiltersBar', () => {
  it('offers the five filters, each starting at all', () => {
    renderBar();
    for (const [label, shown] of [
      ['Score', 'All scores'],
      ['Timeline', 'All timelines'],
      ['Segment', 'All segments'],
      ['Conversion Status', 'All statuses'],
      ['Email Status', 'All statuses'],
    ]) {
      const select = screen.getByRole('combobox', { name: label });
      expect(select).toHaveValue('all');
      expect(select).toHaveDisplayValue(shown!);
    }
    expect(optionNames(screen.getByRole('combobox', { name: 'Score' }))).toEqual([
      'All scores',
      'High (70+)',
      'Medium (40-69)',
      'Low (below 40)',
    ]);
    // The timeline filter adds 'Unknown'; conversion status offers not_interested.
    expect(optionNames(screen.getByRole('combobox', { name: 'Timeline' }))).toContain('Unknown');
    expect(optionNames(screen.getByRole('combobox', { name: 'Conversion Status' }))).toContain(
      'Not interested',
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('passes on the chosen value of a filter by its name', async () => {
    const { onFilter } = renderBar();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Score' }), 'High (70+)');
    expect(onFilter).toHaveBeenCalledWith('score', 'high');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Email Status' }), 'Bounced');
    expect(onFilter).toHaveBeenLastCalledWith('email_status', 'bounced');
  });

  it('names segments as the segments screen does, and filters by the segment id', async () => {
    const { onFilter } = renderBar();
    const select = screen.getByRole('combobox', { name: 'Segment' });
    expect(optionNames(select)).toEqual(['All segments', 'early years', 'K-12 families']);
    await userEvent.selectOptions(select, 'early years');
    expect(onFilter).toHaveBeenCalledWith('segment', 'seg-early');
  });

  it('still shows a bookmarked segment that is no longer offered as chosen', () => {
    renderBar({ filters: { ...NO_FILTERS, segment: 'seg-deleted' }, hasFilters: true });
    const select = screen.getByRole('combobox', { name: 'Segment' });
    expect(select).toHaveValue('seg-deleted');
    expect(select).toHaveDisplayValue('Selected segment');
  });

  it('clears every filter at once when any is set', async () => {
    const { onClear } = renderBar({ filters: { ...NO_FILTERS, timeline: 'Immediately' }, hasFilters: true });
    expect(screen.getByRole('combobox', { name: 'Timeline' })).toHaveDisplayValue('Immediately');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('searches leads from the search box once typing pauses', async () => {
    const { onSearch } = renderBar();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'harper');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('harper'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
