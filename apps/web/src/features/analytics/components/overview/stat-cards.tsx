import { formatConversationDuration, type ConversationStats } from '@lantern/contracts';
import {
  CircleCheck,
  CircleX,
  Clock,
  Hourglass,
  MessagesSquare,
  MessageSquareText,
  Percent,
  Users,
} from 'lucide-react';
import { formatCount } from '@/lib/format';
import { ConsideredNote, Figure, FigureSkeleton, percent } from '../figures';

/** Every figure of the overview (spec 2.3): counts, the conversion rate and the averages. */
export function StatCards({ stats }: { stats: ConversationStats }) {
  const o = stats.overview;
  return (
    <section aria-labelledby="overview-figures">
      <h2 id="overview-figures" className="sr-only">
        Conversation statistics
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure
          icon={MessagesSquare}
          label="Total conversations"
          value={formatCount(o.total_conversations)}
        />
        <Figure icon={Users} label="Unique visitors" value={formatCount(o.unique_visitors)} />
        <Figure icon={Percent} label="Conversion rate" value={percent(o.conversion_rate)} />
        <Figure icon={CircleCheck} label="Converted" value={formatCount(o.converted_conversations)} />
        <Figure icon={CircleX} label="Abandoned" value={formatCount(o.abandoned_conversations)} />
        <Figure icon={Hourglass} label="Active" value={formatCount(o.active_conversations)} />
        <Figure
          icon={Clock}
          label="Average duration"
          value={formatConversationDuration(o.avg_duration_minutes)}
          detail={`${o.avg_duration_minutes} ${o.avg_duration_minutes === 1 ? 'minute' : 'minutes'}`}
        />
        <Figure
          icon={MessageSquareText}
          label="Messages per conversation"
          value={o.avg_messages_per_conversation}
          detail="on average"
        />
      </dl>
      <ConsideredNote considered={stats.considered} />
    </section>
  );
}

export function StatCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" role="status" aria-label="Loading statistics">
      {Array.from({ length: 8 }, (_, i) => (
        <FigureSkeleton key={i} />
      ))}
    </div>
  );
}
