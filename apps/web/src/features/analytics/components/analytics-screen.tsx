import { ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS } from '@lantern/contracts';
import { BarChart3, Filter, MessageCircleQuestionMark, MessagesSquare, TrendingDown } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAnalyticsParams } from '../hooks/use-analytics-params';
import { ConversationsTab } from './conversations/conversations-tab';
import { DropOffTab } from './drop-off/drop-off-tab';
import { FunnelTab } from './funnel/funnel-tab';
import { OverviewTab } from './overview/overview-tab';
import { UnansweredTab, type AddAnswerDialog } from './unanswered/unanswered-tab';

/**
 * Conversation Analytics (spec 2.3): a period, then five tabs; both kept in the URL. The app gives
 * `AddAnswer` (the knowledge base's add-chunk dialog): features do not import each other.
 */
export function AnalyticsScreen({ AddAnswer }: { AddAnswer?: AddAnswerDialog } = {}) {
  const params = useAnalyticsParams();
  const periodId = useId();
  const { range } = params;
  return (
    <>
      <PageHeader
        title="Conversation Analytics"
        description="How parents use the chatbot, and where they become leads"
        actions={
          <div className="flex items-center gap-2">
            <Label htmlFor={periodId} className="mb-0 whitespace-nowrap">
              Period
            </Label>
            <Select
              id={periodId}
              className="w-40"
              value={params.period}
              onChange={(event) => params.setPeriod(event.target.value)}
            >
              {ANALYTICS_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {ANALYTICS_PERIOD_LABELS[period]}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <Tabs value={params.tab} onValueChange={params.setTab}>
        <TabsList aria-label="Analytics views">
          <TabsTrigger value="overview">
            <BarChart3 className="size-4" aria-hidden="true" />
            Overview
          </TabsTrigger>
          <TabsTrigger value="conversations">
            <MessagesSquare className="size-4" aria-hidden="true" />
            All Conversations
          </TabsTrigger>
          <TabsTrigger value="funnel">
            <Filter className="size-4" aria-hidden="true" />
            Conversion Funnel
          </TabsTrigger>
          <TabsTrigger value="drop-off">
            <TrendingDown className="size-4" aria-hidden="true" />
            Drop-off Analysis
          </TabsTrigger>
          <TabsTrigger value="unanswered">
            <MessageCircleQuestionMark className="size-4" aria-hidden="true" />
            Unanswered Questions
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab range={range} />
        </TabsContent>
        <TabsContent value="conversations">
          <ConversationsTab params={params} />
        </TabsContent>
        <TabsContent value="funnel">
          <FunnelTab range={range} />
        </TabsContent>
        <TabsContent value="drop-off">
          <DropOffTab range={range} />
        </TabsContent>
        <TabsContent value="unanswered">
          <UnansweredTab range={range} AddAnswer={AddAnswer} />
        </TabsContent>
      </Tabs>
    </>
  );
}
