import type { Conversation, Lead } from '@lantern/contracts';
import { MessageCircle, RotateCw, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputBaseStyles, Label } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useLead } from '../../api/get-lead';
import { ChildrenSummary } from './children-summary';
import { countMatches } from './highlight';
import { SessionList } from './session-list';
import { SessionTranscript } from './session-transcript';

type ConversationHistoryDialogProps = {
  leadId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Every chat session of one lead, searchable, with the family's children alongside. */
export function ConversationHistoryDialog({ leadId, open, onOpenChange }: ConversationHistoryDialogProps) {
  if (!open || leadId === null) return null;
  // Keyed by lead, so another lead starts with its first session and an empty search.
  return <HistoryDialog key={leadId} leadId={leadId} onOpenChange={onOpenChange} />;
}

function HistoryDialog({ leadId, onOpenChange }: { leadId: string; onOpenChange: (open: boolean) => void }) {
  const query = useLead(leadId);
  const lead = query.data?.lead;
  const description = lead ? (
    <>
      <span className="font-medium text-slate-800">{lead.parent_name || 'Unknown'}</span>
      <span className="hidden sm:inline" aria-hidden="true">
        {' · '}
      </span>
      <span className="block break-all sm:inline">{lead.email}</span>
    </>
  ) : undefined;

  return (
    <Dialog open onOpenChange={onOpenChange} size="xl" title="Conversation History" description={description}>
      {query.data ? (
        <ConversationBrowser lead={query.data.lead} conversations={query.data.conversations} />
      ) : query.isError ? (
        <div className="space-y-4">
          <Alert tone="error" title="Failed to load conversations">
            Check your connection and try again.
          </Alert>
          <Button variant="secondary" onClick={() => void query.refetch()} isLoading={query.isFetching}>
            {query.isFetching ? null : <RotateCw className="size-4" aria-hidden="true" />}
            Retry
          </Button>
        </div>
      ) : (
        <div className="flex min-h-64 items-center justify-center text-indigo-600">
          <Spinner size="lg" label="Loading conversations..." />
        </div>
      )}
    </Dialog>
  );
}

const isStacked = () => window.matchMedia('(max-width: 767px)').matches;

function ConversationBrowser({ lead, conversations }: { lead: Lead; conversations: Conversation[] }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [pickedId, setPickedId] = useState<string | null>(null);
  const transcriptRef = useRef<HTMLElement>(null);
  const term = search.trim();

  const selectedIndex = Math.max(
    0,
    conversations.findIndex((c) => c.id === pickedId),
  );
  const selected: Conversation | undefined = conversations[selectedIndex];

  const matchCounts = useMemo(() => {
    const counts = new Map<string, number>();
    if (!term) return counts;
    for (const c of conversations) {
      counts.set(
        c.id,
        c.messages.reduce((sum, m) => sum + countMatches(m.content, term), 0),
      );
    }
    return counts;
  }, [conversations, term]);

  function select(id: string) {
    setPickedId(id);
    // On a phone the transcript sits below the list: take the reader to it.
    if (isStacked()) requestAnimationFrame(() => transcriptRef.current?.scrollIntoView({ block: 'start' }));
  }

  const totalMatches = [...matchCounts.values()].reduce((sum, n) => sum + n, 0);
  const sessionsWithMatches = [...matchCounts.values()].filter((n) => n > 0).length;

  return (
    <div className="grid gap-5 md:h-[min(68vh,44rem)] md:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="flex min-h-0 flex-col gap-4 md:overflow-y-auto md:pr-1">
        <div>
          <Label htmlFor={searchId} className="sr-only">
            Search messages
          </Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              placeholder="Search messages"
              autoComplete="off"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className={cn(inputBaseStyles, 'h-10 pl-9 text-sm')}
            />
          </div>
          <p aria-live="polite" className="text-xs text-slate-600 [&:not(:empty)]:mt-1.5">
            {term && conversations.length > 0
              ? totalMatches === 0
                ? 'No messages match your search'
                : `${totalMatches} ${totalMatches === 1 ? 'match' : 'matches'} in ${sessionsWithMatches} ${
                    sessionsWithMatches === 1 ? 'session' : 'sessions'
                  }`
              : null}
          </p>
        </div>
        <SessionList
          conversations={conversations}
          selectedId={selected?.id ?? null}
          onSelect={select}
          term={term}
          matchCounts={matchCounts}
        />
        <ChildrenSummary items={lead.children} />
      </div>
      <section
        ref={transcriptRef}
        aria-label="Conversation"
        className="flex min-h-72 scroll-mt-4 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white md:min-h-0"
      >
        {selected ? (
          <SessionTranscript
            key={selected.id}
            conversation={selected}
            number={selectedIndex + 1}
            term={term}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center">
            <MessageCircle className="size-10 text-slate-300" aria-hidden="true" />
            <p className="text-sm font-medium text-slate-600">Select a conversation to view</p>
          </div>
        )}
      </section>
    </div>
  );
}
