import { DELIVERY_MESSAGES, type Campaign, type CampaignSummary } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../test/fixtures';
import { ScheduleCalendar } from './schedule-calendar';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Wednesday 18 November 2026, 10:00 in the browser's zone. */
const NOW = new Date(2026, 10, 18, 10, 0);
const at = (month: number, day: number, hours: number, minutes = 0) =>
  new Date(2026, month - 1, day, hours, minutes).toISOString();

function scheduled(id: string, name: string, scheduledFor: string, extra: Partial<Campaign> = {}) {
  return makeCampaign({
    id,
    name,
    subject: `${name} subject`,
    approval_status: 'approved',
    publish_status: 'scheduled',
    scheduled_for: scheduledFor,
    scheduled_time_zone: null,
    delivery: null,
    ...extra,
  }) as CampaignSummary;
}

let scheduledCampaigns: CampaignSummary[];
let sentCampaigns: CampaignSummary[];
let listStatus: number;
const calls: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, path: url.pathname + url.search, body });
  if (method === 'GET' && url.pathname === '/api/campaigns') {
    if (listStatus !== 200) return json({ error: 'Database unavailable' }, listStatus);
    const list = url.searchParams.get('status') === 'sent' ? sentCampaigns : scheduledCampaigns;
    return json({ campaigns: list, total: list.length });
  }
  const moved = /^\/api\/campaigns\/([^/]+)\/schedule$/.exec(url.pathname);
  if (method === 'POST' && moved) {
    const { scheduled_for } = body as { scheduled_for: string };
    scheduledCampaigns = scheduledCampaigns.map((c) => (c.id === moved[1] ? { ...c, scheduled_for } : c));
    const campaign = scheduledCampaigns.find((c) => c.id === moved[1]);
    return json({
      message: DELIVERY_MESSAGES.scheduled,
      campaign: { ...campaign, content_html: '', content_text: '' },
    });
  }
  return json({ error: 'not found' }, 404);
});

beforeEach(() => {
  calls.length = 0;
  listStatus = 200;
  vi.stubGlobal('fetch', fetchMock);
  scheduledCampaigns = [
    scheduled('c-1', 'Open day invitation', at(11, 20, 9)),
    scheduled('c-2', 'Therapy services', at(11, 20, 14, 30)),
    scheduled('c-3', 'Application deadline', at(11, 20, 16)),
    scheduled('c-4', 'Welcome pack', at(11, 25, 9)),
    scheduled('c-5', 'Parent evening', at(11, 25, 18, 15)),
    // Its time passed and it has not gone yet (a stuck job): still on the calendar, not movable here.
    scheduled('c-6', 'Late reminder', at(11, 10, 9)),
    scheduled('c-7', 'Winter term news', at(12, 3, 11)),
  ];
  sentCampaigns = [
    scheduled('c-8', 'Autumn newsletter', at(11, 12, 8), {
      publish_status: 'sent',
      sent_at: at(11, 12, 8, 5),
    }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

function renderCalendar() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ScheduleCalendar now={NOW} />
    </QueryClientProvider>,
  );
}

const cell = (key: string) => {
  const found = document.querySelector<HTMLElement>(`[role="gridcell"][data-day="${key}"]`);
  if (!found) throw new Error(`no cell for ${key}`);
  return found;
};

describe('ScheduleCalendar', () => {
  it('lays the month out in weeks from Sunday to Saturday', async () => {
    renderCalendar();
    const grid = await screen.findByRole('grid', { name: 'Scheduled campaigns, November 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const rows = within(grid).getAllByRole('row').slice(1);
    // November 2026 starts on a Sunday and ends on a Monday: five weeks, the last ending Saturday 5 December.
    expect(rows).toHaveLength(5);
    const firstWeek = within(rows[0]!).getAllByRole('gridcell');
    expect(firstWeek[0]).toHaveAccessibleName(/^Sunday, November 1, 2026/);
    expect(firstWeek[6]).toHaveAccessibleName(/^Saturday, November 7, 2026/);
    const lastWeek = within(rows[4]!).getAllByRole('gridcell');
    expect(lastWeek[6]).toHaveAccessibleName(/^Saturday, December 5, 2026/);
    expect(cell('2026-11-18')).toHaveAttribute('aria-current', 'date');
  });

  it('lists at most two campaigns in a day cell, with 12-hour times, and folds the rest into +N more', async () => {
    renderCalendar();
    await screen.findByText('Open day invitation');
    const busy = cell('2026-11-20');
    expect(busy).toHaveAccessibleName('Friday, November 20, 2026, 3 campaigns scheduled');
    expect(within(busy).getByText('Open day invitation')).toBeInTheDocument();
    expect(within(busy).getByText('Therapy services')).toBeInTheDocument();
    expect(within(busy).queryByText('Application deadline')).not.toBeInTheDocument();
    expect(within(busy).getByText('+1 more')).toBeInTheDocument();
    expect(within(busy).getByText('9:00 AM')).toBeInTheDocument();
    expect(within(busy).getByText('2:30 PM')).toBeInTheDocument();

    const two = cell('2026-11-25');
    expect(within(two).getByText('Welcome pack')).toBeInTheDocument();
    expect(within(two).getByText('6:15 PM')).toBeInTheDocument();
    expect(within(two).queryByText(/more$/)).not.toBeInTheDocument();
    expect(cell('2026-11-12')).toHaveAccessibleName('Thursday, November 12, 2026, 1 sent');
  });

  it("lists the selected day's campaigns with subject, segment and time", async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Open day invitation');
    await user.click(cell('2026-11-20'));
    expect(cell('2026-11-20')).toHaveAttribute('aria-selected', 'true');
    const list = screen.getByRole('list', { name: 'Campaigns on Friday, November 20, 2026' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/^9:00 AM.*Open day invitation/);
    expect(items[1]).toHaveTextContent(/^2:30 PM.*Therapy services/);
    expect(items[2]).toHaveTextContent(/^4:00 PM.*Application deadline/);
    expect(within(items[2]!).getByText('Application deadline subject')).toBeInTheDocument();
    expect(within(items[2]!).getByText('4:00 PM')).toBeInTheDocument();
    expect(within(items[2]!).getByText(/Segment: New enquiries/)).toBeInTheDocument();
  });

  it('offers Reschedule for campaigns on future days only', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Open day invitation');

    await user.click(cell('2026-11-25'));
    expect(screen.getAllByRole('button', { name: /^Reschedule / })).toHaveLength(2);

    await user.click(cell('2026-11-10'));
    expect(screen.getByText('Late reminder subject')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reschedule / })).not.toBeInTheDocument();

    await user.click(cell('2026-11-12'));
    const sent = screen.getByRole('list', { name: 'Campaigns on Thursday, November 12, 2026' });
    expect(within(sent).getByText('Autumn newsletter')).toBeInTheDocument();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reschedule / })).not.toBeInTheDocument();
  });

  it('reschedules through the Schedule dialog and shows the campaign on its new day', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Open day invitation');
    await user.click(cell('2026-11-20'));
    await user.click(screen.getByRole('button', { name: 'Reschedule Application deadline' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Campaign' });
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveValue('2026-11-20');
    expect(within(dialog).getByLabelText('Time')).toHaveValue('16:00');

    // The dialog's own rule: a time already gone is refused.
    await user.clear(date);
    await user.type(date, '2026-11-17');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText(DELIVERY_MESSAGES.schedulePast)).toBeInTheDocument();

    await user.clear(date);
    await user.type(date, '2026-11-27');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/campaigns/c-3/schedule');
    expect((post?.body as { scheduled_for: string }).scheduled_for).toBe(at(11, 27, 16));
    await waitFor(() =>
      expect(within(cell('2026-11-27')).getByText('Application deadline')).toBeInTheDocument(),
    );
    expect(within(cell('2026-11-20')).queryByText('+1 more')).not.toBeInTheDocument();
  });

  it('moves through days and months with the keyboard', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Open day invitation');

    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    // Previous, Next, Today, then the grid's one focusable day: today.
    expect(cell('2026-11-18')).toHaveFocus();
    expect(cell('2026-11-17')).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cell('2026-11-20')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(cell('2026-11-20')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Friday, November 20, 2026' })).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(cell('2026-11-27')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{Home}');
    expect(cell('2026-11-08')).toHaveFocus();
    await user.keyboard('{End}{ArrowLeft}');
    expect(cell('2026-11-13')).toHaveFocus();

    await user.keyboard('{PageDown}');
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(cell('2026-12-13')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp} ');
    expect(cell('2026-11-29')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Sunday, November 29, 2026' })).toBeInTheDocument();

    await user.keyboard('{PageUp}');
    expect(screen.getByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    expect(cell('2026-10-29')).toHaveFocus();
    // Only one day of the grid is in the tab order.
    expect(document.querySelectorAll('[role="gridcell"][tabindex="0"]')).toHaveLength(1);
  });

  it('changes month with the buttons and says when a month has nothing scheduled', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Open day invitation');
    expect(screen.queryByText(/No campaigns scheduled this month/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(within(cell('2026-12-03')).getByText('Winter term news')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'January 2027' })).toBeInTheDocument();
    expect(screen.getByText(/No campaigns scheduled this month/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wednesday, November 18, 2026' })).toBeInTheDocument();
  });

  it("shows the time a campaign was scheduled for in its own zone when that is not the browser's", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = zone === 'Pacific/Kiritimati' ? 'America/New_York' : 'Pacific/Kiritimati';
    scheduledCampaigns = [scheduled('c-9', 'Zoned', at(11, 24, 9), { scheduled_time_zone: other })];
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Zoned');
    await user.click(cell('2026-11-24'));
    expect(
      screen.getByText(new RegExp(`Scheduled as .* \\(${other.replace('/', '\\/')}\\)`)),
    ).toBeInTheDocument();
  });

  it('ignores a time zone this browser does not know', async () => {
    scheduledCampaigns = [
      scheduled('c-10', 'Odd zone', at(11, 24, 9), { scheduled_time_zone: 'Mars/Olympus' }),
    ];
    const user = userEvent.setup();
    renderCalendar();
    await screen.findByText('Odd zone');
    await user.click(cell('2026-11-24'));
    expect(screen.getByText('Odd zone subject')).toBeInTheDocument();
    expect(screen.queryByText(/Scheduled as/)).not.toBeInTheDocument();
  });

  it('only logs a failed load and still shows a calm, usable calendar', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    listStatus = 500;
    renderCalendar();
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load campaigns', expect.anything()));
    expect(screen.getByText(/No campaigns scheduled this month/)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load campaigns')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the grid as a skeleton while the campaigns load', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    renderCalendar();
    expect(screen.getByRole('status', { name: 'Loading scheduled campaigns' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    release(json({ campaigns: scheduledCampaigns, total: scheduledCampaigns.length }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });
});
