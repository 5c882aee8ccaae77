import type { KnowledgeCategory, KnowledgeUploadResponse } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshKnowledgeData } from './refresh-knowledge-data';

export type UploadDocumentInput = {
  file: File;
  category: KnowledgeCategory;
  priority: number;
  onProgress?: (fraction: number) => void;
};

/**
 * POST /api/knowledge/upload (multipart: category, priority, then the file as `document`). Small files
 * answer with their counts; a larger one answers status 'processing' and the list is polled.
 */
export function uploadDocument(input: UploadDocumentInput): Promise<KnowledgeUploadResponse> {
  const form = new FormData();
  form.append('category', input.category);
  form.append('priority', String(input.priority));
  form.append('document', input.file, input.file.name);
  return api.postForm<KnowledgeUploadResponse>('/api/knowledge/upload', form, {
    onProgress: input.onProgress,
  });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    // A failed parse is listed too (with its reason), so the list is refreshed either way.
    onSettled: () => refreshKnowledgeData(queryClient),
  });
}
