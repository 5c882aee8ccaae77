import { render } from 'preact';
import { createChatApi } from './api';
import { App } from './app';
import { mergeConfig, type WidgetConfig } from './config';
import { bootPreview, canPreview } from './preview';
import { recall, remember } from './storage';
import { WIDGET_CSS } from './styles';

/**
 * widget.js: a school pastes `<script src="https://<host>/widget/widget.js" async></script>`.
 * The script finds its server from its own address, draws itself inside a shadow root on a host
 * element appended to <body>, and never blocks or restyles the page.
 */

/** How long a first visit waits for the school's settings before showing the defaults. */
const CONFIG_WAIT_MS = 1500;

// Captured now: document.currentScript is only set while this script first runs.
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[src*="/widget/widget.js"]');
const scriptUrl = new URL(script?.src ?? location.href, location.href);
const origin = scriptUrl.origin;
const flag = '__lanternWidget';
const globals = window as unknown as Record<string, unknown>;

/** Timings for bench/widget-launcher.ts (script running, settings in, launcher drawn). */
const mark = (name: string) => performance.mark?.(`lantern-widget:${name}`);

/** The shadow root's mount point, on a host element appended to <body>. */
function mountPoint(): HTMLElement {
  const host = document.createElement('lantern-chat-widget');
  const shadow = host.attachShadow({ mode: 'open' });
  const mount = document.createElement('div');
  shadow.append(mount);
  addStyles(shadow);
  document.body.appendChild(host);
  return mount;
}

function boot() {
  // The admin's live preview (/widget/preview.html): no calls to the server, settings by postMessage.
  if (scriptUrl.searchParams.get('mode') === 'preview') {
    if (canPreview(origin)) void bodyReady().then(() => bootPreview(mountPoint(), origin));
    return;
  }
  mark('start');
  const api = createChatApi(origin);
  const settings = api.config().then(mergeConfig);
  void settings.then(
    () => mark('config'),
    () => mark('config'),
  );

  // One visit per page load; a failed call (server down) is tried again when the chat needs it.
  let visit: Promise<{ visitor_id: string; is_new_visitor: boolean }> | null = null;
  const startVisit = () =>
    (visit ??= api.visit(recall('visitor')).then(
      (v) => {
        remember('visitor', v.visitor_id);
        return v;
      },
      (error: unknown) => {
        visit = null;
        throw error;
      },
    ));
  const first = startVisit();
  const isNewVisitor = first.then((v) => v.is_new_visitor).catch(() => false);
  const visitor = () => startVisit().then((v) => v.visitor_id);

  const cached = readCachedConfig();
  const whenShown = cached
    ? Promise.resolve(cached)
    : Promise.race([
        settings.catch(() => mergeConfig(null)),
        wait(CONFIG_WAIT_MS).then(() => mergeConfig(null)),
      ]);

  void whenShown.then(async (initial) => {
    await bodyReady();
    const mount = mountPoint();
    const show = (config: WidgetConfig) =>
      render(
        <App api={api} origin={origin} config={config} visitor={visitor} isNewVisitor={isNewVisitor} />,
        mount,
      );
    show(initial);
    mark('rendered');
    const latest = await settings.catch(() => null);
    if (latest) {
      remember('config', JSON.stringify(latest));
      if (JSON.stringify(latest) !== JSON.stringify(initial)) show(latest);
    }
  });
}

/**
 * A constructed style sheet where the browser has them: a school's strict Content-Security-Policy
 * (style-src without 'unsafe-inline') blocks <style> elements but not these.
 */
function addStyles(shadow: ShadowRoot) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    const style = document.createElement('style');
    style.textContent = WIDGET_CSS;
    shadow.prepend(style);
  }
}

function readCachedConfig(): WidgetConfig | null {
  try {
    const raw = recall('config');
    return raw ? mergeConfig(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const bodyReady = () =>
  new Promise<void>((resolve) => {
    if (document.body) resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });

if (!globals[flag]) {
  globals[flag] = true;
  boot();
}
