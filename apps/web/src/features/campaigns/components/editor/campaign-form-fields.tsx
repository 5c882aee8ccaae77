import { CAMPAIGN_EDITOR_VARIABLES, CAMPAIGN_SUBJECT_MAX } from '@lantern/contracts';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { HtmlCodeEditor } from '@/components/ui/html-code-editor';
import { Label, TextField } from '@/components/ui/input';
import { errorAt } from '@/lib/form';
import type { CampaignDraft } from './campaign-draft';

/** The variables of 2.7, each shown as the placeholder to type. */
export function VariablesList() {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">Available variables</p>
      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Available variables">
        {CAMPAIGN_EDITOR_VARIABLES.map((key) => (
          <li key={key}>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{`{{${key}}}`}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Name, subject (200 at most, with a counter) and the HTML in the code editor. */
export function CampaignFormFields({ isDisabled }: { isDisabled: boolean }) {
  const { register, control, formState } = useFormContext<CampaignDraft>();
  const { errors } = formState;
  const subject = useWatch({ control, name: 'subject' });
  const htmlId = useId();
  const htmlError = errorAt(errors, 'content_html');
  return (
    <fieldset disabled={isDisabled} className="space-y-4">
      <TextField
        label="Campaign name *"
        {...register('name')}
        error={errorAt(errors, 'name')}
        autoComplete="off"
      />
      <TextField
        label="Subject line *"
        {...register('subject')}
        error={errorAt(errors, 'subject')}
        hint={`${subject.length}/${CAMPAIGN_SUBJECT_MAX} characters`}
        autoComplete="off"
      />
      <div className="space-y-1.5">
        <Label id={`${htmlId}-label`}>HTML content *</Label>
        <Controller
          control={control}
          name="content_html"
          render={({ field }) => (
            <HtmlCodeEditor
              value={field.value}
              onChange={field.onChange}
              label="HTML content"
              isInvalid={!!htmlError}
              describedBy={htmlError ? `${htmlId}-error` : `${htmlId}-hint`}
              isDisabled={isDisabled}
              minHeight="260px"
            />
          )}
        />
        {htmlError ? (
          <p id={`${htmlId}-error`} className="text-xs font-medium text-red-700">
            {htmlError}
          </p>
        ) : (
          <p id={`${htmlId}-hint`} className="text-xs text-slate-600">
            The plain-text version is derived from the HTML when you save.
          </p>
        )}
      </div>
      <VariablesList />
    </fieldset>
  );
}
