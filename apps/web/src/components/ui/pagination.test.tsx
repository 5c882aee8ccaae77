import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const pageInfo = (page: number, totalPages: number, total = totalPages * 20) => ({
  page,
  limit: 20,
  total,
  totalPages,
});

describe('Pagination', () => {
  it('is not shown when everything fits on one page', () => {
    const { container } = render(<Pagination pagination={pageInfo(1, 1, 7)} onPageChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says which page of how many, and offers no Previous on the first page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination pagination={pageInfo(1, 3)} onPageChange={onPageChange} />);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('goes back a page from the middle, and offers no Next on the last page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination pagination={pageInfo(2, 3)} onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(1);

    rerender(<Pagination pagination={pageInfo(3, 3)} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('shows the rows on the page, the last page ending at the total', () => {
    render(<Pagination pagination={pageInfo(3, 3, 45)} onPageChange={vi.fn()} showRange />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Showing 41–45 of 45');
  });

  it('labels an estimated total as one, and an exact one not', () => {
    const estimate = { page: 2, limit: 20, total: 16_400, totalPages: 820, totalIsEstimate: true };
    const { rerender } = render(<Pagination pagination={estimate} onPageChange={vi.fn()} showRange />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Showing 21–40 of about 16,400');
    expect(nav).toHaveTextContent('Page 2 of about 820');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(
      <Pagination pagination={{ ...estimate, totalIsEstimate: false }} onPageChange={vi.fn()} showRange />,
    );
    expect(nav).toHaveTextContent('Showing 21–40 of 16,400');
    expect(nav).not.toHaveTextContent('about');
  });
});
