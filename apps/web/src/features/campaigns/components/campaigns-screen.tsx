import { CAMPAIGN_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import { CalendarDays, History, Mail, Mic, PenLine, Sparkles } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notify } from '@/lib/notify';
import { ScheduleCalendar } from '../calendar/schedule-calendar';
import { HistoryTab } from '../history/history-tab';
import { AiCampaignEditorDialog } from './ai/ai-campaign-editor-dialog';
import { AiContentGeneratorDialog } from './ai/ai-content-generator-dialog';
import { CampaignEditorDialog, type CampaignEditorTarget } from './editor/campaign-editor-dialog';
import { CampaignPreviewDialog } from './preview/campaign-preview-dialog';
import { CampaignsTab } from './table/campaigns-tab';
import { VoiceSettingsTab } from './voice/voice-settings-tab';

const TABS = ['campaigns', 'schedule', 'history', 'voice'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

type Open =
  | { kind: 'none' }
  | { kind: 'editor'; target: CampaignEditorTarget }
  | { kind: 'generator' }
  | { kind: 'preview'; campaignId: string }
  | { kind: 'ai-editor'; campaignId: string };

/** The Campaigns screen (2.6): four tabs and the dialogs the table's actions open. */
export function CampaignsScreen() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'campaigns';
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = useCallback(() => setOpen({ kind: 'none' }), []);
  const openCreate = useCallback(() => setOpen({ kind: 'editor', target: { kind: 'create' } }), []);
  const openGenerator = useCallback(() => setOpen({ kind: 'generator' }), []);
  const handlers = useMemo(
    () => ({
      onEdit: (c: CampaignSummary) => setOpen({ kind: 'editor', target: { kind: 'edit', campaignId: c.id } }),
      onPreview: (c: CampaignSummary) => setOpen({ kind: 'preview', campaignId: c.id }),
      onAiEdit: (c: CampaignSummary) => setOpen({ kind: 'ai-editor', campaignId: c.id }),
    }),
    [],
  );

  const changeTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'campaigns') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Write, check and prepare email campaigns for your segments"
        actions={
          <>
            <Button variant="secondary" onClick={openGenerator}>
              <Sparkles className="size-4" aria-hidden="true" />
              {CAMPAIGN_MESSAGES.generateWithAi}
            </Button>
            <Button onClick={openCreate}>
              <PenLine className="size-4" aria-hidden="true" />
              Create Campaign
            </Button>
          </>
        }
      />
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList aria-label="Campaign views">
          <TabsTrigger value="campaigns">
            <Mail className="size-4" aria-hidden="true" />
            All Campaigns
          </TabsTrigger>
          <TabsTrigger value="schedule">
            <CalendarDays className="size-4" aria-hidden="true" />
            Schedule
          </TabsTrigger>
          <TabsTrigger value="history">
            <History className="size-4" aria-hidden="true" />
            History
          </TabsTrigger>
          <TabsTrigger value="voice">
            <Mic className="size-4" aria-hidden="true" />
            Voice Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="campaigns">
          <CampaignsTab {...handlers} onGenerate={openGenerator} onCreate={openCreate} />
        </TabsContent>
        <TabsContent value="schedule">
          <ScheduleCalendar />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab />
        </TabsContent>
        <TabsContent value="voice">
          <VoiceSettingsTab />
        </TabsContent>
      </Tabs>

      {open.kind === 'editor' && (
        <CampaignEditorDialog
          target={open.target}
          onClose={close}
          onSaved={(message) => {
            close();
            notify.success(message);
          }}
        />
      )}
      {open.kind === 'generator' && (
        <AiContentGeneratorDialog
          onClose={close}
          onOpenDraft={(seed) => setOpen({ kind: 'editor', target: { kind: 'create', seed } })}
        />
      )}
      {open.kind === 'preview' && (
        <CampaignPreviewDialog
          campaignId={open.campaignId}
          onClose={close}
          onEdit={() => setOpen({ kind: 'editor', target: { kind: 'edit', campaignId: open.campaignId } })}
        />
      )}
      {open.kind === 'ai-editor' && <AiCampaignEditorDialog campaignId={open.campaignId} onClose={close} />}
    </>
  );
}
