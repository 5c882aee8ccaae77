import {
  canEdit,
  CAMPAIGN_DEFAULT_PERSONALIZATION,
  CAMPAIGN_INSTRUCTION_MAX,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_PERSONALIZATION_LEVELS,
  TEMPLATE_PERSONALIZATION_LABELS,
  type Campaign,
  type CampaignPersonalizationLevel,
} from '@lantern/contracts';
import { Bot, Send, User } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useEditWithAi } from '../../api/generate-content';
import { useCampaign } from '../../api/get-campaigns';
import { CampaignLivePreview } from '../editor/campaign-live-preview';
import { CannotEditNotice } from '../editor/cannot-edit-notice';
import { HtmlEditPanel } from '../preview/html-edit-panel';

type ChatMessage = { id: number; from: 'you' | 'editor'; text: string; isError?: boolean; flags?: string[] };

/** The AI Campaign Editor (2.6): a chat of instructions beside the live content. */
export function AiCampaignEditorDialog({ campaignId, onClose }: { campaignId: string; onClose: () => void }) {
  const campaign = useCampaign(campaignId);
  if (campaign.data && !canEdit(campaign.data))
    return <CannotEditNotice campaign={campaign.data} onClose={onClose} />;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="AI Campaign Editor"
      description={campaign.data?.name}
      size="xl"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {campaign.data ? (
        <EditorBody campaign={campaign.data} />
      ) : campaign.isError ? (
        <Alert tone="error">{errorMessage(campaign.error, CAMPAIGN_MESSAGES.loadFailed)}</Alert>
      ) : (
        <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Spinner size="sm" /> Loading the campaign…
        </div>
      )}
    </Dialog>
  );
}

const isNotConfigured = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 503 || error.serverMessage === CAMPAIGN_MESSAGES.aiNotConfigured);

function EditorBody({ campaign }: { campaign: Campaign }) {
  const ids = { instruction: useId(), level: useId() };
  const edit = useEditWithAi(campaign.id);
  const [instruction, setInstruction] = useState('');
  const [level, setLevel] = useState<CampaignPersonalizationLevel>(CAMPAIGN_DEFAULT_PERSONALIZATION);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isManual, setIsManual] = useState(false);
  const [isUnavailable, setIsUnavailable] = useState(false);
  const say = (message: Omit<ChatMessage, 'id'>) =>
    setMessages((list) => [...list, { ...message, id: list.length + 1 }]);

  function send() {
    const text = instruction.trim();
    if (!text) {
      setProblem(CAMPAIGN_MESSAGES.instructionRequired);
      return;
    }
    setProblem(null);
    say({ from: 'you', text });
    setInstruction('');
    edit.mutate(
      { instruction: text, personalization_level: level },
      {
        onSuccess: (result) =>
          say({
            from: 'editor',
            text: `Version ${result.version_number}: ${result.change_summary}`,
            flags: result.flags.map((flag) => flag.message),
          }),
        onError: (error) => {
          if (isNotConfigured(error)) {
            setIsUnavailable(true);
            say({
              from: 'editor',
              text: `${CAMPAIGN_MESSAGES.aiNotConfigured}. ${CAMPAIGN_MESSAGES.useManualEditor}`,
              isError: true,
            });
          } else say({ from: 'editor', text: CAMPAIGN_MESSAGES.aiEditFailed, isError: true });
        },
      },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label="Edit instructions" className="flex min-w-0 flex-col gap-3">
        <ol
          className="max-h-[420px] min-h-40 space-y-2 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3"
          aria-live="polite"
          aria-label="Conversation"
        >
          {messages.length === 0 && (
            <li className="text-sm text-slate-600">
              Tell the editor what to change: “Make the opening warmer”, “Add the open day date”.
            </li>
          )}
          {messages.map((message) => (
            <li
              key={message.id}
              className={cn('flex gap-2 text-sm', message.from === 'you' ? 'justify-end' : '')}
            >
              {message.from === 'editor' && (
                <Bot className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              )}
              <div
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2',
                  message.from === 'you'
                    ? 'bg-indigo-600 text-white'
                    : message.isError
                      ? 'bg-red-50 text-red-800'
                      : 'bg-white text-slate-800 ring-1 ring-slate-200',
                )}
                data-testid={message.from === 'editor' ? 'editor-reply' : undefined}
              >
                <span className="sr-only">{message.from === 'you' ? 'You: ' : 'Editor: '}</span>
                {message.text}
                {message.flags && message.flags.length > 0 && (
                  <ul className="mt-1 list-disc pl-4 text-xs text-amber-900">
                    {message.flags.map((flag) => (
                      <li key={flag}>{flag}</li>
                    ))}
                  </ul>
                )}
              </div>
              {message.from === 'you' && (
                <User className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              )}
            </li>
          ))}
          {edit.isPending && (
            <li className="flex items-center gap-2 text-sm text-slate-600" role="status">
              <Spinner size="sm" /> Editing…
            </li>
          )}
        </ol>
        <form
          noValidate
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Label htmlFor={ids.instruction}>Instruction</Label>
          <Textarea
            id={ids.instruction}
            rows={3}
            value={instruction}
            maxLength={CAMPAIGN_INSTRUCTION_MAX}
            onChange={(event) => setInstruction(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) send();
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids.instruction}-error` : undefined}
            disabled={edit.isPending}
          />
          {problem && (
            <p id={`${ids.instruction}-error`} className="text-xs font-medium text-red-700">
              {problem}
            </p>
          )}
          <div className="flex items-end gap-2">
            <div className="flex-1 space-y-1">
              <Label htmlFor={ids.level} className="text-xs">
                Personalization
              </Label>
              <Select
                id={ids.level}
                value={level}
                onChange={(event) => setLevel(event.target.value as CampaignPersonalizationLevel)}
              >
                {CAMPAIGN_PERSONALIZATION_LEVELS.map((value) => (
                  <option key={value} value={value}>
                    {TEMPLATE_PERSONALIZATION_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" isLoading={edit.isPending}>
              {!edit.isPending && <Send className="size-4" aria-hidden="true" />}
              Send
            </Button>
          </div>
        </form>
        {isUnavailable && !isManual && (
          <Button variant="secondary" onClick={() => setIsManual(true)}>
            Edit the HTML by hand
          </Button>
        )}
      </section>
      <div className="min-w-0">
        {isManual ? (
          <HtmlEditPanel key={campaign.updated_at} campaign={campaign} />
        ) : (
          <CampaignLivePreview
            subject={campaign.subject}
            html={campaign.content_html}
            heightClass="h-[480px]"
          />
        )}
      </div>
    </div>
  );
}
