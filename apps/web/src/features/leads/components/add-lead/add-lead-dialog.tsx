import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead } from '@lantern/contracts';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useCreateLead } from '../../api/create-lead';
import { ChildFields } from './child-fields';
import { ParentFields } from './parent-fields';
import {
  emptyChild,
  emptyNewLead,
  newLeadDraftSchema,
  toCreateLeadBody,
  type NewLeadDraft,
} from './new-lead-draft';

// Spec: after success the green message shows, then the success callback runs after 1.5 s.
const SUCCESS_DELAY_MS = 1500;

export const createdMessage = (lead: Lead) => `Lead "${lead.parent_name}" created successfully!`;

/** Messages sit at the top of a long, scrolled form: bring each into view as it appears. */
const scrollIntoView = (element: HTMLElement | null) => element?.scrollIntoView({ block: 'nearest' });

type AddLeadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (lead: Lead) => void;
};

/** 'Add New Lead': mounted only while open, so every opening starts from an empty form. */
export function AddLeadDialog({ open, onOpenChange, onCreated }: AddLeadDialogProps) {
  return open ? <AddLeadForm onClose={() => onOpenChange(false)} onCreated={onCreated} /> : null;
}

function AddLeadForm({ onClose, onCreated }: { onClose: () => void; onCreated: (lead: Lead) => void }) {
  const id = useId();
  // The spec's one message shows at the top until the next attempt; the keyboard stays where it was.
  const form = useForm<NewLeadDraft>({
    resolver: zodResolver(newLeadDraftSchema),
    defaultValues: emptyNewLead(),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const children = useFieldArray({ control: form.control, name: 'children' });
  const [created, setCreated] = useState<Lead | null>(null);
  const create = useCreateLead();
  const isBusy = create.isPending || created !== null;

  // The page re-renders while its list refreshes; the pause must not restart each time.
  const finish = useEffectEvent((lead: Lead) => onCreated(lead));
  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => finish(created), SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created]);

  function submit(draft: NewLeadDraft) {
    if (isBusy) return;
    create.mutate(toCreateLeadBody(draft), { onSuccess: ({ lead }) => setCreated(lead) });
  }

  function handleOpenChange(open: boolean) {
    if (open || create.isPending) return;
    // Closed during the success pause: finish now rather than lose the page's banner.
    if (created) onCreated(created);
    else onClose();
  }

  const shownError =
    form.formState.errors.root?.message ??
    (create.isError ? errorMessage(create.error, 'Failed to create lead') : null);
  const field = (name: string) => `${id}-${name}`;

  return (
    <Dialog
      open
      onOpenChange={handleOpenChange}
      title="Add New Lead"
      description="Manually create a new lead with multiple children support"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={field('form')} isLoading={create.isPending} disabled={created !== null}>
            {create.isPending ? 'Creating...' : 'Create Lead'}
          </Button>
        </>
      }
    >
      <form id={field('form')} onSubmit={form.handleSubmit(submit)} noValidate className="space-y-6">
        {shownError && (
          <div key={shownError} ref={scrollIntoView} className="scroll-mt-5">
            <Alert tone="error">{shownError}</Alert>
          </div>
        )}
        {created && (
          <div ref={scrollIntoView} className="scroll-mt-5">
            <Alert tone="success">{createdMessage(created)}</Alert>
          </div>
        )}
        <fieldset disabled={isBusy} className="space-y-6">
          <section aria-labelledby={field('parent')} className="space-y-4">
            <h3 id={field('parent')} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
              Parent Information
            </h3>
            <ParentFields register={form.register} />
          </section>
          <section aria-labelledby={field('children')} className="space-y-4">
            <h3
              id={field('children')}
              className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
            >
              Children
            </h3>
            {children.fields.map((child, index) => (
              <ChildFields
                key={child.id}
                index={index}
                control={form.control}
                register={form.register}
                canRemove={children.fields.length > 1}
                disabled={isBusy}
                onRemove={() => children.remove(index)}
              />
            ))}
            <Button variant="secondary" onClick={() => children.append(emptyChild(), { shouldFocus: false })}>
              + Add Another Child
            </Button>
          </section>
        </fieldset>
      </form>
    </Dialog>
  );
}
