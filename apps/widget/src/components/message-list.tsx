import { useEffect, useRef } from 'preact/hooks';
import type { Resource } from '../api';
import type { ChatState } from '../use-chat';
import { Avatar } from './avatar';
import { DownloadIcon } from './icons';

type MessageListProps = {
  chat: ChatState;
  origin: string;
  chatbotName: string;
  avatarSrc: string | null;
  showTyping: boolean;
};

/**
 * Messages as text only (never as HTML). Finished messages go into a polite live region; the
 * answer being streamed sits just after it, outside, so a screen reader hears it once, whole.
 */
export function MessageList({ chat, origin, chatbotName, avatarSrc, showTyping }: MessageListProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const { messages, streaming, isSending, failure, resources, loadState } = chat;

  useEffect(() => {
    const body = bodyRef.current;
    if (body) body.scrollTop = body.scrollHeight;
  }, [messages.length, streaming, isSending, failure, resources.length, loadState]);

  const botAvatar = <Avatar src={avatarSrc} name={chatbotName} alt="" small />;

  return (
    <div class="lw-body" ref={bodyRef}>
      {loadState === 'loading' && messages.length === 0 ? (
        <p class="lw-status" role="status">
          <span class="lw-spinner" aria-hidden="true" /> Connecting…
        </p>
      ) : null}
      {loadState === 'error' ? (
        <div class="lw-notice" role="alert">
          <p>{chat.loadError}</p>
          <button type="button" onClick={() => void chat.load()}>
            Try again
          </button>
        </div>
      ) : null}
      <div class="lw-log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Messages">
        {messages.map((m) => (
          <div key={m.key} class={m.role === 'user' ? 'lw-row lw-row-user' : 'lw-row lw-row-bot'}>
            {m.role === 'user' ? <span class="lw-sr">You said:</span> : botAvatar}
            {m.role === 'assistant' ? <span class="lw-sr">{chatbotName} said:</span> : null}
            <p class="lw-bubble">{m.content}</p>
          </div>
        ))}
      </div>
      {streaming ? (
        <div class="lw-row lw-row-bot" data-streaming="true">
          {botAvatar}
          <p class="lw-bubble">{streaming}</p>
        </div>
      ) : isSending && showTyping ? (
        <div class="lw-row lw-row-bot" role="status">
          {botAvatar}
          <p class="lw-bubble lw-typing" aria-label={`${chatbotName} is typing`}>
            <i />
            <i />
            <i />
          </p>
        </div>
      ) : null}
      {failure ? (
        <div class={failure.isRateLimit ? 'lw-notice lw-notice-soft' : 'lw-notice'} role="alert">
          <p>{failure.isRateLimit ? failure.message : `Your message wasn't sent. ${failure.message}`}</p>
          <button type="button" onClick={chat.retry}>
            Retry
          </button>
        </div>
      ) : null}
      {resources.length > 0 ? <ResourceCards resources={resources} origin={origin} /> : null}
    </div>
  );
}

function ResourceCards({ resources, origin }: { resources: Resource[]; origin: string }) {
  return (
    <section aria-label="Resources for you">
      <h3 class="lw-resources-title">Resources for you</h3>
      <ul class="lw-resources">
        {resources.map((r) => (
          <li key={r.download_url} class="lw-card">
            <span class="lw-card-icon">
              <DownloadIcon />
            </span>
            <span class="lw-card-text">
              <p class="lw-card-title">{r.title}</p>
              {r.description ? <p class="lw-card-desc">{r.description}</p> : null}
            </span>
            <a href={resourceHref(origin, r.download_url)} download="" aria-label={`Download ${r.title}`}>
              Download
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Only our own download paths become links: anything else in the answer stays text. */
function resourceHref(origin: string, path: string): string | undefined {
  return /^\/api\/resources\/download\/[\w.-]+$/.test(path) ? origin + path : undefined;
}
