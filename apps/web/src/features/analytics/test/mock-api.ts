import { vi } from 'vitest';

type Answer = unknown | ((url: URL) => unknown);

/**
 * A fetch that answers by path ('/api/analytics/funnel'): a value as JSON 200, a Response as it is.
 * Calls to a path it was not given fail with 500, so a test sees what it forgot.
 */
export function mockApi(answers: Record<string, Answer>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const answer = answers[url.pathname];
    if (answer === undefined) return Response.json({ error: `unexpected ${url.pathname}` }, { status: 500 });
    const body = typeof answer === 'function' ? (answer as (u: URL) => unknown)(url) : answer;
    return body instanceof Response ? body : Response.json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((url) => url.pathname === path) };
}

/** What jsdom lacks and the screens use: ResizeObserver (charts), matchMedia and scrollIntoView. */
export function stubBrowser() {
  vi.stubGlobal(
    'ResizeObserver',
    // Every element observed is 640 × 256, so the charts draw (jsdom lays nothing out).
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const entry = { target, contentRect: { width: 640, height: 256 } } as unknown as ResizeObserverEntry;
        this.callback([entry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    onchange: null,
    dispatchEvent: () => false,
  }));
  Element.prototype.scrollIntoView = vi.fn();
}
