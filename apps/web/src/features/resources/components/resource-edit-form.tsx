import { zodResolver } from '@hookform/resolvers/zod';
import { RESOURCE_PRIORITY_MAX, RESOURCE_PRIORITY_MIN, type Resource } from '@lantern/contracts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useUpdateResource } from '../api/update-resource';
import { CATEGORY_OPTIONS } from './format';
import {
  resourceEditDraftSchema,
  toResourceEditDraft,
  toResourceUpdate,
  type ResourceEditDraft,
} from './resource-edit-draft';

type ResourceEditFormProps = {
  resource: Resource;
  onSaved: (resource: Resource) => void;
  onCancel: () => void;
};

/** The row in edit mode: title, description, category and priority; Save or Cancel (or Escape). */
export function ResourceEditForm({ resource, onSaved, onCancel }: ResourceEditFormProps) {
  const id = useId();
  const { register, handleSubmit } = useForm<ResourceEditDraft>({
    resolver: zodResolver(resourceEditDraftSchema),
    defaultValues: toResourceEditDraft(resource),
  });
  const update = useUpdateResource();

  function save(draft: ResourceEditDraft) {
    if (update.isPending) return;
    update.mutate({ id: resource.id, body: toResourceUpdate(draft) }, { onSuccess: onSaved });
  }

  return (
    <form
      onSubmit={handleSubmit(save)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !update.isPending) {
          event.preventDefault();
          onCancel();
        }
      }}
      noValidate
      aria-label={`Edit ${resource.title}`}
      className="space-y-4"
    >
      {update.isError && (
        <Alert tone="error">{errorMessage(update.error, 'Failed to update resource')}</Alert>
      )}
      <fieldset disabled={update.isPending} className="min-w-0 space-y-4">
        <TextField label="Title" {...register('title')} maxLength={200} autoComplete="off" autoFocus />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea id={`${id}-description`} rows={3} {...register('description')} maxLength={2000} />
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_8rem]">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <Select id={`${id}-category`} {...register('category')}>
              {CATEGORY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <TextField
            label="Priority"
            type="number"
            inputMode="numeric"
            min={RESOURCE_PRIORITY_MIN}
            max={RESOURCE_PRIORITY_MAX}
            step={1}
            {...register('priority')}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" isLoading={update.isPending}>
          {!update.isPending && <Check className="size-4" aria-hidden="true" />}
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
