import { fillWidgetPlaceholders } from '@lantern/contracts';
import type { WidgetDraft } from '../settings-draft';

/**
 * The admin page's side of the widget's preview mode (apps/widget/src/preview.tsx): the real widget
 * runs in an iframe of /widget/preview.html on our own origin and is sent the unsaved settings.
 * Messages go only to that origin and are taken only from that iframe.
 */
export const PREVIEW_PAGE = '/widget/preview.html';
const PREFIX = 'lantern-widget-preview:';

export type PreviewSettings = Omit<WidgetDraft, 'chatbot_personality' | 'unique_selling_proposition'>;

export type PreviewMessage = { kind: 'ready' } | { kind: 'open'; open: boolean };

/** The widget's message, or null for anything else (another frame, another origin, another shape). */
export function readPreviewMessage(
  event: MessageEvent,
  frame: Window | null | undefined,
): PreviewMessage | null {
  if (!frame || event.source !== frame || event.origin !== window.location.origin) return null;
  const data = event.data as { type?: unknown; open?: unknown } | null;
  if (!data || typeof data.type !== 'string') return null;
  if (data.type === `${PREFIX}ready`) return { kind: 'ready' };
  if (data.type === `${PREFIX}open` && typeof data.open === 'boolean')
    return { kind: 'open', open: data.open };
  return null;
}

/** Sends the draft to the preview: public fields only, the welcome message filled as the server fills it. */
export function sendPreviewSettings(frame: Window, draft: WidgetDraft, open: boolean) {
  const { chatbot_personality: _p, unique_selling_proposition: _u, ...rest } = draft;
  const settings: PreviewSettings = {
    ...rest,
    welcome_message: fillWidgetPlaceholders(rest.welcome_message, rest),
  };
  frame.postMessage({ type: `${PREFIX}settings`, settings, open }, window.location.origin);
}
