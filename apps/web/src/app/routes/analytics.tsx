import { AnalyticsScreen } from '@/features/analytics/components/analytics-screen';
import { AddChunkDialog } from '@/features/knowledge/components/chunks/add-chunk-dialog';

/** An unanswered question's "Add an answer": the knowledge base's add-chunk dialog, started with the question. */
function AddAnswer({ question, onClose }: { question: string; onClose: () => void }) {
  return (
    <AddChunkDialog
      open
      document={null}
      initialText={`${question}\n`}
      onClose={onClose}
      onCreated={onClose}
    />
  );
}

export default function AnalyticsRoute() {
  return (
    <>
      <title>Conversation Analytics · Lantern Admin</title>
      <AnalyticsScreen AddAnswer={AddAnswer} />
    </>
  );
}
