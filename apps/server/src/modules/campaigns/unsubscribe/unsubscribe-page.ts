import { DELIVERY_MESSAGES as M } from '@lantern/contracts';

// The plain pages a parent sees at /u/{token}: the question with its one button, the answer, or
// why the link cannot be used. Server-rendered, no script, styles inline, readable on a phone, AA
// contrast (slate-900/700 on white, white on indigo-800). Everything from the database escaped.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PAGE_STYLE = `*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:40px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px 24px;text-align:center}
.school{font-size:.875rem;font-weight:600;letter-spacing:.02em;color:#334155;margin:0 0 16px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 12px}
p{line-height:1.6;color:#334155;margin:0 0 16px}
main>p:last-child{margin-bottom:0}
form{margin:24px 0 0}
button{font:inherit;font-weight:600;font-size:1rem;color:#fff;background:#3730a3;border:0;border-radius:8px;padding:12px 28px;min-height:44px;min-width:160px;cursor:pointer}
button:hover{background:#312e81}
button:focus-visible{outline:3px solid #0f172a;outline-offset:3px}`;

function page(schoolName: string | null, title: string, body: string): string {
  const school = schoolName ? `<p class="school">${escapeHtml(schoolName)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${school}<h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** The question, and the one button that posts to the same address (the link's token in it). */
export function confirmPage(schoolName: string, token: string): string {
  const action = `/u/${encodeURIComponent(token)}`;
  return page(
    schoolName,
    M.unsubscribeQuestion,
    `<p>${escapeHtml(M.unsubscribeNote)}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(M.unsubscribeButton)}</button></form>`,
  );
}

/** The answer to the button (and to a mail app's one-click POST). */
export function unsubscribedPage(schoolName: string): string {
  return page(schoolName, M.unsubscribedTitle, `<p>${escapeHtml(M.unsubscribedNote)}</p>`);
}

/** A link that is not one of ours: nothing about why, nothing about whom. */
export function invalidLinkPage(): string {
  return page(null, M.unsubscribeInvalidTitle, `<p>${escapeHtml(M.unsubscribeInvalidNote)}</p>`);
}

/** Too many requests from one address, or a fault: still a page, never JSON. */
export function problemPage(statusCode: number): string {
  if (statusCode === 429)
    return page(null, 'Please wait a moment', `<p>${escapeHtml(M.unsubscribeRateLimited)}</p>`);
  return page(null, 'Something went wrong', '<p>Please try again in a few minutes.</p>');
}
