import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

type Props = ComponentProps<typeof ConfirmDeleteDialog>;

function renderDialog(overrides: Partial<Props> = {}) {
  const props: Props = {
    title: 'Delete Resource',
    question: 'Are you sure you want to delete "Starting school"? This action cannot be undone.',
    subject: { name: 'Starting school', detail: '2 files · 5 downloads' },
    consequence: 'Its files are removed, and download links already sent stop working.',
    confirmLabel: 'Delete Resource',
    pendingLabel: 'Deleting...',
    isPending: false,
    error: null,
    onConfirm: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  render(<ConfirmDeleteDialog {...props} />);
  return { ...props, dialog: screen.getByRole('dialog', { name: props.title as string }) };
}

describe('ConfirmDeleteDialog', () => {
  it('asks about the thing by name and says what else goes with it', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Starting school"? This action cannot be undone.',
    );
    expect(within(dialog).getByText('Starting school')).toBeVisible();
    expect(within(dialog).getByText('2 files · 5 downloads')).toBeVisible();
    expect(dialog).toHaveTextContent('download links already sent stop working');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes only when the danger button is pressed', async () => {
    const { dialog, onConfirm, onCancel } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Resource' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('is left with Cancel, the close button or Escape, deleting nothing', async () => {
    const { dialog, onConfirm, onCancel } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open while the deletion runs: the buttons wait and Escape does nothing', async () => {
    const { dialog, onCancel } = renderDialog({ isPending: true });
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows why a deletion failed, in the dialog', () => {
    const { dialog } = renderDialog({ error: 'Failed to delete resource' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to delete resource');
    expect(within(dialog).getByRole('button', { name: 'Delete Resource' })).toBeEnabled();
  });
});
