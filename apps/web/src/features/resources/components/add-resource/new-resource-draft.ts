import {
  RESOURCE_CATEGORIES,
  RESOURCE_DEFAULT_PRIORITY,
  RESOURCE_PRIORITY_MAX,
  RESOURCE_PRIORITY_MIN,
  resourceFormError,
} from '@lantern/contracts';
import { z } from 'zod';

/** The 'Add New Resource' form as typed (priority as its text, so a cleared field stays cleared). */
const newResourceFields = z.object({
  title: z.string(),
  description: z.string(),
  category: z.enum(RESOURCE_CATEGORIES),
  priority: z.string(),
  requireEmail: z.boolean(),
  files: z.array(z.custom<File>()),
  /** In the order they were chosen. */
  segmentIds: z.array(z.string()),
  primarySegmentId: z.string().nullable(),
});
export type NewResourceDraft = z.infer<typeof newResourceFields>;

export const emptyNewResource = (): NewResourceDraft => ({
  title: '',
  description: '',
  category: 'general',
  priority: String(RESOURCE_DEFAULT_PRIORITY),
  requireEmail: true,
  files: [],
  segmentIds: [],
  primarySegmentId: null,
});

export const PRIORITY_MESSAGE = `Priority must be from ${RESOURCE_PRIORITY_MIN} to ${RESOURCE_PRIORITY_MAX}`;

/** A whole number from 1 to 10, or null. */
export function draftPriority(text: string): number | null {
  const value = Number(text);
  const isValid = text.trim() !== '' && Number.isInteger(value);
  return isValid && value >= RESOURCE_PRIORITY_MIN && value <= RESOURCE_PRIORITY_MAX ? value : null;
}

/**
 * The form's first problem: the spec's four checks in its order, then the priority (checked here
 * too, because the server would refuse it only once the files are on their way).
 */
export function newResourceError(draft: NewResourceDraft): string | null {
  return (
    resourceFormError({
      title: draft.title,
      description: draft.description,
      fileCount: draft.files.length,
      segmentIds: draft.segmentIds,
    }) ?? (draftPriority(draft.priority) === null ? PRIORITY_MESSAGE : null)
  );
}

/**
 * The form's schema: the spec shows its first problem as one message at the top of the form, so the
 * problem goes on `root` (react-hook-form's place for a problem of the whole form).
 */
export const newResourceDraftSchema = newResourceFields.superRefine((draft, ctx) => {
  const problem = newResourceError(draft);
  if (problem) ctx.addIssue({ code: 'custom', path: ['root'], message: problem });
});
