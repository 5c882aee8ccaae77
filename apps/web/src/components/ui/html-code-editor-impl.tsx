import { html } from '@codemirror/lang-html';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';

export type HtmlCodeEditorProps = {
  value: string;
  onChange: (value: string) => void;
  /** The editor's accessible name ('HTML template'). */
  label: string;
  /** Ids of the hint and error that describe it. */
  describedBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
  minHeight?: string;
};

/** CodeMirror 6 with HTML highlighting, in the console's field look. Loaded lazily: see html-code-editor.tsx. */
export default function HtmlCodeEditorImpl({
  value,
  onChange,
  label,
  describedBy,
  isInvalid,
  isDisabled,
  minHeight = '320px',
}: HtmlCodeEditorProps) {
  const extensions = useMemo(
    () => [
      // Auto-closing tags would fight with text typed or pasted whole; highlighting and folding stay.
      html({ autoCloseTags: false }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        'aria-multiline': 'true',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
      }),
    ],
    [label, describedBy, isInvalid],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      editable={!isDisabled}
      minHeight={minHeight}
      maxHeight="640px"
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: false }}
      className={cn(
        'overflow-hidden rounded-lg border text-[13px] shadow-xs focus-within:ring-2',
        isInvalid
          ? 'border-red-500 focus-within:ring-red-500/20'
          : 'border-slate-300 focus-within:border-indigo-600 focus-within:ring-indigo-600/25',
      )}
    />
  );
}
