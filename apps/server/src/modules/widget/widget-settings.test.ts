import { WIDGET_SETTINGS_DEFAULTS, WIDGET_SETTINGS_MESSAGES, WIDGET_THEMES } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEFAULT_ADMIN, loginToken, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    WIDGET_IMAGE_HOSTS: 'cdn.school.example',
    PUBLIC_URL: 'https://admissions.school.example',
  });
  token = await loginToken(t.app);
});
afterAll(() => t.close());

const getSettings = () =>
  t.app.inject({ method: 'GET', url: '/api/widget/settings', headers: bearer(token) });
const put = (payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/widget/settings',
    headers: bearer(token),
    payload: payload as object,
  });

describe('GET and PUT /api/widget/settings', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/widget/settings' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/widget/settings',
      payload: { school_name: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers every field of a new school with the spec’s defaults', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({
      ...WIDGET_SETTINGS_DEFAULTS,
      school_time_zone: 'UTC',
      updated_at: expect.any(String),
    });
    expect(res.json().settings).toMatchObject({
      primary_color: '#4F46E5',
      secondary_color: '#7C3AED',
      background_color: '#FFFFFF',
      text_color: '#1F2937',
      accent_color: '#10B981',
      border_radius: '12px',
      school_name: 'My Academy',
      chatbot_name: 'School Assistant',
      auto_open_only_new_visitors: true,
    });
  });

  it.each([
    [{ primary_color: 'red' }, 'Please enter a valid hex color (e.g., #4F46E5)'],
    [{ primary_color: '#abc' }, 'Please enter a valid hex color (e.g., #4F46E5)'],
    [{ text_color: '#12345' }, 'Please enter a valid hex color (e.g., #4F46E5)'],
    [{ accent_color: '#1234567' }, 'Please enter a valid hex color'],
    [{ background_color: 'rgb(0,0,0)' }, 'Please enter a valid hex color'],
    [{ border_radius: '10px' }, 'Border radius must be one of 4px, 8px, 12px, 16px'],
    [{ position: 'middle' }, 'Position must be one of bottom-right, bottom-left, top-right, top-left'],
    [{ auto_open_delay: 121 }, 'Auto-open delay must be one of 3, 5, 10, 15, 30 seconds'],
    [{ auto_open_delay: 0 }, 'Auto-open delay must be one of'],
    [{ auto_open_delay: 4 }, 'Auto-open delay must be one of'],
    [{ auto_open_delay: '5' }, 'Auto-open delay must be one of'],
    [{ school_time_zone: 'Mars/Olympus' }, 'Please choose a valid time zone (e.g., Europe/London)'],
    [{ school_time_zone: '' }, 'Please choose a valid time zone'],
    [{ school_name: '   ' }, 'School name is required'],
    [{ chatbot_name: 'a chatbot name of 101 characters'.padEnd(101, 'x') }, 'chatbot_name'],
    [{ welcome_message: 'a welcome of 2001 characters'.padEnd(2001, 'x') }, 'welcome_message'],
    [{ logo_url: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
    [{ avatar_url: 'https://tracker.example/pixel.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    [{ logo_url: 'http://cdn.school.example/logo.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    [{ logo_url: '/\\tracker.example/logo.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    [{ avatar_url: 'https://cdn.school.example.tracker.example/a.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    // A path on our origin is not enough: it must be one of the images uploaded here.
    [{ avatar_url: '/uploads/avatar.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    [
      { avatar_url: 'https://admissions.school.example/files/avatar.png' },
      WIDGET_SETTINGS_MESSAGES.imageHost,
    ],
    [
      { avatar_url: '/widget/images/avatar-00000000-0000-4000-8000-000000000000.png' },
      WIDGET_SETTINGS_MESSAGES.imageHost,
    ],
    [{ show_branding: 'yes' }, 'show_branding'],
    [{ favourite_colour: '#000000' }, 'Unknown field(s): favourite_colour'],
    [{}, 'Nothing to update'],
    [{ updated_at: null }, 'Nothing to update'],
  ])('refuses %s with a clear error and changes nothing', async (payload, message) => {
    const before = (await getSettings()).json().settings;
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await getSettings()).json().settings).toEqual(before);
  });

  it('changes only the fields given, and the widget’s public config follows at once with the welcome filled', async () => {
    const res = await put({
      school_name: 'Brightwater Academy',
      chatbot_name: 'Robin',
      welcome_message: 'Hello from {{chatbot_name}} at {{ school_name }}!',
      primary_color: '#123abc',
      border_radius: '8px',
      position: 'top-left',
      auto_open_enabled: true,
      auto_open_delay: 10,
      chatbot_personality: 'Warm',
      unique_selling_proposition: 'Small classes',
      logo_url: 'https://cdn.school.example/logo.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      school_name: 'Brightwater Academy',
      primary_color: '#123ABC',
      secondary_color: '#7C3AED',
      updated_at: expect.any(String),
    });
    expect((await put({ call_to_action_text: 'Book a tour' })).json().settings.chatbot_name).toBe('Robin');

    const config = (await t.app.inject({ method: 'GET', url: '/widget/config' })).json();
    expect(config).toMatchObject({
      school_name: 'Brightwater Academy',
      chatbot_name: 'Robin',
      welcome_message: 'Hello from Robin at Brightwater Academy!',
      primary_color: '#123ABC',
      border_radius: '8px',
      position: 'top-left',
      auto_open_enabled: true,
      auto_open_delay: 10,
      auto_open_only_new_visitors: true,
      show_branding: true,
      enable_typing_indicator: true,
      call_to_action_text: 'Book a tour',
      logo_url: 'https://cdn.school.example/logo.png',
      avatar_url: null,
    });
    // Prompt material and admin-only fields stay private.
    expect(config).not.toHaveProperty('chatbot_personality');
    expect(config).not.toHaveProperty('unique_selling_proposition');
    expect(config).not.toHaveProperty('enable_analytics');
    expect(config).not.toHaveProperty('school_time_zone');
    expect(JSON.stringify(config)).not.toContain('Small classes');
  });

  it('takes the full settings object as GET answers it (updated_at ignored)', async () => {
    const settings = (await getSettings()).json().settings;
    const res = await put({ ...settings, chatbot_name: 'Wren' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      ...settings,
      chatbot_name: 'Wren',
      updated_at: expect.any(String),
    });
  });

  it('lets the public config be revalidated, so a saved change shows on the next view', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/widget/config' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const same = await t.app.inject({
      method: 'GET',
      url: '/widget/config',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    await put({ school_name: 'Brightwater Academy East' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/widget/config',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().school_name).toBe('Brightwater Academy East');
  });
});

describe('the school time zone', () => {
  it('defaults to SCHOOL_TIME_ZONE and is changed by PUT; reset keeps it', async () => {
    const other = await createTestApp({ SCHOOL_TIME_ZONE: 'America/Chicago' });
    try {
      const otherToken = await loginToken(other.app);
      const read = async () =>
        (
          await other.app.inject({ method: 'GET', url: '/api/widget/settings', headers: bearer(otherToken) })
        ).json().settings.school_time_zone;
      expect(await read()).toBe('America/Chicago');
      const res = await other.app.inject({
        method: 'PUT',
        url: '/api/widget/settings',
        headers: bearer(otherToken),
        payload: { school_time_zone: 'Europe/London' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await read()).toBe('Europe/London');
      // Reset to Defaults keeps it: it is the school's, not the widget's look.
      await other.app.inject({
        method: 'POST',
        url: '/api/widget/reset-defaults',
        headers: bearer(otherToken),
      });
      expect(await read()).toBe('Europe/London');
    } finally {
      await other.close();
    }
  });

  it('is UTC when nothing is configured', async () => {
    const res = await getSettings();
    expect(['UTC', 'Europe/London']).toContain(res.json().settings.school_time_zone);
  });
});

describe('themes, reset and the history', () => {
  it('lists six or more themes with the spec’s fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/widget/themes', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { themes } = res.json();
    expect(themes.length).toBeGreaterThanOrEqual(6);
    for (const theme of themes)
      expect(theme).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        is_default: expect.any(Boolean),
        color_scheme: {
          primary: expect.stringMatching(/^#[0-9A-F]{6}$/),
          secondary: expect.stringMatching(/^#[0-9A-F]{6}$/),
          accent: expect.stringMatching(/^#[0-9A-F]{6}$/),
        },
      });
    expect((await t.app.inject({ method: 'GET', url: '/api/widget/themes' })).statusCode).toBe(401);
  });

  it('applies a theme: only its three colours change, and it is audited', async () => {
    await put({ text_color: '#111111', background_color: '#FAFAFA', school_name: 'Theme School' });
    const before = (await getSettings()).json().settings;
    const theme = WIDGET_THEMES.find((x) => x.id === 'forest-campus')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/widget/themes/${theme.id}/apply`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({
      ...before,
      primary_color: theme.color_scheme.primary,
      secondary_color: theme.color_scheme.secondary,
      accent_color: theme.color_scheme.accent,
      updated_at: expect.any(String),
    });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history',
      headers: bearer(token),
    });
    expect(history.json().entries[0]).toMatchObject({
      action: 'widget.theme_applied',
      detail: theme.name,
      actor: { email: DEFAULT_ADMIN.email, id: expect.any(String) },
      fields: expect.arrayContaining(['primary_color', 'secondary_color', 'accent_color']),
    });
  });

  it('refuses an unknown theme with a 404 and changes nothing', async () => {
    const before = (await getSettings()).json().settings;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/widget/themes/neon/apply',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Theme not found' });
    expect((await getSettings()).json().settings).toEqual(before);
  });

  it('audits every change: who, when, which fields, before and after; newest first', async () => {
    const before = (await getSettings()).json().settings;
    await put({ chatbot_name: 'Kestrel', primary_color: '#0f766e' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history?limit=2',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      action: 'widget.settings_updated',
      at: expect.any(String),
      actor: { id: expect.any(String), email: DEFAULT_ADMIN.email },
      detail: null,
      counts: null,
      fields: ['chatbot_name', 'primary_color'],
      changes: [
        { field: 'chatbot_name', before: before.chatbot_name, after: 'Kestrel' },
        { field: 'primary_color', before: before.primary_color, after: '#0F766E' },
      ],
    });
    expect(Date.now() - Date.parse(entries[0].at)).toBeLessThan(60_000);
    // Saving the same values again changes nothing and adds nothing to the history.
    await put({ chatbot_name: 'Kestrel' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history?limit=1',
      headers: bearer(token),
    });
    expect(again.json().entries[0].id).toBe(entries[0].id);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history?limit=500',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/widget/settings/history' })).statusCode).toBe(401);
  });

  it('resets every field to the spec’s defaults and answers the settings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/widget/reset-defaults',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { updated_at: _u, school_time_zone: _z, ...rest } = res.json().settings;
    expect(rest).toEqual(WIDGET_SETTINGS_DEFAULTS);
    expect((await getSettings()).json().settings).toEqual(res.json().settings);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history?limit=1',
      headers: bearer(token),
    });
    expect(history.json().entries[0]).toMatchObject({ action: 'widget.settings_reset' });
    expect(history.json().entries[0].fields).toContain('school_name');
  });
});

describe('widget images on other hosts', () => {
  it('accepts https images on an allowed host', async () => {
    for (const url of ['https://cdn.school.example/avatar.png', 'https://CDN.school.example/logo.png']) {
      const res = await put({ avatar_url: url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().settings.avatar_url).toBe(url);
    }
  });

  it('does not show the public an image saved before the image rule', async () => {
    const other = await createTestApp();
    try {
      const { widgetSettings } = await import('./widget.tables');
      await other.database.db
        .insert(widgetSettings)
        .values({ id: 1, avatarUrl: 'https://tracker.example/p.png', logoUrl: '/uploads/logo.png' })
        .onConflictDoUpdate({
          target: widgetSettings.id,
          set: { avatarUrl: 'https://tracker.example/p.png', logoUrl: '/uploads/logo.png' },
        });
      const config = (await other.app.inject({ method: 'GET', url: '/widget/config' })).json();
      expect(config).toMatchObject({ avatar_url: null, logo_url: null });
      // Saving the whole form with the old images left as they were still works.
      const otherToken = await loginToken(other.app);
      const current = (
        await other.app.inject({ method: 'GET', url: '/api/widget/settings', headers: bearer(otherToken) })
      ).json().settings;
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/widget/settings',
        headers: bearer(otherToken),
        payload: { ...current, school_name: 'Legacy School' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Changing one to another foreign address is still refused.
      const changed = await other.app.inject({
        method: 'PUT',
        url: '/api/widget/settings',
        headers: bearer(otherToken),
        payload: { avatar_url: 'https://tracker.example/q.png' },
      });
      expect(changed.statusCode).toBe(400);
    } finally {
      await other.close();
    }
  });
});
