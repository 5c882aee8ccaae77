import { useCallback, useRef, useState } from 'preact/hooks';
import { ChatApiError, type ChatApi, type Conversation, type Resource } from './api';
import { recall, remember } from './storage';

/** A conversation silent this long is not resumed from the stored id (the server's rule too). */
const IDLE_MS = 30 * 60_000;

export type UiMessage = { key: number; role: 'user' | 'assistant'; content: string };
export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
export type SendFailure = { content: string; message: string; isRateLimit: boolean };

let nextKey = 1;
const toUi = (m: { role: 'user' | 'assistant'; content: string }): UiMessage => ({
  key: nextKey++,
  role: m.role,
  content: m.content,
});

function isFresh(c: Conversation): boolean {
  if (c.status === 'abandoned') return false;
  const last = c.messages[c.messages.length - 1]?.timestamp;
  return !last || Date.now() - Date.parse(last) < IDLE_MS;
}

/**
 * The conversation as the widget shows it: restored from the stored id (a reload continues it),
 * else resumed or started by the server; messages sent with the answer streamed in.
 */
export function useChat(api: ChatApi, visitor: () => Promise<string>) {
  const [loadState, setLoadState] = useState<LoadState>('idle');
  const [loadError, setLoadError] = useState('');
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [resources, setResources] = useState<Resource[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const conversationId = useRef<string | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const show = (c: Conversation) => {
    conversationId.current = c.id;
    remember('conversation', c.id);
    setMessages(c.messages.map(toUi));
    setResources(c.resources);
  };

  const load = useCallback(() => (loading.current = restore()), [api, visitor]);

  const restore = async () => {
    setLoadState('loading');
    try {
      const visitorId = await visitor();
      const storedId = recall('conversation');
      const stored = storedId ? await api.get(storedId, visitorId).catch(() => null) : null;
      show(stored && isFresh(stored) ? stored : await api.start(visitorId));
      setLoadState('ready');
    } catch (error) {
      setLoadError(error instanceof ChatApiError ? error.message : String(error));
      setLoadState('error');
    }
  };

  const send = useCallback(
    async (content: string, isRetry = false) => {
      if (isSending) return;
      setFailure(null);
      setSending(true);
      try {
        // Typed before the conversation finished loading: it is sent once it has.
        if (!conversationId.current) await (loading.current ?? load());
        const id = conversationId.current;
        if (!id) throw new ChatApiError("We couldn't start the chat. Please try again.", 0);
        if (!isRetry) setMessages((list) => [...list, toUi({ role: 'user', content })]);
        const visitorId = await visitor();
        let text = '';
        setStreaming(null);
        const answer = await api.send(id, visitorId, content, (delta) => {
          text += delta;
          setStreaming(text);
        });
        setMessages((list) => [...list, toUi(answer.message)]);
        setResources(answer.resources);
      } catch (error) {
        const status = error instanceof ChatApiError ? error.status : 0;
        setFailure({
          content,
          message: error instanceof Error ? error.message : String(error),
          isRateLimit: status === 429,
        });
      } finally {
        setStreaming(null);
        setSending(false);
      }
    },
    [api, visitor, isSending, load],
  );

  const retry = useCallback(() => {
    if (failure) void send(failure.content, true);
  }, [failure, send]);

  return { loadState, loadError, load, messages, resources, streaming, isSending, failure, send, retry };
}
export type ChatState = ReturnType<typeof useChat>;
