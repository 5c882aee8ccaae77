import { WIDGET_SETTINGS_DEFAULTS, WIDGET_SETTINGS_MESSAGES } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';

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
    expect(res.json().settings).toEqual({ ...WIDGET_SETTINGS_DEFAULTS, updated_at: expect.any(String) });
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
    [{ primary_color: 'red' }, 'Colours must be hex values such as #4F46E5'],
    [{ text_color: '#12345' }, 'Colours must be hex values'],
    [{ border_radius: '10px' }, 'Border radius must be one of 4px, 8px, 12px, 16px'],
    [{ position: 'middle' }, 'Position must be one of bottom-right, bottom-left, top-right, top-left'],
    [{ auto_open_delay: 121 }, 'Auto-open delay must be a whole number of seconds from 0 to 120'],
    [{ auto_open_delay: -1 }, 'Auto-open delay'],
    [{ auto_open_delay: 2.5 }, 'Auto-open delay'],
    [{ school_name: '   ' }, 'School name is required'],
    [{ chatbot_name: 'a chatbot name of 101 characters'.padEnd(101, 'x') }, 'chatbot_name'],
    [{ welcome_message: 'a welcome of 2001 characters'.padEnd(2001, 'x') }, 'welcome_message'],
    [{ logo_url: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
    [{ avatar_url: 'https://tracker.example/pixel.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    [{ logo_url: 'http://cdn.school.example/logo.png' }, WIDGET_SETTINGS_MESSAGES.imageHost],
    [{ logo_url: '/\\tracker.example/logo.png' }, 'Images must be files uploaded to this site'],
    [{ avatar_url: 'https://cdn.school.example.tracker.example/a.png' }, 'Images must be files'],
    [{ show_branding: 'yes' }, 'show_branding'],
    [{ favourite_colour: '#000000' }, 'Unknown field(s): favourite_colour'],
    [{}, 'Nothing to update'],
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
      auto_open_delay: 0,
      chatbot_personality: 'Warm',
      unique_selling_proposition: 'Small classes',
      logo_url: '/uploads/logo.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      school_name: 'Brightwater Academy',
      secondary_color: '#7C3AED',
      updated_at: expect.any(String),
    });
    expect((await put({ call_to_action_text: 'Book a tour' })).json().settings.chatbot_name).toBe('Robin');

    const config = (await t.app.inject({ method: 'GET', url: '/widget/config' })).json();
    expect(config).toMatchObject({
      school_name: 'Brightwater Academy',
      chatbot_name: 'Robin',
      welcome_message: 'Hello from Robin at Brightwater Academy!',
      primary_color: '#123abc',
      border_radius: '8px',
      position: 'top-left',
      auto_open_enabled: true,
      auto_open_delay: 0,
      auto_open_only_new_visitors: true,
      show_branding: true,
      enable_typing_indicator: true,
      call_to_action_text: 'Book a tour',
      logo_url: '/uploads/logo.png',
      avatar_url: null,
    });
    // Prompt material and admin-only fields stay private.
    expect(config).not.toHaveProperty('chatbot_personality');
    expect(config).not.toHaveProperty('unique_selling_proposition');
    expect(config).not.toHaveProperty('enable_analytics');
    expect(JSON.stringify(config)).not.toContain('Small classes');
  });
});

describe('widget images', () => {
  it('accepts images on this site and https images on an allowed host', async () => {
    for (const url of [
      '/uploads/avatar.png',
      'https://admissions.school.example/files/avatar.png',
      'https://cdn.school.example/avatar.png',
      'https://CDN.school.example/logo.png',
    ]) {
      const res = await put({ avatar_url: url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().settings.avatar_url).toBe(url);
    }
  });

  it('does not show the public an image saved before the host rule', async () => {
    const other = await createTestApp();
    try {
      const { widgetSettings } = await import('./widget.tables');
      await other.database.db
        .update(widgetSettings)
        .set({ avatarUrl: 'https://tracker.example/p.png', logoUrl: '/uploads/logo.png' });
      const config = (await other.app.inject({ method: 'GET', url: '/widget/config' })).json();
      expect(config).toMatchObject({ avatar_url: null, logo_url: '/uploads/logo.png' });
    } finally {
      await other.close();
    }
  });
});
