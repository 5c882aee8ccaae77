import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ChatApi } from './api';
import { ChatWindow } from './components/chat-window';
import { Launcher } from './components/launcher';
import type { WidgetConfig } from './config';
import { recall, remember } from './storage';
import { themeVariables } from './theme';
import { useChat } from './use-chat';

export type AppProps = {
  api: ChatApi;
  origin: string;
  config: WidgetConfig;
  /** The visitor id, from the one visit call of this page load. */
  visitor: () => Promise<string>;
  isNewVisitor: Promise<boolean>;
};

const isPhone = () => window.matchMedia('(max-width: 480px)').matches;

/** The launcher and, when open, the chat window; open state survives a reload of the tab. */
export function App({ api, origin, config, visitor, isNewVisitor }: AppProps) {
  const [isOpen, setOpen] = useState(recall('isOpen') === '1');
  const [shouldFocus, setShouldFocus] = useState(false);
  const [draft, setDraft] = useState('');
  const launcherRef = useRef<HTMLButtonElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const chat = useChat(api, visitor);

  const open = useCallback((byUser: boolean) => {
    remember('isOpen', '1');
    remember('greeted', '1');
    setShouldFocus(byUser);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    remember('isOpen', null);
    returnFocus.current = true;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (isOpen && chat.loadState === 'idle') void chat.load();
    if (!isOpen && returnFocus.current) {
      returnFocus.current = false;
      launcherRef.current?.focus();
    }
  }, [isOpen, chat.loadState, chat.load]);

  // Auto-open once per tab after the configured delay (new visitors only, when so set), unless the
  // parent already opened it. It does not take the focus: the parent may be reading the page.
  useEffect(() => {
    if (!config.auto_open_enabled || recall('greeted')) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isCancelled = false;
    void isNewVisitor.then((isNew) => {
      if (isCancelled || (config.auto_open_only_new_visitors && !isNew)) return;
      timer = setTimeout(() => {
        if (!recall('greeted')) open(false);
      }, config.auto_open_delay * 1000);
    });
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [
    config.auto_open_enabled,
    config.auto_open_delay,
    config.auto_open_only_new_visitors,
    isNewVisitor,
    open,
  ]);

  const style = Object.entries(themeVariables(config))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return (
    <div class={`lw-root lw-${config.position}${isOpen ? ' lw-open' : ''}`} style={style}>
      {isOpen ? (
        <ChatWindow
          config={config}
          origin={origin}
          chat={chat}
          draft={draft}
          setDraft={setDraft}
          shouldFocus={shouldFocus}
          isPhone={isPhone}
          onClose={close}
          windowRef={windowRef}
        />
      ) : null}
      {!isOpen && config.call_to_action_text && !recall('greeted') ? (
        <button type="button" class="lw-teaser" onClick={() => open(true)}>
          {config.call_to_action_text}
        </button>
      ) : null}
      <Launcher
        isOpen={isOpen}
        chatbotName={config.chatbot_name}
        onToggle={() => (isOpen ? close() : open(true))}
        buttonRef={launcherRef}
      />
    </div>
  );
}
