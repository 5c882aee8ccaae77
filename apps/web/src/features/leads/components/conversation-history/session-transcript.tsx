import type { Conversation } from '@lantern/contracts';
import { Sparkles } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatDateTime, formatTime } from '@/lib/format';
import { humanize } from '../lead-profile/format';
import { extractedInformation } from './conversation-context';
import { HighlightedText } from './highlight';

type SessionTranscriptProps = { conversation: Conversation; number: number; term: string };

/** One chat session: when it ran, what the assistant extracted, and every message. */
export function SessionTranscript({ conversation, number, term }: SessionTranscriptProps) {
  const messagesRef = useRef<HTMLOListElement>(null);

  // While searching, bring the first match into view.
  useEffect(() => {
    if (term) messagesRef.current?.querySelector('mark')?.scrollIntoView({ block: 'nearest' });
  }, [term]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 px-4 py-3">
        <h3 className="text-sm font-semibold text-slate-900">Session #{number}</h3>
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt>Started</dt>
            <dd className="font-medium text-slate-800">{formatDateTime(conversation.started_at)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Ended</dt>
            <dd className="font-medium text-slate-800">
              {conversation.ended_at ? formatDateTime(conversation.ended_at) : 'Not ended'}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Session</dt>
            <dd className="font-mono font-medium text-slate-800">{conversation.session_id.slice(0, 8)}</dd>
          </div>
        </dl>
      </div>
      <ExtractedInformation context={conversation.context} />
      <ol
        ref={messagesRef}
        aria-label="Messages"
        className="min-h-0 flex-1 space-y-4 px-4 py-4 md:overflow-y-auto"
      >
        {conversation.messages.length === 0 ? (
          <li className="py-8 text-center text-sm text-slate-600">No messages in this session.</li>
        ) : (
          conversation.messages.map((message, index) => (
            <ChatBubble key={index} role={message.role} timestamp={message.timestamp}>
              <HighlightedText text={message.content} term={term} />
            </ChatBubble>
          ))
        )}
      </ol>
    </div>
  );
}

type ChatBubbleProps = { role: string; timestamp: string | null; children: ReactNode };

function ChatBubble({ role, timestamp, children }: ChatBubbleProps) {
  const isUser = role === 'user';
  const speaker = isUser ? 'Parent' : humanize(role);
  return (
    <li className={cn('flex flex-col', isUser ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap sm:max-w-[75%]',
          isUser ? 'rounded-br-md bg-indigo-600 text-white' : 'rounded-bl-md bg-slate-100 text-slate-900',
        )}
      >
        {children}
      </div>
      <p className="mt-1 px-1 text-[11px] text-slate-500">
        {speaker}
        {timestamp ? ` · ${formatTime(timestamp)}` : null}
      </p>
    </li>
  );
}

function ExtractedInformation({ context }: { context: unknown }) {
  const info = extractedInformation(context);
  const isEmpty = !info.parentName && !info.email && info.childNames.length === 0;
  return (
    <section
      aria-label="Extracted Information"
      className="border-b border-slate-200 bg-indigo-50/50 px-4 py-3"
    >
      <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-indigo-900 uppercase">
        <Sparkles className="size-3.5" aria-hidden="true" />
        Extracted Information
      </h4>
      {isEmpty ? (
        <p className="mt-1 text-xs text-slate-600">Nothing was extracted from this conversation.</p>
      ) : (
        <dl className="mt-1.5 grid gap-x-5 gap-y-1 text-xs sm:grid-cols-3">
          <Fact label="Parent" value={info.parentName} />
          <Fact label="Email" value={info.email} />
          <Fact label="Children" value={info.childNames.length > 0 ? info.childNames.join(', ') : null} />
        </dl>
      )}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="truncate font-medium text-slate-900" title={value ?? undefined}>
        {value ?? '—'}
      </dd>
    </div>
  );
}
