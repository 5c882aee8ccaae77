import {
  RESOURCE_PRIORITY_MAX,
  RESOURCE_PRIORITY_MIN,
  type Resource,
  type ResourceCategory,
} from '@lantern/contracts';
import { Check } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useUpdateResource } from '../api/update-resource';
import { CATEGORY_OPTIONS } from './format';

type EditDraft = { title: string; description: string; category: string; priority: string };

const draftOf = (resource: Resource): EditDraft => ({
  title: resource.title,
  description: resource.description,
  category: resource.category,
  priority: String(resource.priority),
});

/** Spec: a non-numeric priority becomes 0 (which the server then refuses, with its reason). */
export const priorityFromInput = (value: string) => {
  const priority = Number.parseInt(value, 10);
  return Number.isNaN(priority) ? 0 : priority;
};

type ResourceEditFormProps = {
  resource: Resource;
  onSaved: (resource: Resource) => void;
  onCancel: () => void;
};

/** The row in edit mode: title, description, category and priority; Save or Cancel (or Escape). */
export function ResourceEditForm({ resource, onSaved, onCancel }: ResourceEditFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<EditDraft>(() => draftOf(resource));
  const update = useUpdateResource();
  const set = (name: keyof EditDraft, value: string) => setDraft((prev) => ({ ...prev, [name]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      {
        id: resource.id,
        body: {
          title: draft.title,
          description: draft.description,
          category: draft.category as ResourceCategory,
          priority: priorityFromInput(draft.priority),
        },
      },
      { onSuccess: onSaved },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
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
        <TextField
          label="Title"
          value={draft.title}
          onChange={(event) => set('title', event.target.value)}
          maxLength={200}
          autoComplete="off"
          autoFocus
        />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            rows={3}
            value={draft.description}
            onChange={(event) => set('description', event.target.value)}
            maxLength={2000}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,16rem)_8rem]">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <Select
              id={`${id}-category`}
              value={draft.category}
              onChange={(event) => set('category', event.target.value)}
            >
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
            value={draft.priority}
            onChange={(event) => set('priority', event.target.value)}
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
