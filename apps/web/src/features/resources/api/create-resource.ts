import type { Resource, ResourceCategory } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshResourceData } from './refresh-resource-data';

export type CreateResourceInput = {
  title: string;
  description: string;
  category: ResourceCategory;
  priority: number;
  requireEmail: boolean;
  /** The first is the primary segment unless `primarySegmentId` names another. */
  segmentIds: string[];
  primarySegmentId: string | null;
  files: File[];
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
};

/** The multipart body: text fields and segment ids first, the files last (the server streams them). */
export function toResourceFormData(input: CreateResourceInput): FormData {
  const form = new FormData();
  form.append('title', input.title.trim());
  form.append('description', input.description.trim());
  form.append('category', input.category);
  form.append('priority', String(input.priority));
  form.append('require_email', input.requireEmail ? 'true' : 'false');
  form.append('metadata', JSON.stringify({ created_by: 'admin', file_count: input.files.length }));
  for (const id of input.segmentIds) form.append('segment_ids', id);
  if (input.primarySegmentId) form.append('primary_segment_id', input.primarySegmentId);
  for (const file of input.files) form.append('files', file, file.name);
  return form;
}

/** POST /api/resources: 201 with the resource; 400 or 413 with the server's reason. */
export async function createResource(input: CreateResourceInput): Promise<Resource> {
  const { resource } = await api.postForm<{ resource: Resource }>(
    '/api/resources',
    toResourceFormData(input),
    {
      signal: input.signal,
      onProgress: input.onProgress,
    },
  );
  return resource;
}

export function useCreateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResource,
    onSuccess: () => refreshResourceData(queryClient),
  });
}
