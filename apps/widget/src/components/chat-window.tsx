import type { Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { imageSource, type WidgetConfig } from '../config';
import type { ChatState } from '../use-chat';
import { Avatar } from './avatar';
import { Composer } from './composer';
import { CloseIcon } from './icons';
import { MessageList } from './message-list';

type ChatWindowProps = {
  config: WidgetConfig;
  origin: string;
  chat: ChatState;
  draft: string;
  setDraft: (text: string) => void;
  shouldFocus: boolean;
  isPhone: () => boolean;
  onClose: () => void;
  windowRef: Ref<HTMLDivElement>;
};

const FOCUSABLE = 'button:not([disabled]),textarea:not([disabled]),a[href]';

/** The chat window: header, messages, message box, branding line. Escape closes it. */
export function ChatWindow({
  config,
  origin,
  chat,
  draft,
  setDraft,
  shouldFocus,
  isPhone,
  onClose,
  windowRef,
}: ChatWindowProps) {
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const avatarSrc = imageSource(config.avatar_url, origin);
  const logoSrc = imageSource(config.logo_url, origin);

  useEffect(() => {
    if (shouldFocus) inputRef.current?.focus();
  }, [shouldFocus]);

  // Full screen on a phone, so Tab cycles inside the window there; elsewhere the page stays reachable.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !isPhone()) return;
    const box = e.currentTarget as HTMLElement;
    const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const active = (box.getRootNode() as ShadowRoot).activeElement;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <div
      ref={windowRef}
      id="lw-window"
      class="lw-window"
      role="dialog"
      aria-label={config.chatbot_name}
      onKeyDown={onKeyDown}
    >
      <header class="lw-header">
        {logoSrc ? (
          <Avatar src={logoSrc} name={config.school_name} alt={`${config.school_name} logo`} />
        ) : (
          <Avatar src={avatarSrc} name={config.chatbot_name} alt={config.chatbot_name} />
        )}
        <div class="lw-titles">
          <h2 class="lw-title">{config.chatbot_name}</h2>
          <p class="lw-subtitle">
            <span class="lw-dot" aria-hidden="true" />
            {config.school_name}
          </p>
        </div>
        <button type="button" class="lw-close" aria-label="Close chat" onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      <MessageList
        chat={chat}
        origin={origin}
        chatbotName={config.chatbot_name}
        avatarSrc={avatarSrc}
        showTyping={config.enable_typing_indicator}
      />
      <Composer
        inputRef={inputRef}
        text={draft}
        setText={setDraft}
        chatbotName={config.chatbot_name}
        canSend={chat.loadState !== 'error' && !chat.isSending}
        onSend={(text) => void chat.send(text)}
      />
      {config.show_branding ? (
        <p class="lw-branding">
          Powered by <strong>Lantern</strong>
        </p>
      ) : null}
    </div>
  );
}
