import { ANALYTICS_MESSAGES, type ConversationDetail } from '@lantern/contracts';
import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useUrlParamsUpdate } from '@/lib/use-url-params';
import { useConversationDetail } from '../../api/get-conversation-detail';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { LoadFailed } from '../load-failed';
import { conversationIdentity } from '../conversations/conversation-columns';
import { StatusBadge } from '../tone';
import { ContextEvolution } from './context-evolution';
import { MessageList } from './message-list';
import { PerformancePanel } from './performance-panel';
import { VisitorPanel } from './visitor-panel';

const ANALYTICS_PATH = '/analytics';

const BackLink = () => (
  <Link to={ANALYTICS_PATH} className={buttonStyles('link', 'md', 'mb-4')}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Analytics
  </Link>
);

const DETAIL_TABS = ['messages', 'context', 'performance'] as const;

/** The open tab lives in the address (?tab=context), so a reload or a shared link keeps it. */
function useDetailTab() {
  const [params] = useSearchParams();
  const update = useUrlParamsUpdate();
  const asked = params.get('tab');
  const tab = (DETAIL_TABS as readonly string[]).includes(asked ?? '') ? asked! : 'messages';
  const setTab = (value: string) =>
    update((next) => {
      if (value === 'messages') next.delete('tab');
      else next.set('tab', value);
    }, true);
  return [tab, setTab] as const;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Conversation Detail (spec 2.4): the transcript, what it gathered and how it went, beside the visitor. */
export function ConversationDetailScreen({ conversationId }: { conversationId: string }) {
  const navigate = useNavigate();
  const detail = useConversationDetail(conversationId);
  const wasNotFound = detail.isError && isNotFound(detail.error);
  useFailureToast(
    { ...detail, isError: detail.isError && !wasNotFound },
    ANALYTICS_MESSAGES.loadConversation,
  );

  // Spec: a conversation that does not exist is toasted, and the user is sent back to the list.
  useEffect(() => {
    if (!wasNotFound) return;
    notify.error(ANALYTICS_MESSAGES.conversationNotFound);
    void navigate(ANALYTICS_PATH, { replace: true });
  }, [wasNotFound, navigate]);

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError && !wasNotFound) {
    return (
      <>
        <BackLink />
        <LoadFailed
          message={errorMessage(detail.error, ANALYTICS_MESSAGES.loadConversation)}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
      </>
    );
  }
  if (!detail.data?.id) {
    return (
      <>
        <BackLink />
        <Card>
          <EmptyState icon={MessageSquareOff} title={ANALYTICS_MESSAGES.conversationNotFound} />
        </Card>
      </>
    );
  }
  return <ConversationDetailView conversation={detail.data} />;
}

function ConversationDetailView({ conversation }: { conversation: ConversationDetail }) {
  const [tab, setTab] = useDetailTab();
  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
          Conversation with {conversation.parent_name ?? conversationIdentity(conversation)}
        </h1>
        <StatusBadge status={conversation.status} />
        <p className="w-full text-sm text-slate-600">Started {formatDateTime(conversation.started_at)}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent>
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList aria-label="Conversation views">
                <TabsTrigger value="messages">Messages</TabsTrigger>
                <TabsTrigger value="context">Context Evolution</TabsTrigger>
                <TabsTrigger value="performance">Performance</TabsTrigger>
              </TabsList>
              <TabsContent value="messages">
                <MessageList messages={conversation.messages} hasLead={conversation.lead_id !== null} />
              </TabsContent>
              <TabsContent value="context">
                <ContextEvolution conversation={conversation} />
              </TabsContent>
              <TabsContent value="performance">
                <PerformancePanel conversation={conversation} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <VisitorPanel visitorUuid={conversation.visitor_uuid} />
      </div>
    </>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading conversation">
      <Skeleton className="mb-4 h-5 w-36" />
      <Skeleton className="mb-6 h-8 w-72" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}
