import { Fragment } from 'react';

/** The term as a literal pattern: what staff type is text, never a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function countMatches(text: string, term: string): number {
  if (!term) return 0;
  return text.match(new RegExp(escapeRegExp(term), 'gi'))?.length ?? 0;
}

/** The text with each case-insensitive occurrence of `term` in a <mark>; everything stays plain text. */
export function HighlightedText({ text, term }: { text: string; term: string }) {
  if (!term) return <>{text}</>;
  // With one capturing group, split puts the matches at the odd indexes.
  const parts = text.split(new RegExp(`(${escapeRegExp(term)})`, 'gi'));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
            {part}
          </mark>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
