import type { LinkProblem } from './download-links';

// The small, plain pages a parent sees when they follow a download link: the resource's files to
// choose from, or why the link cannot be used. No script; everything from the database escaped.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const PAGE_STYLE = `body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:48px 16px}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px}
h1{font-size:1.375rem;margin:0 0 12px}p{line-height:1.6;color:#334155}ul{padding:0;list-style:none}
li{margin:8px 0}a{color:#3730a3;font-weight:600}`;

/** A small, plain page for people who follow a download link (no script, everything escaped). */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const LINK_PAGES: Record<LinkProblem['reason'], { status: number; title: string; text: string }> = {
  invalid: {
    status: 400,
    title: 'This download link is not valid',
    text: 'The link may have been copied incompletely. Please use the link from your email, or ask the school for a new one.',
  },
  expired: {
    status: 410,
    title: 'This download link has expired',
    text: 'Download links are valid for a limited time. Please ask the school for a new link, or fill in the enrolment form again.',
  },
  gone: {
    status: 404,
    title: 'This resource is no longer available',
    text: 'The school has removed or paused this resource. Please contact the school if you still need it.',
  },
};

/** The page listing a resource's files, each a link to download it. */
export function fileListPage(
  token: string,
  resource: { title: string; description: string; files: { id: string; filename: string }[] },
) {
  const items = resource.files
    .map(
      (f) =>
        `<li><a href="/api/resources/download/${encodeURIComponent(token)}?file=${f.id}">${escapeHtml(f.filename)}</a></li>`,
    )
    .join('');
  return {
    status: 200,
    html: page(resource.title, `<p>${escapeHtml(resource.description)}</p><ul>${items}</ul>`),
  };
}

/** The page saying why a link cannot be used, with its status. */
export function linkProblemPage(reason: LinkProblem['reason']) {
  const p = LINK_PAGES[reason];
  return { status: p.status, html: page(p.title, `<p>${escapeHtml(p.text)}</p>`) };
}
