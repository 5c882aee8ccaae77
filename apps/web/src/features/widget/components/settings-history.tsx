import { WIDGET_HISTORY_ACTION_LABELS, type WidgetSettingsChange } from '@lantern/contracts';
import { History } from 'lucide-react';
import { memo } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useSettingsHistory } from '../api/get-settings-history';

const FIELD_LABELS: Record<string, string> = {
  school_name: 'School name',
  school_time_zone: 'Time zone',
  unique_selling_proposition: 'Unique selling proposition',
  call_to_action_text: 'Call-to-action text',
  chatbot_name: 'Chatbot name',
  chatbot_personality: 'Personality',
  welcome_message: 'Welcome message',
  avatar_url: 'Avatar',
  avatar_filename: 'Avatar file',
  logo_url: 'Logo',
  logo_filename: 'Logo file',
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  accent_color: 'Accent colour',
  text_color: 'Text colour',
  background_color: 'Background colour',
  border_radius: 'Border radius',
  position: 'Position',
  auto_open_enabled: 'Auto-open',
  auto_open_delay: 'Auto-open delay',
  auto_open_only_new_visitors: 'Only new visitors',
  show_branding: 'Branding line',
  enable_typing_indicator: 'Typing indicator',
  enable_analytics: 'Analytics',
};

function shown(value: WidgetSettingsChange['before']): string {
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  const text = String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The last changes to the settings (who, when, which fields, before and after), newest first. */
export const SettingsHistory = memo(function SettingsHistory() {
  const history = useSettingsHistory();
  return (
    <Card aria-labelledby="settings-history-title">
      <CardHeader
        as="h2"
        icon={<History className="size-5" aria-hidden="true" />}
        title={<span id="settings-history-title">Recent changes</span>}
        description="Every change to these settings is recorded."
      />
      <CardContent>
        {history.isPending ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading recent changes">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : history.isError ? (
          <Alert tone="error" title="Failed to load the recent changes">
            <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-slate-600">No changes yet: the settings are as first installed.</p>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Recent changes">
            {history.data.map((entry) => (
              <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
                <p className="text-sm text-slate-900">
                  <span className="font-medium">{WIDGET_HISTORY_ACTION_LABELS[entry.action]}</span>
                  {entry.detail && <span className="text-slate-700">: {entry.detail}</span>}
                </p>
                <p className="text-xs text-slate-600">
                  {entry.actor.email ?? 'Unknown user'} ·{' '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </p>
                {entry.changes.length > 0 && (
                  <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
                    {entry.changes.map((change) => (
                      <li key={change.field} className="[overflow-wrap:anywhere]">
                        {FIELD_LABELS[change.field] ?? change.field}: {shown(change.before)} →{' '}
                        {shown(change.after)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
});
