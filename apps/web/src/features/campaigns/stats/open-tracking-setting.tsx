import { CAMPAIGN_RESULTS_MESSAGES } from '@lantern/contracts';
import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useTrackingSettings, useUpdateTrackingSettings } from './api';
import { STATS_TEXT } from './stats-text';

export const TRACKING_TEXT = {
  label: 'Track opens',
  saveFailed: 'Failed to save the tracking setting',
  loadFailed: 'The tracking setting could not be loaded.',
  description:
    'Adds an invisible image to each message so the History tab can estimate opens. Clicks are always counted through the links.',
} as const;

/**
 * The school's open-tracking setting (a switch). It sits on the History tab because that is where
 * opens are read: the admin sees, beside the figures, whether they are being measured.
 */
export function OpenTrackingSetting() {
  const id = useId();
  const settings = useTrackingSettings();
  const update = useUpdateTrackingSettings();
  const enabled = update.isPending
    ? update.variables.open_tracking_enabled
    : (settings.data?.open_tracking_enabled ?? false);

  function toggle() {
    const next = !enabled;
    update.mutate(
      { open_tracking_enabled: next },
      {
        onSuccess: () => notify.success(CAMPAIGN_RESULTS_MESSAGES.settingsSaved),
        onError: (error) => notify.error(errorMessage(error, TRACKING_TEXT.saveFailed)),
      },
    );
  }

  return (
    <div className="flex items-start gap-3">
      {settings.isPending ? (
        <Skeleton className="mt-0.5 h-6 w-11 rounded-full" />
      ) : (
        <button
          type="button"
          role="switch"
          id={id}
          aria-checked={enabled}
          aria-describedby={`${id}-hint`}
          disabled={settings.isError || update.isPending}
          onClick={toggle}
          className={cn(
            'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
            'focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2 focus-visible:outline-none',
            'disabled:cursor-not-allowed disabled:opacity-60',
            enabled ? 'bg-indigo-600' : 'bg-slate-500',
          )}
        >
          <span className="sr-only">{TRACKING_TEXT.label}</span>
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              enabled ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      )}
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {TRACKING_TEXT.label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {settings.isError
            ? TRACKING_TEXT.loadFailed
            : `${TRACKING_TEXT.description} ${enabled ? STATS_TEXT.opensEstimate : STATS_TEXT.opensOff}`}
        </p>
      </div>
    </div>
  );
}
