import { ANALYTICS_MESSAGES } from '@lantern/contracts';
import { MessagesSquare } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { useConversations } from '../../api/get-conversations';
import type { useAnalyticsParams } from '../../hooks/use-analytics-params';
import { useFailureToast } from '../../hooks/use-failure-toast';
import { LoadFailed } from '../load-failed';
import { conversationColumns } from './conversation-columns';
import { ConversationFiltersBar } from './conversation-filters';

type Params = ReturnType<typeof useAnalyticsParams>;

/** All Conversations: the filters, one page of rows and the pages. */
export function ConversationsTab({ params }: { params: Params }) {
  const list = useConversations(params.conversationQuery);
  useFailureToast(list, ANALYTICS_MESSAGES.loadConversations);
  const rows = list.data?.conversations ?? null;

  return (
    <Card>
      <ConversationFiltersBar
        filters={params.filters}
        limit={params.limit}
        firstDay={params.firstDay}
        onFilter={params.setFilter}
        onLimit={params.setLimit}
      />
      {list.isError && !list.data ? (
        <div className="p-4">
          <LoadFailed
            message={errorMessage(list.error, ANALYTICS_MESSAGES.loadConversations)}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          />
        </div>
      ) : rows?.length === 0 ? (
        <EmptyState icon={MessagesSquare} title={ANALYTICS_MESSAGES.noData} />
      ) : (
        <DataTable
          caption="Conversations"
          columns={conversationColumns}
          rows={rows}
          getRowId={(row) => row.id}
          isUpdating={list.isPlaceholderData}
          rowTestId="conversation-row"
        />
      )}
      {list.data && (
        <Pagination
          className="border-t border-slate-100 px-4 py-3 2xl:px-6"
          pagination={list.data.pagination}
          onPageChange={params.setPage}
          showRange
        />
      )}
    </Card>
  );
}
