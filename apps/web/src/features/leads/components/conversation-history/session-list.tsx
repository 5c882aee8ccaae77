import type { Conversation } from '@lantern/contracts';
import { Clock, MessageSquare, MessagesSquare } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

type SessionListProps = {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The trimmed search term; empty when not searching. */
  term: string;
  matchCounts: Map<string, number>;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function SessionList({ conversations, selectedId, onSelect, term, matchCounts }: SessionListProps) {
  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
        <MessagesSquare className="size-8 text-slate-400" aria-hidden="true" />
        <p className="mt-2 text-sm font-medium text-slate-700">No conversations found</p>
        <p className="mt-1 text-xs text-slate-600">This family has not chatted with the assistant yet.</p>
      </div>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Chat sessions">
      {conversations.map((conversation, index) => {
        const matches = matchCounts.get(conversation.id) ?? 0;
        const isSelected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
              className={cn(
                'w-full rounded-lg border px-3 py-2.5 text-left transition',
                isSelected
                  ? 'border-indigo-300 bg-indigo-50 ring-1 ring-indigo-300'
                  : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50',
                term && matches === 0 && !isSelected && 'opacity-55',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-slate-900">Session #{index + 1}</span>
                {conversation.completed ? <Badge tone="success">Completed</Badge> : null}
              </span>
              <span className="mt-0.5 block text-xs text-slate-600">
                {formatDateTime(conversation.started_at)}
              </span>
              <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1">
                  <MessageSquare className="size-3.5" aria-hidden="true" />
                  {plural(conversation.message_count, 'message', 'messages')}
                </span>
                {conversation.duration_minutes === null ? null : (
                  <span className="inline-flex items-center gap-1">
                    <Clock className="size-3.5" aria-hidden="true" />
                    {conversation.duration_minutes} min
                  </span>
                )}
                {term ? (
                  <span className={cn('font-medium', matches > 0 ? 'text-amber-800' : 'text-slate-500')}>
                    {plural(matches, 'match', 'matches')}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
