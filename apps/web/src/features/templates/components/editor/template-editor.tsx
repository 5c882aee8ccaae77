import { zodResolver } from '@hookform/resolvers/zod';
import { TEMPLATE_MESSAGES, templateVariablesDetected, type EmailTemplate } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Save } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useSaveTemplate } from '../../api/save-template';
import { validateTemplate } from '../../api/template-tools';
import { useDetectedVariables } from '../../hooks/use-detected-variables';
import { ContentTab } from './content-tab';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { SettingsTab } from './settings-tab';
import { SourcePreviewPane } from './source-preview-pane';
import {
  emptyTemplateDraft,
  tabOfField,
  templateDraftSchema,
  toTemplateBody,
  toTemplateDraft,
  type EditorTab,
  type TemplateDraft,
} from './template-draft';
import { ValidationSummary, type ValidationState } from './validation-summary';
import { VariablesTab } from './variables-tab';

type TemplateEditorProps = {
  /** The template to edit, or null for a new one. */
  template: EmailTemplate | null;
  onCancel: () => void;
  onSaved: (template: EmailTemplate, action: 'created' | 'updated') => void;
};

/** The tabs holding a problem, so the tab list can mark them. */
function tabsWithProblems(errors: FieldErrors<TemplateDraft>): Set<EditorTab> {
  return new Set(Object.keys(errors).map(tabOfField));
}

function TabLabel({ label, hasProblem }: { label: string; hasProblem: boolean }) {
  return (
    <>
      {label}
      {hasProblem && <span className="size-2 rounded-full bg-red-600" aria-label="has problems" role="img" />}
    </>
  );
}

/**
 * Editor mode: Content, Variables and Settings tabs beside the Source/Preview pane. Saving checks
 * the form, then asks the server to validate (spec 5.8), then saves and returns to the list.
 */
export function TemplateEditor({ template, onCancel, onSaved }: TemplateEditorProps) {
  const form = useForm<TemplateDraft>({
    resolver: zodResolver(templateDraftSchema),
    defaultValues: template ? toTemplateDraft(template) : emptyTemplateDraft(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [tab, setTab] = useState<EditorTab>('content');
  const [validation, setValidation] = useState<ValidationState>({ status: 'idle' });
  const [isAskingToDiscard, setIsAskingToDiscard] = useState(false);
  const validate = useMutation({
    mutationFn: (draft: TemplateDraft) => validateTemplate({ ...toTemplateBody(draft), id: template?.id }),
  });
  const save = useSaveTemplate();
  const [subject, html, text] = useWatch({
    control: form.control,
    name: ['subject_template', 'content_html_template', 'content_text_template'],
  });
  const detected = useDetectedVariables({
    subject_template: subject,
    content_html_template: html,
    content_text_template: text,
  });

  /** Asks the server; true when the template may be saved. */
  async function runValidation(draft: TemplateDraft, isSaving: boolean): Promise<boolean> {
    try {
      const result = await validate.mutateAsync(draft);
      setValidation({ status: 'done', result, isSaveBlocked: isSaving && !result.isValid });
      return result.isValid;
    } catch (error) {
      setValidation({
        status: 'failed',
        message: errorMessage(error, 'The validation service could not be reached'),
      });
      return false;
    }
  }

  const submit = form.handleSubmit(
    async (draft) => {
      save.reset();
      if (!(await runValidation(draft, true))) return;
      save.mutate(
        { id: template?.id ?? null, body: toTemplateBody(draft) },
        { onSuccess: (saved) => onSaved(saved, template ? 'updated' : 'created') },
      );
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(tabOfField(first));
    },
  );

  const isBusy = validate.isPending || save.isPending;
  const { isDirty } = form.formState;
  const cancel = () => (isDirty ? setIsAskingToDiscard(true) : onCancel());
  const problemTabs = tabsWithProblems(form.formState.errors);
  const title = template ? 'Edit Template' : 'Create Template';

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <Button variant="ghost" size="sm" onClick={cancel} aria-label="Back to templates">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Templates
          </Button>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
            {template ? `${title}: ${template.name}` : title}
          </h1>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card className="min-w-0 p-5 sm:p-6">
            {save.isError && (
              <Alert tone="error" className="mb-4">
                {errorMessage(save.error, TEMPLATE_MESSAGES.saveFailed)}
              </Alert>
            )}
            {tab !== 'settings' && validation.status !== 'idle' && (
              <div className="mb-4">
                <ValidationSummary state={validation} />
              </div>
            )}
            <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
              <TabsList aria-label="Template editor">
                <TabsTrigger value="content">
                  <TabLabel label="Content" hasProblem={problemTabs.has('content')} />
                </TabsTrigger>
                <TabsTrigger value="variables">
                  <TabLabel label="Variables" hasProblem={problemTabs.has('variables')} />
                </TabsTrigger>
                <TabsTrigger value="settings">
                  <TabLabel label="Settings" hasProblem={problemTabs.has('settings')} />
                </TabsTrigger>
              </TabsList>
              {/* Mounted while hidden, so the code editor keeps its state and every field its value. */}
              <TabsContent value="content" forceMount className="data-[state=inactive]:hidden">
                <ContentTab isDisabled={save.isPending} />
              </TabsContent>
              <TabsContent value="variables" forceMount className="data-[state=inactive]:hidden">
                <VariablesTab detected={detected} isDisabled={save.isPending} />
              </TabsContent>
              <TabsContent value="settings" forceMount className="data-[state=inactive]:hidden">
                <SettingsTab
                  isDisabled={save.isPending}
                  // The verdict shows in one place: here on this tab, above the tabs on the others.
                  validation={tab === 'settings' ? validation : { status: 'idle' }}
                  isValidating={validate.isPending && !save.isPending}
                  onValidate={() => void runValidation(form.getValues(), false)}
                />
              </TabsContent>
            </Tabs>
          </Card>
          <div className="min-w-0">
            <SourcePreviewPane />
          </div>
        </div>
        <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="variables-detected">
            {detected === null ? 'Detecting variables…' : templateVariablesDetected(detected.length)}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={cancel} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isBusy}>
              {!isBusy && <Save className="size-4" aria-hidden="true" />}
              {template ? 'Update Template' : 'Save Template'}
            </Button>
          </div>
        </div>
      </form>
      <DiscardChangesDialog
        open={isAskingToDiscard}
        onKeepEditing={() => setIsAskingToDiscard(false)}
        onDiscard={onCancel}
      />
    </FormProvider>
  );
}
