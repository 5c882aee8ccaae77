import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ChatApi } from './api';
import { ChatWindow } from './components/chat-window';
import { Launcher } from './components/launcher';
import type { WidgetConfig } from './config';
import { recall, remember } from './storage';
import { themeVariables } from './theme';
import { useChat, type ChatState } from './use-chat';

export type AppProps = {
  api: ChatApi;
  origin: string;
  config: WidgetConfig;
  /** The visitor id, from the one visit call of this page load. */
  visitor: () => Promise<string>;
  isNewVisitor: Promise<boolean>;
};

const isPhone = () => window.matchMedia('(max-width: 480px)').matches;

/** The widget on a school's page: the open state survives a reload of the tab; auto-open once per tab. */
export function App({ api, origin, config, visitor, isNewVisitor }: AppProps) {
  const [isOpen, setOpen] = useState(recall('isOpen') === '1');
  const [openedByUser, setOpenedByUser] = useState(false);
  const chat = useChat(api, visitor);

  const open = useCallback((byUser: boolean) => {
    remember('isOpen', '1');
    remember('greeted', '1');
    setOpenedByUser(byUser);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    remember('isOpen', null);
    setOpen(false);
  }, []);

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

  return (
    <WidgetView
      config={config}
      origin={origin}
      chat={chat}
      isOpen={isOpen}
      openedByUser={openedByUser}
      showTeaser={!recall('greeted')}
      onOpen={open}
      onClose={close}
    />
  );
}

type WidgetViewProps = {
  config: WidgetConfig;
  origin: string;
  chat: ChatState;
  isOpen: boolean;
  /** Opened by a click (the message box takes the focus), not by auto-open. */
  openedByUser: boolean;
  /** The call to action, until the visitor has opened the chat once. */
  showTeaser: boolean;
  onOpen: (byUser: boolean) => void;
  onClose: () => void;
};

/**
 * The launcher and, when open, the chat window. Shared by the live widget and the admin's preview
 * (preview.tsx), so the preview is what parents see.
 */
export function WidgetView({
  config,
  origin,
  chat,
  isOpen,
  openedByUser,
  showTeaser,
  onOpen,
  onClose,
}: WidgetViewProps) {
  const [draft, setDraft] = useState('');
  const launcherRef = useRef<HTMLButtonElement>(null);
  const windowRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  // Closed from inside the widget (close button, Escape, launcher): the focus goes back to the launcher.
  const close = () => {
    returnFocus.current = true;
    onClose();
  };

  useEffect(() => {
    if (isOpen && chat.loadState === 'idle') void chat.load();
    if (!isOpen && returnFocus.current) {
      returnFocus.current = false;
      launcherRef.current?.focus();
    }
  }, [isOpen, chat.loadState, chat.load]);

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
          shouldFocus={openedByUser}
          isPhone={isPhone}
          onClose={close}
          windowRef={windowRef}
        />
      ) : null}
      {!isOpen && config.call_to_action_text && showTeaser ? (
        <button type="button" class="lw-teaser" onClick={() => onOpen(true)}>
          {config.call_to_action_text}
        </button>
      ) : null}
      <Launcher
        isOpen={isOpen}
        chatbotName={config.chatbot_name}
        onToggle={() => (isOpen ? close() : onOpen(true))}
        buttonRef={launcherRef}
      />
    </div>
  );
}
