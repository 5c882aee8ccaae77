// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootPreview, canPreview, fillPlaceholders, SAMPLE_QUESTION } from './preview';

const settings = {
  school_name: 'Brightwater Academy',
  chatbot_name: 'Wren',
  welcome_message: 'Hello from {{chatbot_name}} at {{ school_name }}!',
  primary_color: '#0F766E',
};

function send(data: unknown, init: { origin?: string; source?: MessageEventSource | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: init.origin ?? location.origin,
      source: init.source === undefined ? window : init.source,
    }),
  );
}

describe("the widget's preview mode", () => {
  let mount: HTMLElement;
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    mount = document.createElement('div');
    document.body.append(mount);
    fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    mount.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('runs only framed by a page of its own origin', () => {
    // jsdom's page is not framed.
    expect(canPreview(location.origin)).toBe(false);
  });

  it('tells its parent, and only its own origin, that it is ready', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    bootPreview(mount, location.origin);
    expect(post).toHaveBeenCalledWith({ type: 'lantern-widget-preview:ready' }, location.origin);
  });

  it("shows the parent's unsaved settings with the welcome message filled and a sample exchange", () => {
    vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    bootPreview(mount, location.origin);
    send({ type: 'lantern-widget-preview:settings', settings, open: true });
    const dialog = mount.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-label')).toBe('Wren');
    expect(mount.textContent).toContain('Hello from Wren at Brightwater Academy!');
    expect(mount.textContent).toContain(SAMPLE_QUESTION);
    // Nothing goes to the server: no config, no visit, no chat.
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ignores messages from another origin or another window', () => {
    vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    bootPreview(mount, location.origin);
    send(
      { type: 'lantern-widget-preview:settings', settings, open: true },
      { origin: 'https://evil.example' },
    );
    send(
      { type: 'lantern-widget-preview:settings', settings, open: true },
      { source: new MessageChannel().port1 },
    );
    expect(mount.textContent).not.toContain('Brightwater Academy');
    expect(mount.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('School Assistant');
  });

  it('keeps a bad colour out, as the live widget does', () => {
    vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    bootPreview(mount, location.origin);
    send({
      type: 'lantern-widget-preview:settings',
      settings: { ...settings, primary_color: 'red;background:url(https://evil.example/x)' },
      open: true,
    });
    const root = mount.querySelector<HTMLElement>('.lw-root');
    expect(root?.style.getPropertyValue('--lw-primary').trim()).toBe('#4F46E5');
    expect(root?.getAttribute('style')).not.toContain('evil');
  });

  it('closes to the launcher when asked, and tells the parent when its own launcher opens it', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    bootPreview(mount, location.origin);
    send({ type: 'lantern-widget-preview:settings', settings, open: false });
    expect(mount.querySelector('[role="dialog"]')).toBeNull();
    mount.querySelector<HTMLButtonElement>('.lw-launcher')!.click();
    expect(mount.querySelector('[role="dialog"]')).not.toBeNull();
    expect(post).toHaveBeenLastCalledWith(
      { type: 'lantern-widget-preview:open', open: true },
      location.origin,
    );
  });

  it('fills both placeholders, with spaces inside the braces allowed', () => {
    expect(
      fillPlaceholders('{{school_name}} / {{ chatbot_name }}', { school_name: 'A', chatbot_name: 'B' }),
    ).toBe('A / B');
  });
});
