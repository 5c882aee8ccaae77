import { RESOURCE_MESSAGES } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftPriority,
  emptyNewResource,
  newResourceDraftSchema,
  newResourceError,
  PRIORITY_MESSAGE,
  type NewResourceDraft,
} from './new-resource-draft';

const guide = new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' });

const filledResource = (): NewResourceDraft => ({
  ...emptyNewResource(),
  title: 'Starting school with autism',
  description: 'What the first week looks like',
  files: [guide],
  segmentIds: ['segment-1'],
  primarySegmentId: 'segment-1',
});

describe('the Add New Resource form', () => {
  it('starts general, priority 5, asking for an email, with nothing chosen', () => {
    expect(emptyNewResource()).toEqual({
      title: '',
      description: '',
      category: 'general',
      priority: '5',
      requireEmail: true,
      files: [],
      segmentIds: [],
      primarySegmentId: null,
    });
  });

  it('checks the spec’s four things in its order, then the priority', () => {
    expect(newResourceError(emptyNewResource())).toBe(RESOURCE_MESSAGES.title);
    expect(newResourceError({ ...filledResource(), description: ' ' })).toBe(RESOURCE_MESSAGES.description);
    expect(newResourceError({ ...filledResource(), files: [] })).toBe(RESOURCE_MESSAGES.files);
    expect(newResourceError({ ...filledResource(), segmentIds: [] })).toBe(RESOURCE_MESSAGES.segments);
    expect(newResourceError({ ...filledResource(), priority: '11' })).toBe(PRIORITY_MESSAGE);
    expect(newResourceError(filledResource())).toBeNull();
  });

  it('shows its problem as one message for the whole form', () => {
    const result = newResourceDraftSchema.safeParse({ ...filledResource(), files: [] });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['root'], message: RESOURCE_MESSAGES.files },
    ]);
    expect(newResourceDraftSchema.safeParse(filledResource()).success).toBe(true);
  });

  it('reads the priority as a whole number from 1 to 10', () => {
    expect(draftPriority('7')).toBe(7);
    expect(draftPriority(' 10 ')).toBe(10);
    expect(draftPriority('')).toBeNull();
    expect(draftPriority('0')).toBeNull();
    expect(draftPriority('2.5')).toBeNull();
  });
});
