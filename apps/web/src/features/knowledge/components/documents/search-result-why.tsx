import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import {
  bridgingWordFor,
  MATCH_KIND_HELP,
  MATCH_KIND_LABELS,
  matchKindOf,
  termsByWeight,
  type MatchKind,
  type QuestionTerm,
} from './search-result-match';

/** 'Why this result': each word of the question, whether this passage has it and how. */
export function SearchResultWhy({
  terms,
  highlights,
}: {
  terms: readonly QuestionTerm[];
  highlights: readonly string[];
}) {
  const id = useId();
  if (!terms.length) return null;
  const ordered = termsByWeight(terms);
  const kinds = new Set(ordered.map(matchKindOf));
  const isFoundByMeaning = ordered.every((term) => !term.via);
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <p id={`${id}-title`} className="text-xs font-semibold text-slate-700">
        Why this result
      </p>
      <ul aria-labelledby={`${id}-title`} className="mt-1.5 flex flex-wrap gap-1.5">
        {ordered.map((term) => (
          <TermChip key={term.term} term={term} bridgingWord={bridgingWordFor(term, highlights)} />
        ))}
      </ul>
      {isFoundByMeaning && (
        <p className="mt-1.5 text-xs text-slate-600">
          None of the question&apos;s words are in this passage: it was found by its meaning.
        </p>
      )}
      {kinds.has('missing') && (
        <p className="mt-1.5 text-xs text-slate-600">
          <span className="font-medium text-slate-700">Not found:</span> {MATCH_KIND_HELP.missing}
        </p>
      )}
      {!isFoundByMeaning && <MatchLegend kinds={kinds} />}
    </div>
  );
}

function TermChip({ term, bridgingWord }: { term: QuestionTerm; bridgingWord: string | null }) {
  const kind = matchKindOf(term);
  const isFound = kind !== 'missing';
  const Icon = isFound ? Check : X;
  return (
    <li
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-xs',
        isFound
          ? 'border-emerald-600/30 bg-emerald-50 text-emerald-900'
          : 'border-dashed border-slate-400 bg-slate-50 text-slate-600',
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      <span className={cn('[overflow-wrap:anywhere]', isFound && 'font-medium')}>
        {term.term}
        {bridgingWord && ` → ${bridgingWord}`}
      </span>
      <span aria-hidden="true">·</span>
      <span className="sr-only">,</span>
      <span>{MATCH_KIND_LABELS[kind]}</span>
    </li>
  );
}

const LEGEND_ORDER: MatchKind[] = ['exact', 'synonym', 'spelling', 'range', 'related', 'prefix'];

/** What the kinds of match shown mean. */
function MatchLegend({ kinds }: { kinds: ReadonlySet<MatchKind> }) {
  const shown = LEGEND_ORDER.filter((kind) => kinds.has(kind));
  return (
    <details className="mt-1.5 text-xs text-slate-600">
      <summary className="cursor-pointer rounded text-indigo-700 hover:text-indigo-800 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
        What do these mean?
      </summary>
      <p className="mt-1">Words are listed most important first: rarer words count for more.</p>
      <dl className="mt-0.5 space-y-0.5">
        {shown.map((kind) => (
          <div key={kind}>
            <dt className="inline font-medium text-slate-700">{capitalise(MATCH_KIND_LABELS[kind])}:</dt>{' '}
            <dd className="inline">{MATCH_KIND_HELP[kind]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
