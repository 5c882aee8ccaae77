import { ENROLL_MESSAGES, enrollFormErrors } from '@lantern/contracts';
import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSubmitLead } from '../api/submit-lead';
import {
  emptyChild,
  emptyEnrollForm,
  toSubmitLeadInput,
  type ChildDraft,
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
  const [draft, setDraft] = useState<EnrollFormDraft>(emptyEnrollForm);
  // Problems show from the first attempt to send on, and then follow every keystroke.
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const submit = useSubmitLead();
  // Still busy while the thank-you page loads, so a second click cannot send twice.
  const isBusy = submit.isPending || submit.isSuccess;
  const errors = hasTriedSubmit ? enrollFormErrors(draft) : {};
  const fieldId = (path: string) => `${formId}-${path.replaceAll('.', '-')}`;

  const update = (change: Partial<EnrollFormDraft>) => setDraft((prev) => ({ ...prev, ...change }));
  const setChildren = (change: (children: ChildDraft[]) => ChildDraft[]) =>
    flushSync(() => setDraft((prev) => ({ ...prev, children: change(prev.children) })));

  function addChild() {
    setChildren((children) => [...children, emptyChild()]);
    document.getElementById(fieldId(`children.${draft.children.length}.name`))?.focus();
  }

  function removeChild(index: number) {
    setChildren((children) => children.filter((_, i) => i !== index));
    // The button pressed is gone: the keyboard continues in the child before it.
    document.getElementById(fieldId(`children.${Math.max(0, index - 1)}.name`))?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const [firstProblem] = Object.keys(enrollFormErrors(draft));
    flushSync(() => setHasTriedSubmit(true));
    if (firstProblem) {
      revealField(fieldId(firstProblem));
      return;
    }
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
      onSubmit={handleSubmit}
      noValidate
      aria-label="Enrollment form"
      className="relative divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <FormSection
        number={1}
        title="Parent/Guardian Information"
        description="All fields are required unless marked Optional."
      >
        <ParentFields draft={draft} errors={errors} fieldId={fieldId} onChange={update} />
      </FormSection>
      <FormSection
        number={2}
        title="Child Information"
        description="Tell us about each child you are enrolling."
      >
        <div className="space-y-4">
          {draft.children.map((child, index) => (
            <ChildFields
              key={child.key}
              child={child}
              index={index}
              canRemove={draft.children.length > 1}
              errors={errors}
              fieldId={fieldId}
              onChange={(change) =>
                setDraft((prev) => ({
                  ...prev,
                  children: prev.children.map((c) => (c.key === child.key ? { ...c, ...change } : c)),
                }))
              }
              onRemove={() => removeChild(index)}
            />
          ))}
          <Button variant="secondary" size="lg" className="w-full border-dashed" onClick={addChild}>
            + Add Another Child
          </Button>
        </div>
      </FormSection>
      <FormSection number={3} title="Timeline & Concerns">
        <PlanFields draft={draft} errors={errors} fieldId={fieldId} onChange={update} />
      </FormSection>
      <HoneypotField value={draft.website} onChange={(website) => update({ website })} />
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
