import { render } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { WidgetView } from './app';
import { mergeConfig, type WidgetConfig } from './config';
import type { ChatState, UiMessage } from './use-chat';

/**
 * Preview mode: the real widget inside the admin's Widget Settings page, in an iframe of our own
 * page /widget/preview.html (which loads widget.js?mode=preview). It shows the unsaved settings the
 * admin page sends by postMessage, calls nothing on the server (no visit, no config, no chat), stores
 * nothing, and shows a sample exchange that starts with the welcome message filled in.
 *
 * Messages (both ways only between this page and its parent on the same origin, the Lantern server):
 * - to the parent: { type: 'lantern-widget-preview:ready' } once listening, and
 *   { type: 'lantern-widget-preview:open', open } when the launcher or close button is used inside;
 * - from the parent: { type: 'lantern-widget-preview:settings', settings, open }.
 * The admin page's side is apps/web/src/features/widget/preview/preview-protocol.ts.
 */

const PREFIX = 'lantern-widget-preview:';
export const SAMPLE_QUESTION = 'Do you have support for children with dyslexia?';
const sampleAnswer = (school: string) =>
  `Yes! At ${school}, our learning support team works with each child on a personal plan, in small classes. Would you like to book a visit?`;
let typedKey = 0;
const PREVIEW_REPLY = "This is a preview. On your website I answer parents from your school's own documents.";

/** {{school_name}} and {{chatbot_name}} filled, as the server fills them for GET /widget/config. */
export function fillPlaceholders(text: string, config: Pick<WidgetConfig, 'school_name' | 'chatbot_name'>) {
  return text
    .replace(/\{\{\s*school_name\s*\}\}/g, config.school_name)
    .replace(/\{\{\s*chatbot_name\s*\}\}/g, config.chatbot_name);
}

/** Whether this page may run the preview: framed by a page of the widget's own origin. */
export function canPreview(origin: string): boolean {
  return window.parent !== window && location.origin === origin;
}

export function bootPreview(mount: HTMLElement, origin: string) {
  const post = (message: Record<string, unknown>) =>
    window.parent.postMessage({ ...message, type: PREFIX + String(message.type) }, origin);
  let config = mergeConfig(null);
  let isOpen = true;

  const show = () =>
    render(
      <PreviewApp
        config={config}
        origin={origin}
        isOpen={isOpen}
        onOpenChange={(open) => {
          isOpen = open;
          show();
          post({ type: 'open', open });
        }}
      />,
      mount,
    );

  window.addEventListener('message', (event: MessageEvent) => {
    // Only the admin page that framed us, from our own origin: no other page can drive the preview.
    if (event.origin !== origin || event.source !== window.parent) return;
    const data = event.data as { type?: unknown; settings?: unknown; open?: unknown } | null;
    if (!data || data.type !== `${PREFIX}settings`) return;
    const settings = mergeConfig(data.settings);
    config = { ...settings, welcome_message: fillPlaceholders(settings.welcome_message, settings) };
    if (typeof data.open === 'boolean') isOpen = data.open;
    show();
  });
  show();
  post({ type: 'ready' });
}

type PreviewAppProps = {
  config: WidgetConfig;
  origin: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
};

function PreviewApp({ config, origin, isOpen, onOpenChange }: PreviewAppProps) {
  const chat = usePreviewChat(config);
  return (
    <WidgetView
      config={config}
      origin={origin}
      chat={chat}
      isOpen={isOpen}
      openedByUser={false}
      showTeaser
      onOpen={() => onOpenChange(true)}
      onClose={() => onOpenChange(false)}
    />
  );
}

/** A chat that never calls the server: the sample exchange, and a canned reply to what the admin types. */
function usePreviewChat(config: WidgetConfig): ChatState {
  const [typed, setTyped] = useState<UiMessage[]>([]);
  const [isSending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const messages = useMemo<UiMessage[]>(
    () => [
      { key: -1, role: 'assistant', content: config.welcome_message },
      { key: -2, role: 'user', content: SAMPLE_QUESTION },
      { key: -3, role: 'assistant', content: sampleAnswer(config.school_name) },
      ...typed,
    ],
    [config.welcome_message, config.school_name, typed],
  );

  const send = useCallback(async (content: string) => {
    setTyped((list) => [...list, { key: ++typedKey, role: 'user', content }]);
    setSending(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setTyped((list) => [...list, { key: ++typedKey, role: 'assistant', content: PREVIEW_REPLY }]);
      setSending(false);
    }, 1200);
  }, []);

  const noop = useCallback(async () => {}, []);
  return {
    loadState: 'ready',
    loadError: '',
    load: noop,
    messages,
    resources: [],
    streaming: null,
    isSending,
    failure: null,
    send,
    retry: () => {},
  };
}
