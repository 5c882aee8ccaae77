import { ENROLL_MESSAGES, PUBLIC_SPECIAL_NEEDS, PUBLIC_TIMELINES } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnrollForm } from './enroll-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // jsdom has neither; the form scrolls a problem into view, gently unless motion is reduced.
  Element.prototype.scrollIntoView = vi.fn();
  window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
  fetchMock.mockResolvedValue(Response.json({ success: true, recommendedResources: [] }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/enroll', element: <EnrollForm schoolName="My Academy" /> },
      { path: '/enroll/success', element: <p>Thank you page</p> },
    ],
    { initialEntries: ['/enroll'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const send = () => screen.getByRole('button', { name: 'Submit & Get Resources' });
// One child on the form: each need's box is the only one of its name.
const need = (index: number) => screen.getByRole('checkbox', { name: PUBLIC_SPECIAL_NEEDS[index]! });

describe('the enrolment form', () => {
  it('shows nothing before the first attempt, then every problem, with the keyboard on the first', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email Address'), 'jo@example');
    expect(screen.queryByText(ENROLL_MESSAGES.emailInvalid)).not.toBeInTheDocument();

    await user.click(send());
    const name = screen.getByLabelText('Parent/Guardian Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(ENROLL_MESSAGES.parentName);
    for (const message of [
      ENROLL_MESSAGES.emailInvalid,
      ENROLL_MESSAGES.phoneRequired,
      ENROLL_MESSAGES.childName,
      ENROLL_MESSAGES.childAge,
      ENROLL_MESSAGES.specialNeeds,
      ENROLL_MESSAGES.timeline,
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows the typing once problems show, and shows an added child’s problems at once', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(send());
    await screen.findByText(ENROLL_MESSAGES.parentName);

    await user.type(screen.getByLabelText('Parent/Guardian Name'), 'Jo');
    expect(screen.queryByText(ENROLL_MESSAGES.parentName)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Parent/Guardian Name'));
    expect(await screen.findByText(ENROLL_MESSAGES.parentName)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Another Child' }));
    expect(screen.getByLabelText('Child 2 Name')).toHaveFocus();
    await waitFor(() => expect(screen.getAllByText(ENROLL_MESSAGES.childName)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Remove Child 2' }));
    expect(screen.getByLabelText('Child 1 Name')).toHaveFocus();
    await waitFor(() => expect(screen.getAllByText(ENROLL_MESSAGES.childName)).toHaveLength(1));
  });

  it('sends the form as the API takes it, then goes to the thank-you page', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Parent/Guardian Name'), ' Jo Parent ');
    await user.type(screen.getByLabelText('Email Address'), 'jo@example.org');
    await user.type(screen.getByLabelText('Phone Number'), '(555) 010-1111');
    await user.click(screen.getByLabelText('Yes, text me helpful resources and updates'));
    await user.type(screen.getByLabelText('Child 1 Name'), 'Sam');
    await user.type(screen.getByLabelText('Child 1 Age'), '7');
    await user.click(need(1));
    await user.click(need(0));
    await user.selectOptions(screen.getByLabelText('Enrollment Timeline'), PUBLIC_TIMELINES[0]!);
    await user.click(send());

    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/widget/submit-lead');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      leadData: { parentName: 'Jo Parent', phoneConsent: 'yes', timeline: PUBLIC_TIMELINES[0] },
      children: [{ name: 'Sam', age: 7, special_needs: [PUBLIC_SPECIAL_NEEDS[0], PUBLIC_SPECIAL_NEEDS[1]] }],
      website: '',
    });
  });
});
