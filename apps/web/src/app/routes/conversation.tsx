import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { NotBuiltYet } from '@/components/ui/not-built-yet';
import { PageHeader } from '@/components/ui/page-header';
import { adminAreas } from '../admin-areas';

export default function ConversationRoute() {
  const { conversationId = '' } = useParams();
  return (
    <>
      <title>Conversation · Lantern Admin</title>
      <Link to={adminAreas.analytics.path} className={buttonStyles('link', 'md', 'mb-4')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Analytics
      </Link>
      <PageHeader title="Conversation" description={`Conversation ${conversationId}`} />
      <NotBuiltYet>
        This conversation’s transcript and analysis will appear here once the page is ready.
      </NotBuiltYet>
    </>
  );
}
