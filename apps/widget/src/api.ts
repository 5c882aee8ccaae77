import type {
  ChatResource,
  WidgetConversation,
  WidgetMessageResponse,
  WidgetVisitResponse,
} from '@lantern/contracts';

/** The widget's calls to its own server (the origin its script came from). See /work/notes/widget-api.md. */

export class ChatApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type Conversation = WidgetConversation;
export type Answer = WidgetMessageResponse;
export type Resource = ChatResource;

const UNREACHABLE =
  "We can't reach the school's assistant right now. Please check your connection and try again.";
const FAILED = 'Sorry, something went wrong. Please try again.';

async function errorOf(res: Response): Promise<ChatApiError> {
  let message = res.status >= 500 ? FAILED : '';
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string' && res.status < 500) message = body.error;
  } catch {
    // A proxy's HTML error page: the generic message will do.
  }
  return new ChatApiError(message || FAILED, res.status);
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ChatApiError(UNREACHABLE, 0);
  }
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function createChatApi(origin: string) {
  return {
    config: () => call<unknown>(`${origin}/widget/config`),
    visit: (visitorId: string | null) =>
      call<WidgetVisitResponse>(
        `${origin}/widget/visits`,
        postJson({
          ...(visitorId ? { visitor_id: visitorId } : {}),
          page_url: location.href.slice(0, 2048),
          referrer: document.referrer.slice(0, 2048),
        }),
      ),
    start: async (visitorId: string) =>
      (
        await call<{ conversation: Conversation }>(
          `${origin}/widget/conversations`,
          postJson({ visitor_id: visitorId }),
        )
      ).conversation,
    get: async (id: string, visitorId: string) =>
      (
        await call<{ conversation: Conversation }>(
          `${origin}/widget/conversations/${encodeURIComponent(id)}?visitor_id=${encodeURIComponent(visitorId)}`,
        )
      ).conversation,
    send: (id: string, visitorId: string, content: string, onDelta: (text: string) => void) =>
      sendMessage(
        `${origin}/widget/conversations/${encodeURIComponent(id)}/messages`,
        visitorId,
        content,
        onDelta,
      ),
  };
}
export type ChatApi = ReturnType<typeof createChatApi>;

/** Sends a message asking for a stream; reads server-sent events, or plain JSON if the answer is not a stream. */
async function sendMessage(
  url: string,
  visitorId: string,
  content: string,
  onDelta: (text: string) => void,
): Promise<Answer> {
  let res: Response;
  try {
    const init = postJson({ visitor_id: visitorId, content });
    res = await fetch(url, { ...init, headers: { ...init.headers, accept: 'text/event-stream' } });
  } catch {
    throw new ChatApiError(UNREACHABLE, 0);
  }
  if (!res.ok) throw await errorOf(res);
  const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream');
  if (!isStream || !res.body) return (await res.json()) as Answer;
  return readEvents(res.body, onDelta);
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  onDelta: (text: string) => void,
): Promise<Answer> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
    // Events are separated by a blank line; a partial event waits for the next chunk.
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const event = parseFrame(frame);
      if (!event) continue;
      if (event.name === 'delta') onDelta(String((event.data as { text?: unknown }).text ?? ''));
      else if (event.name === 'done') return event.data as Answer;
      else if (event.name === 'error')
        throw new ChatApiError(String((event.data as { error?: unknown }).error ?? FAILED), 500);
    }
    if (done) throw new ChatApiError(FAILED, 0);
  }
}

function parseFrame(frame: string): { name: string; data: unknown } | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of frame.split(/\r?\n/)) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  try {
    return { name, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}
