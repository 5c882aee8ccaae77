import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/** A small tag's shape; its colours come from the caller or from `tagTones`. */
export const tagStyles =
  'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

export const tagTones = {
  violet: 'bg-violet-50 text-violet-800 ring-violet-600/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const;

/** 'Speech/Language Delays' may break after the slash in a narrow column, never mid-word. */
function SlashBreaks({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

type TagListProps = {
  tags: string[];
  /** Tags shown before '+N more' (whose tooltip lists the rest). */
  max: number;
  tone: keyof typeof tagTones;
  /** Shown instead when there are no tags. */
  emptyText: string;
};

/** Tags that wrap onto more lines in a narrow column, the first few shown and the rest counted. */
export function TagList({ tags, max, tone, emptyText }: TagListProps) {
  if (tags.length === 0) return <span className="text-sm text-slate-500">{emptyText}</span>;
  const hidden = tags.slice(max);
  return (
    <ul className="flex flex-wrap gap-1">
      {tags.slice(0, max).map((tag) => (
        <li key={tag} className={cn(tagStyles, tagTones[tone])}>
          <SlashBreaks text={tag} />
        </li>
      ))}
      {hidden.length > 0 && (
        <li className={cn(tagStyles, 'whitespace-nowrap', tagTones.slate)} title={hidden.join(', ')}>
          +{hidden.length} more
          <span className="sr-only">: {hidden.join(', ')}</span>
        </li>
      )}
    </ul>
  );
}
