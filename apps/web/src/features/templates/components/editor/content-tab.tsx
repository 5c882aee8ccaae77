import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS } from '@lantern/contracts';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorAt } from '@/lib/form';
import { HtmlCodeEditor } from '@/components/ui/html-code-editor';
import type { TemplateDraft } from './template-draft';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700">
      {message}
    </p>
  );
}

const placeholderHint = (
  <>
    Placeholders: <code className="rounded bg-slate-100 px-1">{'{{ child_name }}'}</code> or{' '}
    <code className="rounded bg-slate-100 px-1">{'{$child_name}'}</code>. Values are escaped in HTML.
  </>
);

/** Name, description, category, subject, HTML (in the code editor) and plain text. */
export function ContentTab({ isDisabled }: { isDisabled: boolean }) {
  const { register, control, formState } = useFormContext<TemplateDraft>();
  const { errors } = formState;
  const ids = { description: useId(), category: useId(), html: useId(), text: useId() };
  const htmlError = errorAt(errors, 'content_html_template');
  const categoryError = errorAt(errors, 'category');
  return (
    <fieldset disabled={isDisabled} className="space-y-5">
      <TextField
        label="Template name"
        {...register('name')}
        error={errorAt(errors, 'name')}
        autoComplete="off"
      />
      <div className="space-y-1.5">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea id={ids.description} rows={2} {...register('description')} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.category}>Category</Label>
        <Select
          id={ids.category}
          {...register('category')}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={categoryError ? `${ids.category}-error` : undefined}
          className="max-w-xs"
        >
          {TEMPLATE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {TEMPLATE_CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
        <FieldError id={`${ids.category}-error`} message={categoryError} />
      </div>
      <TextField
        label="Subject template"
        {...register('subject_template')}
        error={errorAt(errors, 'subject_template')}
        hint="Placeholders work here too; the subject is sent as plain text."
        autoComplete="off"
      />
      <div className="space-y-1.5">
        {/* Not a <label>: the code editor is no form control; it carries its own name. */}
        <p className="text-sm font-medium text-slate-800">HTML template</p>
        <p id={`${ids.html}-hint`} className="text-xs text-slate-600">
          {placeholderHint}
        </p>
        <Controller
          control={control}
          name="content_html_template"
          render={({ field }) => (
            <HtmlCodeEditor
              value={field.value}
              onChange={field.onChange}
              label="HTML template"
              describedBy={[`${ids.html}-hint`, htmlError ? `${ids.html}-error` : '']
                .filter(Boolean)
                .join(' ')}
              isInvalid={Boolean(htmlError)}
              isDisabled={isDisabled}
            />
          )}
        />
        <FieldError id={`${ids.html}-error`} message={htmlError} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.text}>Plain text template</Label>
        <p id={`${ids.text}-hint`} className="text-xs text-slate-600">
          Optional: left empty, the plain text is generated from the HTML.
        </p>
        <Textarea
          id={ids.text}
          rows={6}
          className="font-mono text-[13px]"
          aria-describedby={`${ids.text}-hint`}
          {...register('content_text_template')}
        />
        <FieldError id={`${ids.text}-error`} message={errorAt(errors, 'content_text_template')} />
      </div>
    </fieldset>
  );
}
