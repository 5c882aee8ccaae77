import { zodResolver } from '@hookform/resolvers/zod';
import {
  knowledgeSearchRequestSchema,
  KNOWLEDGE_MESSAGES,
  SEARCH_SCREEN_LIMIT,
  SEARCH_THRESHOLD_DEFAULT,
  SEARCH_THRESHOLD_MAX,
  SEARCH_THRESHOLD_MIN,
  SEARCH_THRESHOLD_STEP,
  searchFoundMessage,
  type KnowledgeSearchResponse,
} from '@lantern/contracts';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { cn } from '@/lib/cn';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useTestSearch } from '../../api/test-search';
import { categoryLabel, matchStyle, percent, pillStyles } from '../format';
import { evidenceOf, highlightParts } from './search-result-match';
import { SearchResultWhy } from './search-result-why';

/** The query, checked (and trimmed) as the server checks it; the slider keeps the threshold in range. */
const searchDraftSchema = z.object({
  query: knowledgeSearchRequestSchema.shape.query,
  threshold: z.number(),
});
type SearchDraft = z.infer<typeof searchDraftSchema>;

/** 'Test Knowledge Search': the chatbot's own search, 5 results over the chosen similarity threshold. */
export function SearchTestPanel() {
  const id = useId();
  const search = useTestSearch();
  // The problem shows under the fields until the next search.
  const { control, register, handleSubmit, formState } = useForm<SearchDraft>({
    resolver: zodResolver(searchDraftSchema),
    defaultValues: { query: '', threshold: SEARCH_THRESHOLD_DEFAULT },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const threshold = useWatch({ control, name: 'threshold' });
  const problem = formState.errors.query?.message;
  const [answer, setAnswer] = useState<KnowledgeSearchResponse | null>(null);

  function submit({ query, threshold }: SearchDraft) {
    search.mutate(
      { query, limit: SEARCH_SCREEN_LIMIT, threshold },
      {
        onSuccess: (result) => {
          setAnswer(result);
          if (result.results.length === 0) toast.info(KNOWLEDGE_MESSAGES.noResults);
          else toast.success(searchFoundMessage(result.results.length));
        },
        onError: (error) => {
          setAnswer(null);
          toast.error(errorMessage(error, KNOWLEDGE_MESSAGES.searchFailed));
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader
        title="Test Knowledge Search"
        description="Ask what a parent would ask and see the passages the chatbot would answer from"
        icon={<Search className="size-5" aria-hidden="true" />}
      />
      <CardContent className="space-y-5">
        <form
          onSubmit={handleSubmit(submit)}
          noValidate
          className="space-y-4"
          aria-label="Test Knowledge Search"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1 space-y-1.5">
              <Label htmlFor={`${id}-query`}>Search query</Label>
              <Input
                id={`${id}-query`}
                type="search"
                placeholder="e.g. How many speech therapy sessions per week?"
                aria-invalid={formState.errors.query ? true : undefined}
                {...register('query')}
              />
            </div>
            <Button type="submit" isLoading={search.isPending}>
              {!search.isPending && <Search className="size-4" aria-hidden="true" />}
              Test Search
            </Button>
          </div>
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between">
              <Label htmlFor={`${id}-threshold`}>Similarity threshold</Label>
              <span className="text-sm font-medium text-slate-900 tabular-nums">{percent(threshold)}</span>
            </div>
            <input
              id={`${id}-threshold`}
              type="range"
              min={SEARCH_THRESHOLD_MIN}
              max={SEARCH_THRESHOLD_MAX}
              step={SEARCH_THRESHOLD_STEP}
              aria-valuetext={percent(threshold)}
              {...register('threshold', { valueAsNumber: true })}
              className="w-full accent-indigo-600"
            />
            <div className="flex justify-between text-xs text-slate-600">
              <span>50% (broader)</span>
              <span>100% (exact)</span>
            </div>
          </div>
          {problem && <Alert tone="error">{problem}</Alert>}
        </form>
        {answer && <SearchResults answer={answer} />}
      </CardContent>
    </Card>
  );
}

function SearchResults({ answer }: { answer: KnowledgeSearchResponse }) {
  if (answer.results.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {KNOWLEDGE_MESSAGES.noResults}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">
        Search mode:{' '}
        {answer.search_mode === 'hybrid' ? 'hybrid (embeddings + keywords)' : 'lexical (keywords)'}
      </p>
      <ol aria-label="Search results" className="space-y-3">
        {answer.results.map((result, index) => (
          <li
            key={result.chunk_id}
            data-testid="search-result"
            className="rounded-lg border border-slate-200 p-4"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-semibold text-slate-600">#{index + 1}</span>
              <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
                {result.document ?? 'Manual chunk'}
              </span>
              <span className={`${pillStyles} bg-slate-100 text-slate-700 ring-slate-500/30`}>
                {categoryLabel(result.category)}
              </span>
              <span className={`${pillStyles} ml-auto ${matchStyle(result.similarity)}`}>
                {percent(result.similarity)} match
              </span>
            </div>
            <ResultText text={result.text} highlights={evidenceOf(result).highlights} />
            <SearchResultWhy {...evidenceOf(result)} />
          </li>
        ))}
      </ol>
    </div>
  );
}

// Passages run to 600 tokens: the first lines show, the rest on request.
const LONG_TEXT = 400;

function ResultText({ text, highlights }: { text: string; highlights: readonly string[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const isLong = text.length > LONG_TEXT;
  return (
    <div className="mt-2">
      <p
        className={cn(
          'text-sm whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]',
          isLong && !isOpen && 'line-clamp-5',
        )}
      >
        {highlightParts(text, highlights).map((part, index) =>
          part.isMatch ? (
            <mark key={index} className="rounded-sm bg-amber-100 text-slate-900">
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </p>
      {isLong && (
        <Button
          variant="link"
          className="mt-1"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Show less' : 'Show full text'}
        </Button>
      )}
    </div>
  );
}
