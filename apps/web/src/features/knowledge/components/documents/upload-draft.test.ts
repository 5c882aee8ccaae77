import { KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { emptyUpload, uploadDraftSchema } from './upload-draft';

const handbook = new File(['Handbook'], 'handbook.pdf', { type: 'application/pdf' });

const problemsOf = (draft: unknown) => {
  const result = uploadDraftSchema.safeParse(draft);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Upload Document form', () => {
  it('asks for a file first', () => {
    expect(problemsOf(emptyUpload())).toEqual({ file: KNOWLEDGE_MESSAGES.noFile });
  });

  it('refuses a file of another type, in the contracts’ words', () => {
    const video = new File(['...'], 'tour.mp4', { type: 'video/mp4' });
    expect(problemsOf({ ...emptyUpload(), file: video })).toEqual({ file: KNOWLEDGE_MESSAGES.fileType });
  });

  it('takes a priority from 0 to 10 as typed, and hands the upload a number', () => {
    expect(problemsOf({ ...emptyUpload(), file: handbook, priority: '11' })).toEqual({
      priority: KNOWLEDGE_MESSAGES.priority,
    });
    expect(problemsOf({ ...emptyUpload(), file: handbook, priority: '2.5' })).toEqual({
      priority: KNOWLEDGE_MESSAGES.priority,
    });
    expect(
      uploadDraftSchema.parse({ ...emptyUpload(), file: handbook, category: 'policies', priority: '3' }),
    ).toEqual({ file: handbook, category: 'policies', priority: 3 });
  });
});
