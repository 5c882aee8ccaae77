import type { EmailTemplate, TemplateValidation } from '@lantern/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TemplatesScreen } from './templates-screen';

// CodeMirror needs a real layout engine; a textarea stands in for it here (Playwright drives the real one).
vi.mock('@/components/ui/html-code-editor-impl', () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

function makeTemplate(overrides: Partial<EmailTemplate> = {}): EmailTemplate {
  return {
    id: 't-1',
    name: 'Monthly newsletter',
    description: null,
    category: 'newsletter',
    subject_template: 'News for {{name}}',
    content_html_template: '<p>Hi {{name}}</p><a href="{{unsubscribe}}">Unsubscribe</a>',
    content_text_template: null,
    variables_schema: [
      { key: 'name', label: 'Name', type: 'text', required: true, default_value: null, description: null },
    ],
    segment_tags: ['Autism', 'ADHD', 'Dyslexia', 'Anxiety', 'Sensory'],
    personalization_level: 'medium',
    is_active: false,
    usage_count: 7,
    last_used_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    created_by: null,
    default_key: null,
    ...overrides,
  };
}

type Route = (url: URL, init: RequestInit | undefined) => unknown;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let routes: Record<string, Route>;
const calls: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const route = routes[`${method} ${url.pathname}`];
  if (!route) return json({ error: 'not found' }, 404);
  const answer = route(url, init);
  return answer instanceof Response ? answer : json(answer);
});

const emptyCategories = {
  categories: ['newsletter', 'welcome', 'resources', 'events', 'general'].map((category) => ({
    category,
    count: 0,
  })),
};

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  routes = {
    'GET /api/templates/categories': () => emptyCategories,
    'GET /api/templates': () => ({ templates: [], total: 0 }),
    'POST /api/templates/extract-variables': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, string>;
      const names = [
        ...Object.values(body)
          .join(' ')
          .matchAll(/\{\{\s*(\w+)\s*\}\}|\{\$(\w+)\}/g),
      ].map((m) => m[1] ?? m[2]);
      return { variables: [...new Set(names)] };
    },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderScreen() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <TemplatesScreen />
    </QueryClientProvider>,
  );
}

describe('TemplatesScreen', () => {
  it('lists a template as spec 2.9 shows it, asking for active ones only at first', async () => {
    routes['GET /api/templates'] = () => ({ templates: [makeTemplate()], total: 3 });
    renderScreen();
    const card = await screen.findByTestId('template-card');
    expect(within(card).getByRole('heading', { name: 'Monthly newsletter' })).toBeInTheDocument();
    expect(within(card).getByText('Inactive')).toBeInTheDocument();
    expect(within(card).getByText('Newsletter')).toBeInTheDocument();
    expect(within(card).getByText('No description provided')).toBeInTheDocument();
    expect(within(card).getByText('Dyslexia')).toBeInTheDocument();
    expect(within(card).queryByText('Anxiety')).not.toBeInTheDocument();
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
    expect(within(card).getByText('Used 7 times')).toBeInTheDocument();
    expect(within(card).getByText(/Never/)).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 3 templates')).toBeInTheDocument();
    const listUrl = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/templates?'));
    const query = new URL(listUrl ?? '', 'http://localhost').searchParams;
    expect(query.get('is_active')).toBe('true');
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('0');
  });

  it('offers the starter set when the school has no templates, and a filter hint when filters hide them', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('No templates found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Template' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Start from a template' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'events');
    expect(await screen.findByText('Try changing your search or filters.')).toBeInTheDocument();
  });

  it("asks before deleting, in the spec's words, and shows a failure in the dialog", async () => {
    const user = userEvent.setup();
    routes['GET /api/templates'] = () => ({ templates: [makeTemplate({ is_active: true })], total: 1 });
    routes['DELETE /api/templates/t-1'] = () => json({ error: 'Failed to delete template' }, 500);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Actions for Monthly newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Monthly newsletter"? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete template')).toBeInTheDocument();
  });

  it('counts the variables 500 ms after an edit and will not save what the server finds invalid', async () => {
    const user = userEvent.setup();
    const invalid: TemplateValidation = {
      isValid: false,
      errors: ['Scripts are not allowed: <script> was removed'],
      warnings: [],
    };
    routes['POST /api/templates/validate'] = () => invalid;
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));
    expect(await screen.findByText('0 variables detected')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Template name'), 'Open day');
    await user.click(screen.getByLabelText('Subject template'));
    await user.paste('Hello {{ name }}');
    await user.click(await screen.findByLabelText('HTML template'));
    await user.paste('<p>{{child_name}} and {$child_age}</p>');
    await waitFor(() => expect(screen.getByText('3 variables detected')).toBeInTheDocument(), {
      timeout: 2000,
    });

    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Please fix validation errors before saving')).toBeInTheDocument();
    expect(screen.getByText('Scripts are not allowed: <script> was removed')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/templates')).toBe(false);
  });

  it('checks required fields before asking the server, and opens the tab with the problem', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));
    await user.click(screen.getByRole('tab', { name: /Variables/ }));
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template name is required')).toBeVisible();
    expect(screen.getByRole('tab', { name: /Content/ })).toHaveAttribute('aria-selected', 'true');
    expect(calls.some((call) => call.path === '/api/templates/validate')).toBe(false);
  });

  it('saves a valid template and returns to the refreshed list', async () => {
    const user = userEvent.setup();
    let saved: EmailTemplate | null = null;
    routes['POST /api/templates/validate'] = () => ({ isValid: true, errors: [], warnings: [] });
    routes['POST /api/templates'] = (_url, init) => {
      saved = makeTemplate({
        id: 't-9',
        name: 'Open day',
        is_active: true,
        ...JSON.parse(String(init?.body)),
      });
      return json({ template: saved }, 201);
    };
    routes['GET /api/templates'] = () => ({ templates: saved ? [saved] : [], total: saved ? 1 : 0 });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));
    await user.type(screen.getByLabelText('Template name'), 'Open day');
    await user.type(screen.getByLabelText('Subject template'), 'Come and see us');
    await user.type(await screen.findByLabelText('HTML template'), '<p>Welcome</p>');
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByRole('heading', { name: 'Open day' })).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/templates')?.body;
    expect(body).toMatchObject({ name: 'Open day', content_text_template: null, category: 'newsletter' });
  });

  it('returns to the list on Cancel, asking first only when there are unsaved edits', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Template' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Email Templates' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    await user.type(screen.getByLabelText('Template name'), 'Half-written');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Template name')).toHaveValue('Half-written');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Email Templates' })).toBeInTheDocument();
  });

  it("shows 'Failed to update template' when activation fails, and the server's own error when a preview fails", async () => {
    const user = userEvent.setup();
    routes['GET /api/templates'] = () => ({ templates: [makeTemplate({ is_active: true })], total: 1 });
    routes['PUT /api/templates/t-1'] = () => new Response('oops', { status: 500 });
    routes['POST /api/templates/t-1/preview'] = () => json({ error: 'Template not found' }, 404);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Actions for Monthly newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    expect(await screen.findByText('Failed to update template')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ is_active: false });

    await user.click(screen.getByRole('button', { name: 'Actions for Monthly newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByText('Template not found')).toBeInTheDocument();
  });

  it('previews with sample data, sending the edited values to the server', async () => {
    const user = userEvent.setup();
    routes['GET /api/templates'] = () => ({ templates: [makeTemplate({ is_active: true })], total: 1 });
    routes['POST /api/templates/t-1/preview'] = (_url, init) => {
      const { variables } = JSON.parse(String(init?.body)) as { variables: Record<string, string> };
      return {
        subject: `News for ${variables.name}`,
        html_content: `<p>Hi ${variables.name}</p>`,
        text_content: `Hi ${variables.name}`,
        missing_variables: [],
      };
    };
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Actions for Monthly newsletter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    expect(await screen.findByTestId('preview-subject')).toHaveTextContent('News for Sarah Johnson');
    const field = screen.getByLabelText('Name (required)');
    await user.clear(field);
    await user.type(field, 'Ana');
    await waitFor(() => expect(screen.getByTestId('preview-subject')).toHaveTextContent('News for Ana'));
    expect(screen.getByTitle('Email preview')).toHaveAttribute('sandbox', '');
  });
});
