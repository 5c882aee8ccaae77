import {
  WIDGET_TOASTS,
  type WidgetImageType,
  type WidgetSettings,
  type WidgetSettingsField,
  type WidgetTheme,
} from '@lantern/contracts';
import {
  Bot,
  Brush,
  Palette,
  RotateCcw,
  Save,
  School,
  ShieldCheck,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useWidgetSettings } from '../api/get-widget-settings';
import { useUpdateWidgetSettings } from '../api/update-widget-settings';
import { useApplyWidgetTheme, useResetWidgetSettings } from '../api/widget-themes';
import {
  changedFields,
  rebaseDraft,
  toDraft,
  validateChanges,
  type DraftErrors,
  type WidgetDraft,
} from '../settings-draft';
import { BrandingTab, PersonalityTab } from './content-tabs';
import { BehaviorTab, VisualTab } from './look-tabs';
import { ResetDefaultsDialog } from './reset-defaults-dialog';
import { SettingsHistory } from './settings-history';
import { ThemesTab } from './themes-tab';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WidgetPreview } from './widget-preview';

type WidgetTab = { value: string; label: string; icon: LucideIcon };

// Spec 2.4's tabs, in order. The ?tab= value makes each one linkable (the account menu opens "security").
const tabs: WidgetTab[] = [
  { value: 'branding', label: 'School Branding', icon: School },
  { value: 'personality', label: 'Chatbot Personality', icon: Bot },
  { value: 'visual', label: 'Visual Design', icon: Brush },
  { value: 'behavior', label: 'Behavior', icon: SlidersHorizontal },
  { value: 'themes', label: 'Themes', icon: Palette },
  { value: 'security', label: 'Account Security', icon: ShieldCheck },
];
const defaultTab = 'branding';
const THEME_FIELDS: WidgetSettingsField[] = ['primary_color', 'secondary_color', 'accent_color'];
const IMAGE_FIELDS: Record<WidgetImageType, WidgetSettingsField[]> = {
  avatar: ['avatar_url', 'avatar_filename'],
  logo: ['logo_url', 'logo_filename'],
};

/** The Widget Settings page: five tabs of settings beside the live preview, and Account Security. */
export function WidgetSettingsPage({ security }: { security: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeTab = tabs.find((tab) => tab.value === requested)?.value ?? defaultTab;
  const settings = useWidgetSettings();

  function selectTab(value: string) {
    // Replace, not push: switching tabs should not fill the Back button's history.
    setSearchParams(value === defaultTab ? {} : { tab: value }, { replace: true });
  }

  return (
    <>
      <title>Widget Settings · Lantern Admin</title>
      <Tabs value={activeTab} onValueChange={selectTab}>
        {settings.isPending ? (
          <SettingsSkeleton />
        ) : settings.isError ? (
          <>
            <PageHeader title="Widget Settings" description="Customize chat widget" />
            <Alert
              tone="error"
              title={errorMessage(settings.error, WIDGET_TOASTS.loadFailed)}
              className="mb-6"
            >
              <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
                Try again
              </Button>
            </Alert>
            <TabsBar />
            <TabsContent value="security">{security}</TabsContent>
          </>
        ) : (
          <SettingsEditor saved={settings.data} activeTab={activeTab} security={security} />
        )}
      </Tabs>
    </>
  );
}

function TabsBar() {
  return (
    <TabsList aria-label="Widget settings sections">
      {tabs.map(({ value, label, icon: Icon }) => (
        <TabsTrigger key={value} value={value}>
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}

type SettingsEditorProps = { saved: WidgetSettings; activeTab: string; security: ReactNode };

function SettingsEditor({ saved, activeTab, security }: SettingsEditorProps) {
  const savedDraft = useMemo(() => toDraft(saved), [saved]);
  const [draft, setDraft] = useState<WidgetDraft>(savedDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [isResetOpen, setResetOpen] = useState(false);
  const [applyingId, setApplyingId] = useState<string | null>(null);
  const save = useUpdateWidgetSettings();
  const applyTheme = useApplyWidgetTheme();
  const reset = useResetWidgetSettings();
  const changes = changedFields(savedDraft, draft);
  const hasChanges = Object.keys(changes).length > 0;

  const update = useCallback((patch: Partial<WidgetDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as WidgetSettingsField];
      return next;
    });
  }, []);

  function onSave() {
    const problems = validateChanges(changes);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      notify.error(WIDGET_TOASTS.saveFailed);
      return;
    }
    const sent = draft;
    save.mutate(changes, {
      onSuccess: (next) => {
        // Anything typed while saving stays in the draft.
        setDraft((current) => rebaseDraft(current, sent, next, []));
        notify.success(WIDGET_TOASTS.saved);
      },
      onError: (error) => notify.error(errorMessage(error, WIDGET_TOASTS.saveFailed)),
    });
  }

  function onApplyTheme(theme: WidgetTheme) {
    setApplyingId(theme.id);
    applyTheme.mutate(theme.id, {
      onSuccess: (next) => {
        setDraft((current) => rebaseDraft(current, savedDraft, next, THEME_FIELDS));
        notify.success(WIDGET_TOASTS.themeApplied);
      },
      onError: (error) => notify.error(errorMessage(error, WIDGET_TOASTS.themeFailed)),
      onSettled: () => setApplyingId(null),
    });
  }

  function onReset() {
    reset.mutate(undefined, {
      onSuccess: (next) => {
        setDraft(toDraft(next));
        setErrors({});
        setResetOpen(false);
        notify.success(WIDGET_TOASTS.reset);
      },
      onError: (error) => notify.error(errorMessage(error, WIDGET_TOASTS.resetFailed)),
    });
  }

  const onImageSaved = useCallback(
    (next: WidgetSettings, type: WidgetImageType) =>
      setDraft((current) => rebaseDraft(current, savedDraft, next, IMAGE_FIELDS[type])),
    [savedDraft],
  );

  const tabProps = { draft, update, errors, onImageSaved };
  const panels: Record<string, ReactNode> = {
    branding: <BrandingTab {...tabProps} />,
    personality: <PersonalityTab {...tabProps} />,
    visual: <VisualTab draft={draft} update={update} />,
    behavior: <BehaviorTab draft={draft} update={update} />,
    themes: <ThemesTab draft={draft} applyingId={applyingId} onApply={onApplyTheme} />,
  };

  return (
    <>
      <UnsavedChangesGuard hasChanges={hasChanges} />
      <PageHeader
        title="Widget Settings"
        description="Customize chat widget"
        actions={
          <>
            {hasChanges && <Badge tone="warning">Unsaved changes</Badge>}
            <Button variant="secondary" onClick={() => setResetOpen(true)} disabled={reset.isPending}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Reset to Defaults
            </Button>
            <Button onClick={onSave} isLoading={save.isPending} disabled={!hasChanges}>
              {!save.isPending && <Save className="size-4" aria-hidden="true" />}
              {save.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </>
        }
      />
      <TabsBar />
      <TabsContent value="security">{security}</TabsContent>
      {activeTab !== 'security' && (
        // On a tablet the preview comes right after the fields, before the history.
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(340px,420px)]">
          <div className="min-w-0 lg:col-start-1">
            {tabs
              .filter(({ value }) => value !== 'security')
              .map(({ value, label }) => (
                <TabsContent key={value} value={value}>
                  <Card aria-label={label}>
                    <CardContent>{panels[value]}</CardContent>
                  </Card>
                </TabsContent>
              ))}
          </div>
          {/* One preview for all five tabs: switching tabs keeps the widget as it is. */}
          <div className="mx-auto w-full max-w-[520px] lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-w-none lg:pt-6">
            <WidgetPreview draft={draft} />
          </div>
          <div className="min-w-0 lg:col-start-1">
            <SettingsHistory />
          </div>
        </div>
      )}
      {isResetOpen && (
        <ResetDefaultsDialog
          isPending={reset.isPending}
          onConfirm={onReset}
          onCancel={() => setResetOpen(false)}
        />
      )}
    </>
  );
}

function SettingsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading widget settings">
      <PageHeader title="Widget Settings" description="Customize chat widget" />
      <TabsBar />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(340px,420px)]">
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-[560px] rounded-xl" />
      </div>
    </div>
  );
}
