import type { WidgetTheme } from '@lantern/contracts';
import { Check, Palette } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useWidgetThemes } from '../api/widget-themes';
import type { WidgetDraft } from '../settings-draft';

type ThemesTabProps = {
  draft: WidgetDraft;
  /** The id of the theme being applied, if one is. */
  applyingId: string | null;
  onApply: (theme: WidgetTheme) => void;
};

const isInUse = (theme: WidgetTheme, draft: WidgetDraft) =>
  theme.color_scheme.primary.toUpperCase() === draft.primary_color.toUpperCase() &&
  theme.color_scheme.secondary.toUpperCase() === draft.secondary_color.toUpperCase() &&
  theme.color_scheme.accent.toUpperCase() === draft.accent_color.toUpperCase();

/** Themes: ready-made colour schemes for schools. Applying one saves its three colours at once. */
export function ThemesTab({ draft, applyingId, onApply }: ThemesTabProps) {
  const themes = useWidgetThemes();
  if (themes.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading themes">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    );
  if (themes.isError)
    return (
      <Alert tone="error" title="Failed to load themes">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void themes.refetch()}
          isLoading={themes.isFetching}
        >
          Try again
        </Button>
      </Alert>
    );
  if (themes.data.length === 0)
    return <EmptyState icon={Palette} title="No themes" description="There are no themes to choose from." />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        A theme sets the primary, secondary and accent colours and saves them straight away. Your text and
        background colours stay as they are.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2">
        {themes.data.map((theme) => {
          const inUse = isInUse(theme, draft);
          return (
            <li
              key={theme.id}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
            >
              <div className="mb-3 flex h-10 overflow-hidden rounded-lg" aria-hidden="true">
                <span className="flex-[2]" style={{ backgroundColor: theme.color_scheme.primary }} />
                <span className="flex-[2]" style={{ backgroundColor: theme.color_scheme.secondary }} />
                <span className="flex-1" style={{ backgroundColor: theme.color_scheme.accent }} />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-sm font-semibold text-slate-900">{theme.name}</h3>
                {theme.is_default && <Badge>Default</Badge>}
                {inUse && (
                  <Badge tone="success">
                    <Check className="size-3" aria-hidden="true" />
                    In use
                  </Badge>
                )}
              </div>
              <p className="mt-1 flex-1 text-sm text-slate-600">{theme.description}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3 self-start"
                aria-label={`Apply ${theme.name}`}
                onClick={() => onApply(theme)}
                isLoading={applyingId === theme.id}
                disabled={applyingId !== null}
              >
                Apply
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
