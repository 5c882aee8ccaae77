const VISITOR_ID_KEY = 'lantern_visitor_id';

function newVisitorId(): string {
  // randomUUID exists only on secure origins (https, localhost); a plain-http preview still gets an id.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** This browser's visitor id, kept across visits so the server can tie submissions together. */
export function getVisitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_ID_KEY);
    if (stored) return stored;
    const id = newVisitorId();
    localStorage.setItem(VISITOR_ID_KEY, id);
    return id;
  } catch {
    // Storage blocked (private mode, strict settings): the submission still goes through.
    return newVisitorId();
  }
}
