import { engagementScore, formatConversationDuration, type ConversationDetail } from '@lantern/contracts';
import { formatDateTime } from '@/lib/format';

/** Performance: the engagement score and the figures it comes from. */
export function PerformancePanel({ conversation }: { conversation: ConversationDetail }) {
  const rows: [string, string][] = [
    ['Engagement score', String(engagementScore(conversation.message_count, conversation.duration))],
    ['Duration', formatConversationDuration(conversation.duration)],
    ['Messages', String(conversation.message_count)],
    ['From the parent', String(conversation.user_message_count)],
    ['From the assistant', String(conversation.bot_message_count)],
    ['Started', formatDateTime(conversation.started_at)],
  ];
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-600">
        Engagement score: messages per minute of conversation (at least one minute counted), times 10.
      </p>
    </div>
  );
}
