import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddLeadDialog } from './add-lead-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn(); // jsdom has none; the form brings its message into view.
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AddLeadDialog open onOpenChange={vi.fn()} onCreated={vi.fn()} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Add New Lead' });
}

describe('Add New Lead', () => {
  it('shows the spec’s first problem at the top until the next attempt, leaving the keyboard where it was', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();
    const create = within(dialog).getByRole('button', { name: 'Create Lead' });
    await user.click(create);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email is required');
    expect(create).toHaveFocus();

    await user.type(within(dialog).getByLabelText('Email'), 'harper@example.org');
    await user.type(within(dialog).getByLabelText('Parent Name'), 'Harper');
    await user.type(within(dialog).getByLabelText('Child 1 Name'), 'Ellis');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email is required');
    await user.click(within(dialog).getByRole('button', { name: '+ Add Another Child' }));
    await user.click(create);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Child 2 name is required'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the lead as the API takes it, and says it was created', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      Response.json({ lead: { id: 'lead-1', parent_name: 'Harper Journey' }, segments: [] }, { status: 201 }),
    );
    const dialog = renderDialog();
    await user.type(within(dialog).getByLabelText('Email'), ' harper@example.org ');
    await user.type(within(dialog).getByLabelText('Parent Name'), 'Harper Journey');
    await user.type(within(dialog).getByLabelText('Child 1 Name'), 'Ellis');
    await user.type(within(dialog).getByLabelText('Child 1 Age'), '7');
    await user.click(within(dialog).getByRole('checkbox', { name: 'ADHD' }));
    await user.click(within(dialog).getByRole('button', { name: '+ Add Another Child' }));
    await user.type(within(dialog).getByLabelText('Child 2 Name'), 'Wren');
    await user.click(within(dialog).getByRole('button', { name: 'Remove child 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Lead' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Lead "Harper Journey" created successfully!',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/leads/import/single');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      email: 'harper@example.org',
      parent_name: 'Harper Journey',
      children: [{ name: 'Wren', age: null, special_needs: [] }],
    });
  });
});
