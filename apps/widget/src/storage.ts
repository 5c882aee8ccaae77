/**
 * What the widget remembers. localStorage (visitor, conversation, last config) lasts across visits;
 * sessionStorage (window open) lasts for the tab. Both can be unavailable (privacy modes,
 * sandboxed frames): the widget then works for the page view only.
 */

const KEYS = {
  visitor: 'lantern.widget.visitor',
  conversation: 'lantern.widget.conversation',
  config: 'lantern.widget.config',
  isOpen: 'lantern.widget.open',
  greeted: 'lantern.widget.greeted',
} as const;
type Key = keyof typeof KEYS;

function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

const kindOf = (key: Key) => (key === 'isOpen' || key === 'greeted' ? 'session' : 'local');

export function remember(key: Key, value: string | null): void {
  try {
    const store = area(kindOf(key));
    if (value === null) store?.removeItem(KEYS[key]);
    else store?.setItem(KEYS[key], value);
  } catch {
    // Full or blocked storage: nothing to do.
  }
}

export function recall(key: Key): string | null {
  try {
    return area(kindOf(key))?.getItem(KEYS[key]) ?? null;
  } catch {
    return null;
  }
}
