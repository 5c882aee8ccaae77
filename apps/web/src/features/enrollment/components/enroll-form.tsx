import { zodResolver } from '@hookform/resolvers/zod';
import { ENROLL_MESSAGES } from '@lantern/contracts';
import { useEffect, useEffectEvent, useId } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorAt } from '@/lib/form';
import { useSubmitLead } from '../api/submit-lead';
import {
  emptyChild,
  emptyEnrollForm,
  enrollFormSchema,
  firstProblemPath,
  toSubmitLeadInput,
  type EnrollFormDraft,
} from '../enroll-draft';
import { ENROLL_SUCCESS_PATH, type EnrollSuccessState } from '../enroll-success-state';
import { getVisitorId } from '../visitor-id';
import { ChildFields } from './child-fields';
import { errorIdOf } from './form-field';
import { FormSection } from './form-section';
import { HoneypotField } from './honeypot-field';
import { ParentFields } from './parent-fields';
import { PlanFields } from './plan-fields';
import { SubmitArea } from './submit-area';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls a field's problem into view and puts the keyboard on the field (or a checklist's first box). */
function revealField(fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  const control = field.matches('input, select, textarea')
    ? field
    : field.querySelector<HTMLElement>('input, select, textarea');
  const message = document.getElementById(errorIdOf(fieldId)) ?? field;
  message.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'center' });
  control?.focus({ preventScroll: true });
}

/** The problem a parent can act on: the spec's alert, and beneath it the server's own 4xx words. */
function serverDetail(error: unknown): string | null {
  const isClientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return isClientError && error.serverMessage ? error.serverMessage : null;
}

/** The public enrolment form: checked in the browser with the server's own rules, then sent. */
export function EnrollForm({ schoolName }: { schoolName: string }) {
  const formId = useId();
  const navigate = useNavigate();
  // Problems show from the first attempt to send on, and then follow every change. The form reveals
  // the first problem itself (below): scrolled to its message, with the keyboard on its control.
  const { control, register, handleSubmit, formState, getValues, trigger } = useForm<EnrollFormDraft>({
    resolver: zodResolver(enrollFormSchema),
    defaultValues: emptyEnrollForm(),
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const children = useFieldArray({ control, name: 'children' });
  const submit = useSubmitLead();
  // Still busy while the thank-you page loads, so a second click cannot send twice.
  const isBusy = submit.isPending || submit.isSuccess;
  const fieldId = (path: string) => `${formId}-${path.replaceAll('.', '-')}`;
  const { errors, isSubmitted, submitCount } = formState;
  const errorOf = (path: string) => errorAt(errors, path);

  // After each refused attempt, once its problems are on the page.
  const revealFirstProblem = useEffectEvent(() => {
    const path = firstProblemPath(getValues());
    if (path) revealField(fieldId(path));
  });
  useEffect(() => {
    if (submitCount > 0) revealFirstProblem();
  }, [submitCount]);

  // A child added or removed after an attempt: its problems (or their absence) show at once.
  const recheckChildren = () => {
    if (isSubmitted) void trigger('children');
  };

  function addChild() {
    const index = children.fields.length;
    flushSync(() => children.append(emptyChild(), { shouldFocus: false }));
    document.getElementById(fieldId(`children.${index}.name`))?.focus();
    recheckChildren();
  }

  function removeChild(index: number) {
    flushSync(() => children.remove(index));
    // The button pressed is gone: the keyboard continues in the child before it.
    document.getElementById(fieldId(`children.${Math.max(0, index - 1)}.name`))?.focus();
    recheckChildren();
  }

  function send(draft: EnrollFormDraft) {
    if (isBusy) return;
    submit.mutate(toSubmitLeadInput(draft, getVisitorId()), {
      onSuccess: ({ recommendedResources }) => {
        const state: EnrollSuccessState = {
          email: draft.email.trim(),
          schoolName,
          resources: recommendedResources,
        };
        void navigate(ENROLL_SUCCESS_PATH, { state });
      },
    });
  }

  return (
    <form
      onSubmit={handleSubmit(send)}
      noValidate
      aria-label="Enrollment form"
      className="relative divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <FormSection
        number={1}
        title="Parent/Guardian Information"
        description="All fields are required unless marked Optional."
      >
        <ParentFields register={register} errorOf={errorOf} fieldId={fieldId} />
      </FormSection>
      <FormSection
        number={2}
        title="Child Information"
        description="Tell us about each child you are enrolling."
      >
        <div className="space-y-4">
          {children.fields.map((child, index) => (
            <ChildFields
              key={child.id}
              index={index}
              control={control}
              register={register}
              canRemove={children.fields.length > 1}
              errorOf={errorOf}
              fieldId={fieldId}
              onRemove={() => removeChild(index)}
            />
          ))}
          <Button variant="secondary" size="lg" className="w-full border-dashed" onClick={addChild}>
            + Add Another Child
          </Button>
        </div>
      </FormSection>
      <FormSection number={3} title="Timeline & Concerns">
        <PlanFields register={register} errorOf={errorOf} fieldId={fieldId} />
      </FormSection>
      <HoneypotField field={register('website')} />
      <SubmitArea
        isBusy={isBusy}
        problem={
          submit.isError
            ? {
                alert: ENROLL_MESSAGES.alert,
                detail: serverDetail(submit.error),
                attempt: submit.submittedAt,
              }
            : null
        }
      />
    </form>
  );
}
