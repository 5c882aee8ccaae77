import { useParams } from 'react-router';
import { ConversationDetailScreen } from '@/features/analytics/components/conversation-detail/conversation-detail-screen';

export default function ConversationRoute() {
  const { conversationId = '' } = useParams();
  return (
    <>
      <title>Conversation · Lantern Admin</title>
      <ConversationDetailScreen key={conversationId} conversationId={conversationId} />
    </>
  );
}
