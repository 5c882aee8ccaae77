import type { Resource, ResourceCategory, ResourceUpdateInput } from '@lantern/contracts';
import { z } from 'zod';

/**
 * A resource row's edit form as typed. Its schema checks the shape only: the server checks the
 * values and its answer shows above the fields.
 */
export const resourceEditDraftSchema = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string(),
  priority: z.string(),
});
export type ResourceEditDraft = z.infer<typeof resourceEditDraftSchema>;

export const toResourceEditDraft = (resource: Resource): ResourceEditDraft => ({
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

export const toResourceUpdate = (draft: ResourceEditDraft): ResourceUpdateInput => ({
  title: draft.title,
  description: draft.description,
  category: draft.category as ResourceCategory,
  priority: priorityFromInput(draft.priority),
});
