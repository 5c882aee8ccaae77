import { zodResolver } from '@hookform/resolvers/zod';
import type { Segment } from '@lantern/contracts';
import { FlaskConical } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { errorAt } from '@/lib/form';
import { useCreateSegment } from '../../api/create-segment';
import { useEvaluateRules } from '../../api/evaluate-rules';
import { useUpdateSegment } from '../../api/update-segment';
import { RuleGroupBuilder } from './rule-group-builder';
import { SegmentDetailsFields } from './segment-details-fields';
import {
  draftFromSegment,
  emptyDraft,
  rulesFingerprint,
  toCreateBody,
  toUpdateBody,
  type RuleKind,
  type SegmentDraft,
} from './segment-draft';
import { ruleProblemAt, ruleProblemPath, rulesToTest, segmentDraftSchema } from './segment-draft-checks';
import { TestRulesPanel, type TestRulesState } from './test-rules-panel';

type SegmentEditorDialogProps = {
  open: boolean;
  /** The segment to edit; null to create one. */
  segment: Segment | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (segment: Segment, action: 'created' | 'updated') => void;
};

/** 'Create New Segment' / 'Edit Segment': mounted only while open, so each opening starts afresh. */
export function SegmentEditorDialog({ open, segment, onOpenChange, onSaved }: SegmentEditorDialogProps) {
  return open ? (
    <SegmentEditorForm
      key={segment?.id ?? 'new'}
      segment={segment}
      onClose={() => onOpenChange(false)}
      onSaved={onSaved}
    />
  ) : null;
}

/** Messages sit at the top of a long, scrolled form: bring each into view as it appears. */
const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });

function testFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return 'Network error testing rules';
  return errorMessage(error, 'Failed to test rules');
}

function SegmentEditorForm({
  segment,
  onClose,
  onSaved,
}: {
  segment: Segment | null;
  onClose: () => void;
  onSaved: SegmentEditorDialogProps['onSaved'];
}) {
  const idPrefix = useId();
  const formId = `${idPrefix}-form`;
  const testPanelId = `${idPrefix}-test`;
  const formRef = useRef<HTMLFormElement>(null);
  // The segment as opened: an edit sends only what differs from it.
  const [saved] = useState<SegmentDraft | null>(() => (segment ? draftFromSegment(segment) : null));
  // Problems show from Save (or Test First) until the part they are about is edited; the editor moves
  // focus itself (below), as a problem may sit on a rule row rather than on an input.
  const [resolver] = useState(() => zodResolver(segmentDraftSchema(saved)));
  const form = useForm<SegmentDraft>({
    resolver,
    defaultValues: saved ?? emptyDraft(),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, formState, getValues, setValue, setError, clearErrors } = form;
  const [inclusion, exclusion, isNeverContact] = useWatch({
    control,
    name: ['inclusion', 'exclusion', 'never_contact'],
  });
  const rules = { inclusion, exclusion, never_contact: isNeverContact };
  const [focusRequest, setFocusRequest] = useState(0);
  const [test, setTest] = useState<TestRulesState>({ status: 'idle' });
  const [testedRules, setTestedRules] = useState<string | null>(null);
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const evaluate = useEvaluateRules();
  const save = segment ? update : create;
  const isEditing = segment !== null;

  // After a refused save or test, focus the first control with a problem (the form is long). A save's
  // problems render with its submitCount, a test's with focusRequest.
  const { submitCount } = formState;
  useEffect(() => {
    if (focusRequest === 0 && submitCount === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-error-target="true"]',
    );
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  }, [focusRequest, submitCount]);

  // What Test First found is brought into view: the panel sits at the end of a long form.
  const [revealRequest, setRevealRequest] = useState(0);
  useEffect(() => {
    if (revealRequest === 0) return;
    document.getElementById(testPanelId)?.scrollIntoView({ block: 'nearest' });
  }, [revealRequest, testPanelId]);
  const showTest = (state: TestRulesState) => {
    setTest(state);
    setRevealRequest((n) => n + 1);
  };

  // Never contact forces email_list_ready off (spec 4.1); it also lifts the need for inclusion rules.
  const setNeverContact = (isNeverContact: boolean) => {
    setValue('never_contact', isNeverContact);
    if (isNeverContact) setValue('email_list_ready', false);
    clearErrors('inclusion');
  };

  function submit(draft: SegmentDraft) {
    if (save.isPending) return;
    const onSuccess = (result: Segment) => onSaved(result, isEditing ? 'updated' : 'created');
    if (segment && saved) update.mutate({ id: segment.id, body: toUpdateBody(draft, saved) }, { onSuccess });
    else create.mutate(toCreateBody(draft), { onSuccess });
  }

  function handleTest() {
    const checked = rulesToTest(getValues());
    if ('problem' in checked) {
      const { kind, problem } = checked;
      if (!kind) return showTest({ status: 'problem', message: problem.message });
      // A condition at fault is marked and focused where it is, with the same words in the panel.
      setTest({ status: 'problem', message: problem.message });
      const [, , index] = ruleProblemPath(getValues(kind), kind, problem);
      clearErrors(kind);
      setError(index === undefined ? kind : `${kind}.conditions.${index}`, {
        type: 'custom',
        message: problem.message,
      });
      setFocusRequest((n) => n + 1);
      return;
    }
    const fingerprint = rulesFingerprint(getValues());
    showTest({ status: 'testing' });
    evaluate.mutate(checked.rules, {
      onSuccess: (result) => {
        setTestedRules(fingerprint);
        showTest({ status: 'done', result, isStale: false });
      },
      onError: (error) => showTest({ status: 'failed', message: testFailure(error) }),
    });
  }

  const shownTest: TestRulesState =
    test.status === 'done' ? { ...test, isStale: testedRules !== rulesFingerprint(rules) } : test;
  const problemOf = (kind: RuleKind) =>
    ruleProblemAt(rules[kind], kind, (path) => errorAt(formState.errors, path));
  const ruleGroup = (kind: RuleKind) => (
    <Controller
      control={control}
      name={kind}
      render={({ field }) => (
        <RuleGroupBuilder
          idPrefix={idPrefix}
          kind={kind}
          group={field.value}
          problem={problemOf(kind)}
          onChange={(group) => {
            field.onChange(group);
            // Editing a rule group clears its problem (spec 5.1: for the inclusion rules).
            clearErrors(kind);
          }}
        />
      )}
    />
  );
  const saveError = save.isError
    ? errorMessage(save.error, 'Failed to save segment. Please try again.')
    : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
      title={isEditing ? 'Edit Segment' : 'Create New Segment'}
      description="Choose who belongs in the segment with inclusion and exclusion rules."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={handleTest} isLoading={evaluate.isPending}>
            {!evaluate.isPending && <FlaskConical className="size-4" aria-hidden="true" />}
            Test First
          </Button>
          <Button type="submit" form={formId} isLoading={save.isPending}>
            {save.isPending ? 'Saving...' : isEditing ? 'Update Segment' : 'Create Segment'}
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={form.handleSubmit(submit)} noValidate className="space-y-6">
        {saveError && (
          <div key={saveError} ref={scrollIntoView} className="scroll-mt-5">
            <Alert tone="error">{saveError}</Alert>
          </div>
        )}
        <fieldset disabled={save.isPending} className="min-w-0 space-y-6">
          <section aria-labelledby={`${idPrefix}-details`} className="space-y-4">
            <h3
              id={`${idPrefix}-details`}
              className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
            >
              Segment Details
            </h3>
            <SegmentDetailsFields
              idPrefix={idPrefix}
              form={form}
              nameError={formState.errors.name?.message}
              priorityError={formState.errors.priority?.message}
              onNeverContactChange={setNeverContact}
            />
          </section>
          {ruleGroup('inclusion')}
          {ruleGroup('exclusion')}
        </fieldset>
        <TestRulesPanel id={testPanelId} state={shownTest} />
      </form>
    </Dialog>
  );
}
