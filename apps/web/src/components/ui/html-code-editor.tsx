import { lazy, Suspense } from 'react';
import { Spinner } from './spinner';
import type { HtmlCodeEditorProps } from './html-code-editor-impl';

// CodeMirror is about 200 KB gzipped: it is fetched when the editor first opens, on those routes only.
const LazyHtmlCodeEditor = lazy(() => import('./html-code-editor-impl'));

function EditorLoading({ minHeight }: { minHeight: string }) {
  return (
    <div
      className="flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-slate-50 text-sm text-slate-600"
      style={{ minHeight }}
      role="status"
    >
      <Spinner size="sm" />
      Loading the code editor…
    </div>
  );
}

/** An HTML code editor with highlighting; a spinner stands in while its code loads. */
export function HtmlCodeEditor(props: HtmlCodeEditorProps) {
  const minHeight = props.minHeight ?? '320px';
  return (
    <Suspense fallback={<EditorLoading minHeight={minHeight} />}>
      <LazyHtmlCodeEditor {...props} />
    </Suspense>
  );
}
