import { ANALYTICS_MESSAGES, type AnalyticsRangeQuery, type UnansweredQuestion } from '@lantern/contracts';
import { MessageCircleQuestionMark, Plus } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { countOf, formatDateTime } from '@/lib/format';
import { useUnansweredQuestions } from '../../api/get-unanswered-questions';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { ConsideredNote } from '../figures';
import { LoadFailed } from '../load-failed';

/** A dialog that adds an answer to the knowledge base, opened with the question. */
export type AddAnswerDialog = ComponentType<{ question: string; onClose: () => void }>;

/** Unanswered Questions: what the chatbot could not answer, grouped by similar wording, most asked first. */
export function UnansweredTab({
  range,
  AddAnswer,
}: {
  range: AnalyticsRangeQuery;
  AddAnswer?: AddAnswerDialog;
}) {
  const unanswered = useUnansweredQuestions(range);
  const [answering, setAnswering] = useState<string | null>(null);
  useFailureToast(unanswered, ANALYTICS_MESSAGES.loadUnanswered);

  if (unanswered.isError && !unanswered.data) {
    return (
      <LoadFailed
        message={errorMessage(unanswered.error, ANALYTICS_MESSAGES.loadUnanswered)}
        onRetry={() => void unanswered.refetch()}
        isRetrying={unanswered.isFetching}
      />
    );
  }
  if (!unanswered.data) {
    return (
      <Card className="space-y-3 p-6" role="status" aria-label="Loading unanswered questions">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </Card>
    );
  }
  const { groups, considered } = unanswered.data;
  if (groups.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={MessageCircleQuestionMark}
          title="No unanswered questions"
          description="Every question parents asked in this period was answered from the knowledge base."
        />
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label="Unanswered questions">
        {groups.map((group) => (
          <QuestionGroup
            key={group.question}
            group={group}
            onAddAnswer={AddAnswer ? () => setAnswering(group.question) : undefined}
          />
        ))}
      </ul>
      <ConsideredNote considered={considered} />
      {AddAnswer && answering !== null && (
        <AddAnswer question={answering} onClose={() => setAnswering(null)} />
      )}
    </div>
  );
}

function QuestionGroup({ group, onAddAnswer }: { group: UnansweredQuestion; onAddAnswer?: () => void }) {
  const others = group.wordings.filter((w) => w !== group.question);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={group.question}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-medium text-slate-900">{group.question}</p>
          <p className="text-sm text-slate-600">
            Asked {countOf(group.count, 'time', 'times')} · last asked {formatDateTime(group.last_asked_at)}
          </p>
        </div>
        {onAddAnswer && (
          <Button size="sm" onClick={onAddAnswer}>
            <Plus className="size-4" aria-hidden="true" />
            Add an answer
          </Button>
        )}
      </div>
      {others.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-medium text-slate-500 uppercase">Also asked as</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
            {others.map((wording) => (
              <li key={wording}>{wording}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-500">Conversations:</span>
        {group.conversations.map((c) => (
          <Link
            key={c.id}
            to={`/analytics/conversation/${c.id}`}
            className="text-indigo-700 underline-offset-2 hover:underline"
          >
            {formatDateTime(c.started_at)}
          </Link>
        ))}
      </div>
    </li>
  );
}
