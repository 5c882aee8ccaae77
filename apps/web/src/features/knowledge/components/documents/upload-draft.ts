import {
  KNOWLEDGE_DEFAULT_PRIORITY,
  KNOWLEDGE_MESSAGES,
  knowledgeUploadError,
  knowledgeUploadFieldsSchema,
} from '@lantern/contracts';
import { z } from 'zod';

/** The file as the browser checks it (type, size: spec 5), in the contracts' words. */
const documentFile = z.custom<File | null>().transform((file, ctx) => {
  const problem = knowledgeUploadError(file);
  if (problem || !file) {
    ctx.addIssue({ code: 'custom', message: problem ?? KNOWLEDGE_MESSAGES.noFile });
    return z.NEVER;
  }
  return file;
});

/**
 * 'Upload Document': the server's own checks of the category and priority (knowledgeUploadFieldsSchema),
 * and the file's. The form holds the priority as typed; the schema hands the upload a number.
 */
export const uploadDraftSchema = knowledgeUploadFieldsSchema.extend({ file: documentFile });
export type UploadDraft = z.input<typeof uploadDraftSchema>;
export type UploadFields = z.output<typeof uploadDraftSchema>;

export const emptyUpload = (): UploadDraft => ({
  file: null,
  category: 'general',
  priority: String(KNOWLEDGE_DEFAULT_PRIORITY),
});
