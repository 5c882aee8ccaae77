import { cn } from '@/lib/cn';

// Defence in depth: the sandbox already stops scripts; this also stops forms, plugins and base tricks.
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src * data:; style-src 'unsafe-inline' *; font-src * data:; form-action 'none'; base-uri 'none'";

/** The template's HTML as a document of its own, with a policy that forbids every script. */
export function toSandboxDocument(html: string): string {
  const policy = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`;
  return `<!doctype html><html><head><meta charset="utf-8">${policy}<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${html}</body></html>`;
}

type SandboxedHtmlFrameProps = {
  html: string;
  /** What the frame shows, for screen readers: 'Email preview'. */
  title: string;
  className?: string;
};

/**
 * Shows HTML someone wrote (a template, a model's draft) without letting it act on the admin page:
 * `sandbox` with no allowances gives the frame an opaque origin and no scripts, event handlers,
 * forms, pop-ups or top navigation. Never add allow-scripts or allow-same-origin here.
 */
export function SandboxedHtmlFrame({ html, title, className }: SandboxedHtmlFrameProps) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={toSandboxDocument(html)}
      referrerPolicy="no-referrer"
      className={cn('block w-full rounded-lg border border-slate-200 bg-white', className)}
    />
  );
}
